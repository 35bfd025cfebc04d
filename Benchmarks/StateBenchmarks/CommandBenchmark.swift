import Foundation

/// The `state` binary as users run it — `print`, `print | head -1`, `convert`, `set` — timed as
/// whole processes against the tools people use for the same job in the same run: jq and
/// Python's `json` for printing, Python's `plistlib` for converting, and for `set` the least
/// any durable save does (read the file, write it, fsync).
///
/// Each command runs under `/usr/bin/time` (its own small process), which reports the command's
/// peak memory: `ru_maxrss` read by this large process would include its own.
enum CommandBenchmark {
    struct Result {
        var seconds: Double
        /// Peak resident memory in bytes, when `/usr/bin/time` could say.
        var peakBytes: Int?
    }

    /// The `state` built beside this benchmark (same configuration).
    static var stateExecutable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("state")
    }

    static func available(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// Runs `command` (a shell command line, output discarded unless it redirects) `repeats`
    /// times; the fastest run.
    static func run(_ command: String, repeats: Int) -> Result? {
        var best: Result?
        for _ in 0..<repeats {
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("state-bench-time-\(getpid())")
            defer { try? FileManager.default.removeItem(at: report) }
            let process = Process()
            let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
            #if os(Linux)
                let timeArguments = ["-f", "%e %M", "-o", report.path]
            #else
                let timeArguments = ["-l", "-o", report.path]
            #endif
            process.executableURL = URL(fileURLWithPath: timed ? "/usr/bin/time" : "/bin/sh")
            process.arguments = (timed ? timeArguments + ["/bin/sh"] : []) + ["-c", command]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Measurement.now()
            do { try process.run() } catch { return nil }
            process.waitUntilExit()
            var seconds = Measurement.now() - start
            guard process.terminationStatus == 0 else { return nil }
            var peak: Int?
            if timed, let text = try? String(contentsOf: report, encoding: .utf8) {
                #if os(Linux)
                    let fields = text.split(whereSeparator: \.isWhitespace)
                    peak = fields.last.flatMap { Int($0) }.map { $0 * 1024 }
                    // The command's own elapsed time (to 10 ms): Foundation's `Process` takes
                    // tens of milliseconds of its own to start a child and see it end.
                    if let elapsed = fields.first.flatMap({ Double($0) }), elapsed > 0 { seconds = min(seconds, elapsed) }
                #else
                    peak = text.split(separator: "\n").first { $0.contains("maximum resident set size") }?.split(separator: " ").first.flatMap { Int($0) }
                #endif
            }
            if best == nil || seconds < best!.seconds { best = Result(seconds: seconds, peakBytes: peak) }
        }
        return best
    }

    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The rows for one file: `(label, ours, peer name, peer)`.
    static func rows(for file: URL, format: String, output: URL, repeats: Int) -> [(String, Result?, String, Result?)] {
        let state = quoted(stateExecutable.path)
        let path = quoted(file.path)
        let out = quoted(output.path)
        var rows: [(String, Result?, String, Result?)] = []
        let jq = format == "json" && available("jq") ? run("jq . \(path) > /dev/null", repeats: repeats) : nil
        let pythonPrint =
            format == "json"
            ? run("python3 -c 'import json,sys; json.dump(json.load(open(sys.argv[1])), sys.stdout, indent=2)' \(path) > /dev/null", repeats: repeats)
            : run("python3 -c 'import plistlib,sys,pprint; pprint.pprint(plistlib.load(open(sys.argv[1],\"rb\")))' \(path) > /dev/null", repeats: repeats)
        let printPeer = jq.map { ("jq .", $0) } ?? ("python", pythonPrint)
        rows.append(("print > /dev/null", run("\(state) print \(path) > /dev/null", repeats: repeats), printPeer.0, printPeer.1))
        rows.append(("print | head -1", run("\(state) print \(path) | head -1 > /dev/null", repeats: repeats), "", nil))
        for target in ["xml", "json", "binary"] where target != format {
            let plistlibFormat = target == "binary" ? "FMT_BINARY" : "FMT_XML"
            let load = format == "json" ? "json.load(open(sys.argv[1]))" : "plistlib.load(open(sys.argv[1],\"rb\"))"
            let dump =
                target == "json"
                ? "json.dump(v, open(sys.argv[2],\"w\"), indent=2, default=str)"
                : "plistlib.dump(v, open(sys.argv[2],\"wb\"), fmt=plistlib.\(plistlibFormat))"
            let python = run("python3 -c 'import json,plistlib,sys; v=\(load); \(dump)' \(path) \(out)", repeats: repeats)
            rows.append(("convert --to \(target)", run("\(state) convert \(path) --to \(target) -o \(out) 2>/dev/null", repeats: repeats), "plistlib", python))
        }
        // `set` on a copy, a new value each run (the shell's pid), saved atomically with
        // fsync; against reading the file and writing it durably, which any save must do.
        try? FileManager.default.removeItem(at: output)
        if (try? FileManager.default.copyItem(at: file, to: output)) != nil {
            let durableCopy = run(
                "python3 -c 'import os,sys; d=open(sys.argv[1],\"rb\").read(); f=open(sys.argv[2],\"wb\"); f.write(d); f.flush(); os.fsync(f.fileno())' \(path) \(out)",
                repeats: repeats)
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.copyItem(at: file, to: output)
            rows.append(("set name VALUE", run("\(state) set \(out) name \"renamed $$\"", repeats: repeats), "read+write", durableCopy))
        }
        try? FileManager.default.removeItem(at: output)
        return rows
    }
}
