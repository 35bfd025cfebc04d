import Foundation
import State
import StateTestSupport
import Testing

/// The real `state` binary saving XML, JSON and binary files while it is killed, interrupted
/// or raced by another writer. After every fault the file is the original or the complete new
/// version; a signal the process can catch leaves no temporary file; one kill -9 can, and the
/// next save of that file removes it; a write by another program is never silently lost.
@Suite(.serialized, .slow, .tags(.faults)) struct FaultInjectionTests {
    static let formats = ["xml", "json", "binary"]

    /// A file of a few megabytes in `format`, with the keys `S` (which `state` edits) and `W`
    /// (which the other writer edits), in a fresh folder.
    struct Subject {
        let folder: URL
        let file: URL
        let original: [UInt8]
        /// The file after `state set FILE S new`.
        let ours: [UInt8]
        /// The file after another program set `W` (and only `W`).
        let theirs: [UInt8]
        /// The file after both edits, whichever came first.
        let both: Set<[UInt8]>
        /// How long one `state set` of it takes.
        let duration: Double

        init(_ format: String) throws {
            folder = try Fixtures.temporaryFolder()
            let items = (0..<8_000).map { #"{"name": "item \#($0)", "value": \#($0), "tags": ["a", "b"]}"# }
            let json = folder.appendingPathComponent("source.json")
            try Data(#"{"S": "old", "W": "old", "items": [\#(items.joined(separator: ", "))]}"#.utf8).write(to: json)
            file = folder.appendingPathComponent(format == "json" ? "subject.json" : "subject.plist")
            try FaultInjectionTests.state(["convert", json.path, "--to", format, "-o", file.path])
            try FileManager.default.removeItem(at: json)
            original = try FileBytes.read(file)
            let started = Date()
            try FaultInjectionTests.state(["set", file.path, "S", "new"])
            duration = Date().timeIntervalSince(started)
            ours = try FileBytes.read(file)
            try FaultInjectionTests.state(["set", file.path, "W", "new"])
            let oursThenTheirs = try FileBytes.read(file)
            try Data(original).write(to: file)
            try FaultInjectionTests.state(["set", file.path, "W", "new"])
            theirs = try FileBytes.read(file)
            try FaultInjectionTests.state(["set", file.path, "S", "new"])
            both = [oursThenTheirs, try FileBytes.read(file)]
            try Data(original).write(to: file)
        }

        /// Puts the original back (with a plain write: the tests judge `state`'s saves only).
        func restore() throws {
            try Data(original).write(to: file)
        }

        var temporaryFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".\(file.lastPathComponent).state-") }
        }
    }

    @discardableResult
    static func state(_ arguments: [String]) throws -> ProcessResult {
        let result = try ProcessRunner.run(Fixtures.stateExecutable, arguments)
        try #require(result.status == 0, "state \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// Starts `state` without waiting for it; `pause` holds each save between writing its
    /// temporary file and renaming it (`STATE_SAVE_PAUSE_MS`), so a fault lands in that window.
    static func launch(_ arguments: [String], pause milliseconds: Int = 0) throws -> Process {
        let process = Process()
        process.executableURL = Fixtures.stateExecutable
        process.arguments = arguments
        if milliseconds > 0 {
            process.environment = ProcessInfo.processInfo.environment.merging(["STATE_SAVE_PAUSE_MS": String(milliseconds)]) { $1 }
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `process` has made its temporary file beside `target` (named with its
    /// process id: earlier runs' leftovers do not count); false if it ended first.
    @discardableResult
    static func waitForTemporaryFile(of process: Process, beside target: URL) -> Bool {
        let prefix = ".\(target.lastPathComponent).state-\(process.processIdentifier)-"
        let folder = target.deletingLastPathComponent().path
        while process.isRunning {
            if ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: { $0.hasPrefix(prefix) }) { return true }
            usleep(300)
        }
        return false
    }

    /// kill -9 at random moments of `set` (in place) and `convert -o` (onto an existing
    /// output): the file is always whole, old or new, and the next save removes what the
    /// killed runs left.
    @Test(arguments: formats) func killNineNeverTearsAFile(format: String) throws {
        var random = SeededGenerator.fromEnvironment()
        let subject = try Subject(format)
        let output = subject.folder.appendingPathComponent("converted.json")
        try Self.state(["convert", subject.file.path, "--to", "json", "-o", output.path])
        let converted = try FileBytes.read(output)
        var outcomes = (original: 0, new: 0, torn: 0)
        var leftovers: Set<String> = []
        let kills = 16
        for round in 0..<kills {
            let converting = round % 3 == 2
            let target = converting ? output : subject.file
            let arguments = converting ? ["convert", subject.file.path, "--to", "json", "-o", output.path] : ["set", subject.file.path, "S", "new"]
            if round % 2 == 0 {
                // Most of a run is reading and parsing: aim at its second half, where the save is.
                let process = try Self.launch(arguments)
                Thread.sleep(forTimeInterval: Double.random(in: 0.4...1.1, using: &random) * subject.duration)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            } else {
                // Inside the save, with its temporary file on disk.
                let process = try Self.launch(arguments, pause: 300)
                Self.waitForTemporaryFile(of: process, beside: target)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            leftovers.formUnion(subject.temporaryFiles)
            leftovers.formUnion(((try? FileManager.default.contentsOfDirectory(atPath: subject.folder.path)) ?? []).filter { $0.hasPrefix(".converted.json.state-") })
            let bytes = try FileBytes.read(target)
            if converting {
                // The previous conversion of the same source: the same bytes either way.
                if bytes == converted { outcomes.new += 1 } else { outcomes.torn += 1 }
            } else if bytes == subject.original {
                outcomes.original += 1
            } else if bytes == subject.ours {
                outcomes.new += 1
                try subject.restore()
            } else {
                outcomes.torn += 1
                try subject.restore()
            }
        }
        #expect(outcomes.torn == 0)
        #expect(!leftovers.isEmpty, "kills inside the save leave temporary files for the next save to remove")
        // The next save of each file clears what the killed runs left beside it.
        try Self.state(["set", subject.file.path, "S", "after"])
        try Self.state(["convert", subject.file.path, "--to", "json", "-o", output.path])
        let remaining = ((try? FileManager.default.contentsOfDirectory(atPath: subject.folder.path)) ?? []).filter { $0.contains(".state-") }
        #expect(remaining.isEmpty, "\(remaining)")
        print(
            "kill -9 \(format): \(kills) kills, \(outcomes.original) original, \(outcomes.new) complete new, \(outcomes.torn) torn; \(leftovers.count) temporary files left by kills, \(remaining.count) after the next saves"
        )
    }

    /// SIGTERM, SIGHUP and SIGINT arriving while the temporary file is being written: the
    /// process ends by that signal, the file is whole, and the temporary file is gone.
    @Test(arguments: formats) func caughtSignalsRemoveTheTemporaryFile(format: String) throws {
        let subject = try Subject(format)
        var caught = 0
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGTERM, SIGHUP, SIGINT] {
            let process = try Self.launch(["set", subject.file.path, "S", "new"], pause: 400)
            // Signal the process once its temporary file exists: the save is paused between
            // writing it and renaming it. (Not SIGSTOP: Foundation's Process takes a stopped
            // child for an ended one.)
            let sent = Self.waitForTemporaryFile(of: process, beside: subject.file)
            if sent { kill(process.processIdentifier, signal) }
            process.waitUntilExit()
            let bytes = try FileBytes.read(subject.file)
            if sent && bytes == subject.original {
                caught += 1
                #expect(
                    process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                    "signal \(signal): \(process.terminationReason.rawValue) \(process.terminationStatus)")
            }
            #expect(subject.temporaryFiles.isEmpty, "signal \(signal): \(subject.temporaryFiles)")
            #expect(bytes == subject.original || bytes == subject.ours)
            try subject.restore()
        }
        #expect(caught == 6, "the signal came while saving in \(caught) of 6 runs")
        print("signals \(format): \(caught) of 6 runs signalled while writing, 0 temporary files left")
    }

    /// Another program replaces the file (write and rename, no lock) at a random moment of a
    /// `state set`: state either read its version, or refuses with "changed on disk", or saved
    /// before it — the other program's edit is never silently overwritten.
    @Test(arguments: formats) func anotherWritersEditIsNeverLost(format: String) throws {
        var random = SeededGenerator.fromEnvironment()
        let subject = try Subject(format)
        var outcomes = (refused: 0, readTheirs: 0, savedBefore: 0, lost: 0)
        let rounds = 16
        for round in 0..<rounds {
            let process: Process
            if round % 2 == 0 {
                process = try Self.launch(["set", subject.file.path, "S", "new"])
                Thread.sleep(forTimeInterval: Double.random(in: 0.3...1.1, using: &random) * subject.duration)
            } else {
                // Where every lost write of the old implementation happened: after state's
                // check, while it wrote its temporary file, before the rename.
                process = try Self.launch(["set", subject.file.path, "S", "new"], pause: 300)
                Self.waitForTemporaryFile(of: process, beside: subject.file)
            }
            try Data(subject.theirs).write(to: subject.file, options: .atomic)
            process.waitUntilExit()
            let bytes = try FileBytes.read(subject.file)
            if bytes == subject.theirs {
                if process.terminationStatus == 0 { outcomes.savedBefore += 1 } else { outcomes.refused += 1 }
            } else if subject.both.contains(bytes) {
                outcomes.readTheirs += 1
            } else {
                outcomes.lost += 1
            }
            try subject.restore()
        }
        #expect(outcomes.lost == 0)
        print(
            "concurrent writer \(format): \(rounds) races, \(outcomes.refused) refused as changed on disk, \(outcomes.readTheirs) read the other version, \(outcomes.savedBefore) saved before it, \(outcomes.lost) lost"
        )
    }

    /// Two `state set` processes editing different keys of one file at once (the advisory
    /// lock orders their check-and-rename): both edits land, or one is refused — never one
    /// silently dropped.
    @Test func twoStateProcessesNeverDropAnEdit() throws {
        let subject = try Subject("xml")
        var refused = 0
        for _ in 0..<8 {
            let first = try Self.launch(["set", subject.file.path, "S", "new"])
            let second = try Self.launch(["set", subject.file.path, "W", "new"])
            first.waitUntilExit()
            second.waitUntilExit()
            let bytes = try FileBytes.read(subject.file)
            switch (first.terminationStatus, second.terminationStatus) {
            case (0, 0): #expect(subject.both.contains(bytes), "both saved: both edits must be there")
            case (0, _): #expect(bytes == subject.ours)
            case (_, 0): #expect(bytes == subject.theirs)
            default: Issue.record("neither saved")
            }
            if first.terminationStatus != 0 || second.terminationStatus != 0 { refused += 1 }
            try subject.restore()
        }
        print("two state processes: 8 races, \(refused) refused as changed on disk, 0 dropped")
    }

    /// Inputs that are not files: a device that never ends, a FIFO with a writer, a stream.
    @Test func devicesAndFIFOsAreReadWithinBounds() throws {
        let zero = try ProcessRunner.run(Fixtures.stateExecutable, ["print", "/dev/zero"])
        #expect(zero.status != 0)
        #expect(zero.stderr.contains("/dev/zero") && zero.stderr.contains("not a property list or JSON file"))
        let folder = try Fixtures.temporaryFolder()
        let fifo = folder.appendingPathComponent("fifo.json")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.5)
            if let handle = FileHandle(forWritingAtPath: fifo.path) {
                handle.write(Data(#"{"from": "a pipe"}"#.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let piped = try ProcessRunner.run(Fixtures.stateExecutable, ["get", fifo.path, "from"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutText == "a pipe\n")
    }
}
