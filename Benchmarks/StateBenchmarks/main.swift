import AssetLibraryExample
import Foundation
import State
import StateBrowser
import StateDocument
import StateSchema
import TerminalCore

// State's benchmark: generates deterministic asset libraries (~1, 20 and 100 MB of XML) and
// measures parse and write throughput and peak memory of our readers and writers against
// Foundation's, in the same run, each operation in its own child process.
//
//   swift run -c release StateBenchmarks [--sizes 1,20,100] [--out DIR] [--repeat N]
//                                        [--sections formats,text,cli,browser]
//
// `--sections big` (not among the defaults: it writes a 1 GB file) opens a 1 GB JSON made of
// the largest library of the run repeated, as `state FILE` does: first screen and peak memory.
//
// Figures are MB/s of the file's size (1 MB = 10^6 bytes) and peak RSS as a multiple of it.

let arguments = CommandLine.arguments

// MARK: - Child mode: `StateBenchmarks --child OPERATION FILE`

if arguments.count == 4, arguments[1] == "--child" {
    let operation = arguments[2]
    let url = URL(fileURLWithPath: arguments[3])
    let baseline = Measurement.peakRSS()
    var seconds = 0.0
    var details: [String: Double]?
    do {
        switch operation {
        case "ours-parse":
            let bytes = try FileBytes.read(url)
            seconds = .infinity
            for _ in 0..<3 {
                let start = Measurement.now()
                let tree = try SourceTree(parsing: bytes)
                seconds = min(seconds, Measurement.now() - start)
                precondition(tree.nodes.count > 0)
            }
        case "ours-read":
            // Reading the file alone, into fresh memory as a document's first read is.
            let start = Measurement.now()
            let bytes = try FileBytes.read(url)
            seconds = Measurement.now() - start
            precondition(!bytes.isEmpty)
        case "ours-parse-file":
            // Reading the file included: what opening a document costs.
            let start = Measurement.now()
            let tree = try SourceTree(contentsOf: url)
            seconds = Measurement.now() - start
            precondition(tree.nodes.count > 0)
        case "ours-values":
            let bytes = try FileBytes.read(url)
            let start = Measurement.now()
            let value = try SourceTree(parsing: bytes).value()
            seconds = Measurement.now() - start
            precondition(value != .null)
        case "foundation-parse":
            let data = try Data(contentsOf: url)
            let start = Measurement.now()
            let format = try PlistFormat.detect(data)
            let object: Any =
                format == .json
                ? try JSONSerialization.jsonObject(with: data)
                : try PropertyListSerialization.propertyList(from: data, format: nil)
            seconds = Measurement.now() - start
            withExtendedLifetime(object) {}
        case "ours-models":
            // Parse and decode into the Asset Library example's models.
            let bytes = try FileBytes.read(url)
            let start = Measurement.now()
            let library = try AssetLibrary(bytes: bytes)
            seconds = Measurement.now() - start
            precondition(!library.domains.isEmpty)
        case "ours-models-background":
            // The same read on a thread of the system's pool, outside any Swift task, as an app
            // loads a large file in the background: there the largest collection is read in
            // two halves at once (`HalvedRead`; on the main thread or in a task, one thread).
            let bytes = try FileBytes.read(url)
            let load = BackgroundLoad()
            let group = DispatchGroup()
            let start = Measurement.now()
            DispatchQueue.global().async(group: group) { load.groups = (try? AssetLibrary(bytes: bytes))?.domains.values.first?.groups.count ?? 0 }
            group.wait()
            seconds = Measurement.now() - start
            precondition(load.groups > 0)
        case "ours-models-from-values":
            // The same through the whole value tree, as models were read before they read
            // the span tree's nodes (`StoredNode`).
            let bytes = try FileBytes.read(url)
            let start = Measurement.now()
            let library = try AssetLibrary(plistValue: try PlistValue(parsing: bytes))
            seconds = Measurement.now() - start
            precondition(!library.domains.isEmpty)
        case "ours-models-encode":
            // The models written back as a file of the same format (decoding not timed), as
            // `Data` — what Foundation's encoders give.
            let format = try PlistFormat.detect(try FileBytes.read(url))
            let library = try AssetLibrary(contentsOf: url)
            seconds = try Measurement.best { try library.data(format: format) }
        case "foundation-models-encode":
            let data = try Data(contentsOf: url)
            let format = try PlistFormat.detect(data)
            let library = try FoundationAssetLibrary.decode(data, json: format == .json)
            seconds = try Measurement.best { try library.encoded(as: format) }
        case "foundation-models":
            let data = try Data(contentsOf: url)
            let start = Measurement.now()
            let library = try FoundationAssetLibrary.decode(data, json: try PlistFormat.detect(data) == .json)
            seconds = Measurement.now() - start
            precondition(!library.domains.isEmpty)
        case "ours-write-xml", "ours-write-binary", "ours-write-json":
            let value = try SourceTree(contentsOf: url).value()
            let format = PlistFormat(rawValue: String(operation.dropFirst("ours-write-".count)))!
            seconds = try Measurement.best { try value.serialized(as: format) }
        case "ours-convert-xml", "ours-convert-binary", "ours-convert-json":
            // A conversion to another format as `state convert` makes it: written from the
            // span tree, no value tree (the parse not timed).
            let tree = try SourceTree(contentsOf: url)
            let format = PlistFormat(rawValue: String(operation.dropFirst("ours-convert-".count)))!
            seconds = .infinity
            var size = 0
            for _ in 0..<3 {
                var warnings: [PlistWarning] = []
                let start = Measurement.now()
                let out = try tree.serialized(as: format, warnings: &warnings)
                seconds = min(seconds, Measurement.now() - start)
                size = out.count
            }
            details = ["output": Double(size)]
        case "foundation-write-xml", "foundation-write-binary", "foundation-write-json":
            let data = try Data(contentsOf: url)
            let object: Any =
                try PlistFormat.detect(data) == .json
                ? try JSONSerialization.jsonObject(with: data)
                : try PropertyListSerialization.propertyList(from: data, format: nil)
            let start = Measurement.now()
            let out: Data
            switch operation {
            case "foundation-write-xml": out = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            case "foundation-write-binary": out = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            default: out = try JSONSerialization.data(withJSONObject: jsonSafe(object), options: [.prettyPrinted])
            }
            seconds = Measurement.now() - start
            precondition(out.count > 0)
        case "ours-resave-edit":
            // Open, change one value deep in the file, serialize: the editor's save path.
            var session = EditSession(tree: try SourceTree(parsing: try FileBytes.read(url)))
            let start = Measurement.now()
            try session.apply(.set("domains.Default.groups.Group 0.assets.0.color.red", .real(0.25)))
            let out = session.bytes
            seconds = Measurement.now() - start
            precondition(out.count > 0)
        case "ours-save":
            // The save itself, as the browser and `state set` do it: temporary file, fsync,
            // owner and attributes, lock, re-check (with the content fingerprint), rename.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let copy = folder.appendingPathComponent(url.lastPathComponent)
            try FileManager.default.copyItem(at: url, to: copy)
            var (file, tree) = try OpenDocument.read(copy)
            var session = EditSession(tree: tree)
            // The session holds the only tree, as the browser's does while it edits.
            tree = .detached
            try session.apply(.set("domains.Default.groups.Group 0.assets.0.color.red", .real(0.25)))
            seconds = .infinity
            for _ in 0..<3 {
                let start = Measurement.now()
                file = try file.save(session.bytes).document
                seconds = min(seconds, Measurement.now() - start)
            }
            // Checked by a hash once the session is gone, so that the check's own read of
            // the file is not counted in the save's peak memory.
            func digest(_ bytes: [UInt8]) -> Int {
                var hasher = Hasher()
                hasher.combine(bytes)
                return hasher.finalize()
            }
            let expected = digest(session.bytes)
            session = EditSession(tree: .detached)
            let written = try FileBytes.read(copy)
            precondition(digest(written) == expected)
        case "foundation-save":
            // Foundation's atomic write of the same bytes (temporary file and rename; no
            // fsync, no checks), for scale.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let data = try Data(contentsOf: url)
            let copy = folder.appendingPathComponent(url.lastPathComponent)
            seconds = .infinity
            for _ in 0..<3 {
                let start = Measurement.now()
                try data.write(to: copy, options: .atomic)
                seconds = min(seconds, Measurement.now() - start)
            }
        case "browser-first-screen":
            // What `state FILE` does before the user sees anything: read, parse, load the
            // schema, check the top of the tree, link the nodes, lay out and draw. The whole
            // check then finishes in the background: `details` has when ("checked").
            let start = Measurement.now()
            let document = try BrowserDocument.open(url, schema: BrowserBenchmark.schemaURL, deferCheck: true)
            let opened = Measurement.now()
            var (app, backend) = BrowserBenchmark.firstScreen(document)
            seconds = Measurement.now() - start
            precondition(backend.screen.lines[0].contains("AssetLibrary"))
            app.waitForJobs()
            precondition(!app.state.document.isCheckPending)
            details = ["open": opened - start, "checked": Measurement.now() - start]
        case "browser-first-screen-guessed":
            // `state FILE` on a file with no schema beside it (a 1 GB JSON, say): read, parse,
            // the shallow guess, links, layout and the first draw.
            let start = Measurement.now()
            let tree = try SourceTree(contentsOf: url)
            let parsed = Measurement.now()
            let document = try BrowserDocument.open(tree, from: url, displayName: url.lastPathComponent, schema: nil, root: nil, discoversSchema: false, deferCheck: true)
            let opened = Measurement.now()
            let (_, backend) = BrowserBenchmark.firstScreen(document)
            seconds = Measurement.now() - start
            precondition(backend.screen.lines[0].contains("root"))
            details = ["read+parse": parsed - start, "document": opened - parsed, "state+draw": seconds - (opened - start)]
        case "links":
            // The browser's node links, made in one pass and in two halves, alternately.
            let tree = try SourceTree(contentsOf: url)
            var one = Double.infinity
            var halves = Double.infinity
            for _ in 0..<3 {
                var start = Measurement.now()
                let a = NodeLinks(tree, splittingAbove: .max, threads: 1)
                one = min(one, Measurement.now() - start)
                start = Measurement.now()
                let b = NodeLinks(tree, splittingAbove: 0, threads: 2)
                halves = min(halves, Measurement.now() - start)
                precondition(a.parents.count == b.parents.count)
            }
            seconds = halves
            details = ["one pass": one, "halves": halves]
        case "inference":
            // The whole guess of a document without a schema, as the browser's background
            // check makes it (best of 3).
            let tree = try SourceTree(contentsOf: url)
            seconds = .infinity
            for _ in 0..<3 {
                let start = Measurement.now()
                let typed = SchemaInference.annotate(tree)
                seconds = min(seconds, Measurement.now() - start)
                precondition(typed.roles.nodeCount == tree.nodes.count)
            }
        case "browser-keystrokes":
            let document = try BrowserDocument.open(url, schema: BrowserBenchmark.schemaURL)
            let result = BrowserBenchmark.keystrokes(document)
            seconds = result.median
            details = result.details
        case "archive-browser":
            // A keyed archive opens as its object graph: the first screen, then edits of one
            // object's field (made in the storage, shown in the graph).
            let start = Measurement.now()
            let document = try BrowserDocument.open(url, deferCheck: true)
            let opened = Measurement.now()
            let backend = MemoryBackend(width: 160, height: 50, colorDepth: .palette256)
            var app = BrowserApp(state: BrowserBenchmark.state(document, backend), backend: backend)
            let built = Measurement.now()
            app.step()
            seconds = Measurement.now() - start
            precondition(app.state.archiveGraph != nil && backend.screen.lines.contains { $0.contains("NSArray") })
            let nodes = Double(app.state.document.nodeCount)
            details = BrowserBenchmark.edits(document, at: "root.5.age")
            details?["nodes"] = nodes
            details?["open"] = opened - start
            details?["graph"] = built - opened
        case "archive-graph":
            // The object graph alone, from a parsed storage tree (best of 3): the part of the
            // archive's first screen that is its own (callgrind it to see where it goes).
            let tree = try SourceTree(contentsOf: url)
            seconds = .infinity
            var nodes = 0
            for _ in 0..<3 {
                let start = Measurement.now()
                guard let graph = ArchiveGraph.of(tree) else { throw PlistError("not a keyed archive") }
                seconds = min(seconds, Measurement.now() - start)
                nodes = graph.tree.nodes.count
            }
            details = ["nodes": Double(nodes)]
        case "browser-edits":
            let document = try BrowserDocument.open(url, schema: BrowserBenchmark.schemaURL)
            details = BrowserBenchmark.edits(document)
            seconds = details?["edit median"] ?? 0
        default:
            FileHandle.standardError.write(Data("unknown operation \(operation)\n".utf8))
            exit(2)
        }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    let m = Measurement(seconds: seconds, peakBytes: Measurement.peakRSS(), baselineBytes: baseline, details: details)
    FileHandle.standardOutput.write(try! JSONEncoder().encode(m))
    exit(0)
}

/// Foundation's JSON writer refuses dates and data; give it what we give ours: strings.
func jsonSafe(_ object: Any) -> Any {
    switch object {
    case let d as [String: Any]: return d.mapValues(jsonSafe)
    case let a as [Any]: return a.map(jsonSafe)
    case let date as Date: return ISO8601DateFormatter().string(from: date)
    case let data as Data: return data.base64EncodedString()
    default: return object
    }
}

// MARK: - Parent mode

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let sizes = (option("--sizes") ?? "1,20,100").split(separator: ",").compactMap { Double($0) }
let outFolder = URL(fileURLWithPath: option("--out") ?? FileManager.default.temporaryDirectory.appendingPathComponent("state-bench").path)
let repeats = Int(option("--repeat") ?? "1") ?? 1
let skipFoundationAbove = Double(option("--foundation-max-mb") ?? "1000") ?? 1000
/// `--sections formats,text,cli,browser` (the default: all four).
let sections = Set((option("--sections") ?? "formats,text,cli,browser").split(separator: ",").map(String.init))
try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true)

func run(_ operation: String, _ file: URL) -> Measurement? {
    var best: Measurement?
    for _ in 0..<repeats {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["--child", operation, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let m = try? JSONDecoder().decode(Measurement.self, from: data) else { return nil }
        if best == nil || m.seconds < best!.seconds { best = m }
    }
    return best
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }

print("State benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, best of \(repeats)")
print("MB/s of file size; peak× = (child's peak RSS − its RSS before the file was read) / file size\n")
print(pad("file", 28) + pad("operation", 22) + lpad("MB/s", 9) + lpad("peak×", 8) + lpad("vs Foundation", 15))

// The libraries every section reads, written once per run (any section can be run alone).
for size in sizes {
    let value = try AssetLibraryGenerator.library(megabytes: size)
    for format in PlistFormat.valueFormats {
        var warnings: [PlistWarning] = []
        let bytes = try value.serialized(as: format, warnings: &warnings)
        try Data(bytes).write(to: outFolder.appendingPathComponent("library-\(Int(size))mb.\(format.rawValue)"))
    }
}

for size in sizes where sections.contains("formats") {
    for format in PlistFormat.valueFormats {
        let url = outFolder.appendingPathComponent("library-\(Int(size))mb.\(format.rawValue)")
        let mb = Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1e6
        let label = "\(url.lastPathComponent) (\(String(format: "%.1f", mb)) MB)"
        let foundationParse = mb <= skipFoundationAbove ? run("foundation-parse", url) : nil
        let foundationWrite = mb <= skipFoundationAbove ? run("foundation-write-\(format.rawValue)", url) : nil
        let foundationModels = mb <= skipFoundationAbove ? run("foundation-models", url) : nil
        let foundationEncode = mb <= skipFoundationAbove ? run("foundation-models-encode", url) : nil
        let foundationSave = run("foundation-save", url)
        let operations: [(String, Measurement?)] =
            [
                ("ours-parse", foundationParse),
                ("ours-parse-file", foundationParse),
                ("ours-values", foundationParse),
                ("foundation-parse", nil),
                ("ours-models", foundationModels),
                ("ours-models-background", foundationModels),
                ("foundation-models", nil),
                ("ours-models-encode", foundationEncode),
                ("foundation-models-encode", nil),
                ("ours-write-\(format.rawValue)", foundationWrite),
                ("foundation-write-\(format.rawValue)", nil),
            ] + PlistFormat.valueFormats.filter { $0 != format }.map { ("ours-convert-\($0.rawValue)", nil) }
            + (format == .binary ? [] : [("ours-resave-edit", nil)]) + [("ours-save", foundationSave), ("foundation-save", nil)]
        for (operation, reference) in operations {
            let foundation = [
                "foundation-parse": foundationParse, "foundation-models": foundationModels, "foundation-models-encode": foundationEncode,
                "foundation-save": foundationSave,
            ]
            let m = operation.hasPrefix("foundation") ? (foundation[operation] ?? foundationWrite) : run(operation, url)
            guard let m else {
                print(pad(label, 28) + pad(operation, 22) + lpad(operation.hasPrefix("foundation") && mb > skipFoundationAbove ? "skipped" : "failed", 9))
                continue
            }
            let speed = mb / m.seconds
            let peak = Double(m.peakBytes - m.baselineBytes) / (mb * 1e6)
            var ratio = ""
            if let reference { ratio = String(format: "%.1f×", reference.seconds / m.seconds) }
            if let output = m.details?["output"] { ratio = String(format: "out %.0f MB/s", output / 1e6 / m.seconds) }
            print(pad(label, 28) + pad(operation, 22) + lpad(String(format: "%.0f", speed), 9) + lpad(String(format: "%.2f", peak), 8) + lpad(ratio, 15))
        }
    }
}

// MARK: - OpenStep and JSONC

print("\nText formats beside plists: a generated project.pbxproj (OpenStep; Foundation reads it too)")
print("and a JSONC file (the library as JSON with a comment per object; Foundation has no JSONC reader)\n")
for size in sizes where sections.contains("text") {
    let project = ProjectGenerator.project(megabytes: size)
    let projectURL = outFolder.appendingPathComponent("project-\(Int(size))mb.pbxproj")
    try Data(project).write(to: projectURL)
    var warnings: [PlistWarning] = []
    var json = String(decoding: try AssetLibraryGenerator.library(megabytes: size).serialized(as: .json, warnings: &warnings), as: UTF8.self)
    json = json.replacingOccurrences(of: "{\n", with: "{ // an object\n")
    let jsoncURL = outFolder.appendingPathComponent("library-\(Int(size))mb.jsonc")
    try Data(json.utf8).write(to: jsoncURL)
    for (url, count) in [(projectURL, project.count), (jsoncURL, json.utf8.count)] {
        let mb = Double(count) / 1e6
        let label = "\(url.lastPathComponent) (\(String(format: "%.1f", mb)) MB)"
        let foundation = url.pathExtension == "pbxproj" && mb <= skipFoundationAbove ? run("foundation-parse", url) : nil
        // A pbxproj converted as `state convert` converts it (from the spans; the parse not
        // timed): MB/s of input, the peak against input and output together.
        let conversions = url.pathExtension == "pbxproj" ? ["ours-convert-json", "ours-convert-xml", "ours-convert-binary"] : []
        for (operation, reference) in [("ours-parse", foundation), ("ours-parse-file", foundation), ("ours-values", foundation), ("foundation-parse", nil)]
            + conversions.map({ ($0, nil) })
        {
            let m = operation == "foundation-parse" ? foundation : run(operation, url)
            guard let m else { continue }
            var ratio = reference.map { String(format: "%.1f×", $0.seconds / m.seconds) } ?? ""
            var peak = Double(m.peakBytes - m.baselineBytes) / Double(count)
            if let output = m.details?["output"] {
                ratio = String(format: "out %.0f MB/s", output / 1e6 / m.seconds)
                peak = Double(m.peakBytes - m.baselineBytes) / (Double(count) + output)
            }
            print(pad(label, 28) + pad(operation, 22) + lpad(String(format: "%.0f", mb / m.seconds), 9) + lpad(String(format: "%.2f", peak), 8) + lpad(ratio, 15))
        }
    }
}

// MARK: - The command line, whole processes

print("\nThe state binary as users run it (whole process: read, parse, write), against the tools")
print("people use for the same job; MB/s of the input, peak× = peak RSS / input size\n")
print(
    pad("file", 28) + pad("command", 22) + lpad("s", 8) + lpad("MB/s", 8) + lpad("peak×", 8) + "   " + pad("peer", 10) + lpad("s", 8) + lpad("peak×", 8) + lpad("ours vs peer", 14))
for size in sizes where sections.contains("cli") {
    for format in PlistFormat.valueFormats {
        let url = outFolder.appendingPathComponent("library-\(Int(size))mb.\(format.rawValue)")
        let count = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 1
        let mb = Double(count) / 1e6
        let label = "\(url.lastPathComponent) (\(String(format: "%.1f", mb)) MB)"
        let output = outFolder.appendingPathComponent("converted-\(getpid())")
        for (command, ours, peerName, peer) in CommandBenchmark.rows(for: url, format: format.rawValue, output: output, repeats: repeats) {
            func peak(_ r: CommandBenchmark.Result?) -> String { r?.peakBytes.map { String(format: "%.2f", Double($0) / Double(count)) } ?? "" }
            let ratio = ours.flatMap { o in peer.map { String(format: "%.1f×", $0.seconds / o.seconds) } } ?? ""
            print(
                pad(label, 28) + pad(command, 22) + lpad(ours.map { String(format: "%.2f", $0.seconds) } ?? "failed", 8)
                    + lpad(ours.map { String(format: "%.0f", mb / $0.seconds) } ?? "", 8) + lpad(peak(ours), 8) + "   " + pad(peerName, 10)
                    + lpad(peer.map { String(format: "%.2f", $0.seconds) } ?? "", 8) + lpad(peak(peer), 8) + lpad(ratio, 14))
        }
    }
}

// MARK: - Browser responsiveness

let archiveURL = outFolder.appendingPathComponent("archive-100k.plist")
if sections.contains("browser") { try Data(try ArchiveGenerator.archive(people: 100_000)).write(to: archiveURL) }

print("\nBrowser — first screen of `state FILE` (read + parse + schema check + draw), and per-keystroke")
print("update + render + screen diff on the whole library expanded (every node a row)\n")
print(pad("file", 28) + pad("nodes", 10) + lpad("first screen", 14) + lpad("Foundation parse", 18) + lpad("key median", 12) + lpad("key p99", 10) + lpad("key max", 10))
for size in sizes where sections.contains("browser") {
    for format in [PlistFormat.xml, .binary] {
        let url = outFolder.appendingPathComponent("library-\(Int(size))mb.\(format.rawValue)")
        let mb = Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1e6
        let label = "\(url.lastPathComponent) (\(String(format: "%.1f", mb)) MB)"
        let first = run("browser-first-screen", url)
        let foundation = mb <= skipFoundationAbove ? run("foundation-parse", url) : nil
        let keys = run("browser-keystrokes", url)
        let nodes = keys?.details?["nodes"].map { String(format: "%.0f", $0) } ?? "?"
        func ms(_ s: Double?) -> String { s.map { String(format: "%.2f ms", $0 * 1000) } ?? "failed" }
        print(
            pad(label, 28) + pad(nodes, 10) + lpad(first.map { String(format: "%.3f s", $0.seconds) } ?? "failed", 14)
                + lpad(foundation.map { String(format: "%.3f s", $0.seconds) } ?? "skipped", 18)
                + lpad(ms(keys?.seconds), 12) + lpad(ms(keys?.details?["p99"]), 10) + lpad(ms(keys?.details?["max"]), 10))
        if let details = first?.details {
            print(
                "    first screen: open (read, parse, quick check, links) \(String(format: "%.3f s", details["open"] ?? 0)); whole check done in the background at \(String(format: "%.3f s", details["checked"] ?? 0))"
            )
        }
        if let details = run("browser-edits", url)?.details {
            print(
                "    edit / undo / redo, key to redrawn screen (median, p99, max): "
                    + ["edit", "undo", "redo"].map { name in
                        "\(name) \(ms(details[name + " median"])) \(ms(details[name + " p99"])) \(ms(details[name + " max"]))"
                    }.joined(separator: "; "))
            print("    delete a value / undo it (median): \(ms(details["delete median"])) / \(ms(details["undo delete median"]))")
        }
        if let details = keys?.details {
            let worst = details.filter { $0.key.hasPrefix("max ") }.max { $0.value < $1.value }
            print("    slowest key \(worst.map { "\($0.key.dropFirst(4)) \(ms($0.value))" } ?? "?");", terminator: "")
            print(" expand all \(ms(details["expandAll"])), whole-tree search in the background \(ms(details["search"])), collapse all \(ms(details["collapseAll"]))")
        }
    }
}
if sections.contains("browser"), let archive = run("archive-browser", archiveURL), let details = archive.details {
    func ms(_ s: Double?) -> String { s.map { String(format: "%.2f ms", $0 * 1000) } ?? "failed" }
    let mb = Double((try? FileManager.default.attributesOfItem(atPath: archiveURL.path)[.size] as? Int) ?? 0) / 1e6
    print(
        pad("archive-100k.plist (\(String(format: "%.1f", mb)) MB)", 28) + pad(String(format: "%.0f", details["nodes"] ?? 0), 10)
            + lpad(String(format: "%.3f s", archive.seconds), 14) + "   (a keyed archive of 100 000 objects, shown as its object graph)")
    print(
        "    edit / undo / redo of a field in the graph (median, max): "
            + ["edit", "undo", "redo"].map { "\($0) \(ms(details[$0 + " median"])) \(ms(details[$0 + " max"]))" }.joined(separator: "; "))
    print(
        "    delete a field / undo it (the graph built again / the graph shown before) (median, max): "
            + ["delete", "undo delete"].map { "\($0) \(ms(details[$0 + " median"])) \(ms(details[$0 + " max"]))" }.joined(separator: "; "))
}

// MARK: - 1 GB (`--sections big`, not run by default: it writes a 1 GB file)

if sections.contains("big") {
    // The largest library of the run, as JSON, repeated in one array until the file passes
    // 1 GB: a file with no schema beside it, opened as `state FILE` opens it.
    let size = Int(sizes.max() ?? 100)
    let library = try FileBytes.read(outFolder.appendingPathComponent("library-\(size)mb.json"))
    let url = outFolder.appendingPathComponent("big-1gb.json")
    let copies = max(1, Int((1e9 / Double(library.count)).rounded(.up)))
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    let handle = try FileHandle(forWritingTo: url)
    try handle.write(contentsOf: Data("[\n".utf8))
    for copy in 0..<copies {
        if copy > 0 { try handle.write(contentsOf: Data(",\n".utf8)) }
        try handle.write(contentsOf: Data(library))
    }
    try handle.write(contentsOf: Data("\n]\n".utf8))
    try handle.close()
    let mb = Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1e6
    print("\n1 GB — `state FILE` on \(copies) copies of library-\(size)mb.json in one array (\(String(format: "%.0f", mb)) MB), no schema; best of \(repeats)")
    if let first = run("browser-first-screen-guessed", url), let details = first.details {
        print(
            "    first screen \(String(format: "%.2f s", first.seconds)) (read + parse \(String(format: "%.2f", details["read+parse"] ?? 0)) s, document and links \(String(format: "%.2f", details["document"] ?? 0)) s, state and draw \(String(format: "%.2f", details["state+draw"] ?? 0)) s); peak \(String(format: "%.2f", Double(first.peakBytes - first.baselineBytes) / (mb * 1e6)))× the file"
        )
    }
    if let links = run("links", url), let details = links.details {
        print("    node links: one pass \(String(format: "%.3f s", details["one pass"] ?? 0)), two halves at once \(String(format: "%.3f s", details["halves"] ?? 0))")
    }
    try? FileManager.default.removeItem(at: url)
}

/// What the background load of `ours-models-background` read: written by the worker, read
/// after the group's wait.
final class BackgroundLoad: @unchecked Sendable {
    var groups = 0
}
