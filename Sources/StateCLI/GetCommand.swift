import ArgumentParser
import Foundation
import OrderedCollections
import State
import StateDocument

/// `state get FILE KEYPATH`: one value, for scripts.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a key path (dots and integer indexes, as plutil: domains.Game.groups.Palette.assets.0.name).",
        discussion: """
            Scalars print raw (strings as they are, dates in ISO-8601, data in base64); dictionaries \
            and arrays print as JSON. --json prints every value as JSON. --colors lists every color \
            in the file (or under KEYPATH), one per line: key path, #RRGGBB[AA], spelling, separated \
            by tabs (--json: an array of objects).
            """
    )

    @Argument(help: KeyPathArguments.help(value: false))
    var words: [String] = []

    @Flag(help: "Print the value as JSON (strings quoted, structures as JSON).")
    var json = false

    @Flag(help: "List every color (in any spelling state knows) instead of one value; the key path is optional.")
    var colors = false

    @Flag(help: "No value matching the key path is not an error.")
    var allowNoMatch = false

    /// With --colors and one word, the word is the file and the key path the root.
    func arguments() throws -> KeyPathArguments {
        try KeyPathArguments(colors && words.count == 1 ? words + [""] : words, takesValue: false)
    }

    func validate() throws {
        _ = try arguments()
    }

    func run() throws {
        let arguments = try arguments()
        let pattern = try arguments.pattern
        guard !arguments.namesMany(pattern), let path = pattern.plainPath else { return try getMany(arguments, pattern) }
        let input = InputFile(arguments.files[0])
        let tree = try input.readTree()
        guard let node = tree.index(at: path) else {
            if allowNoMatch { return }
            throw CommandFailure.report(
                PlistError("no value at this key path: \(tree.missingPathReason(path) ?? "")", at: .keyPath(path.description)), file: input.name,
                code: CommandFailure.badArguments)
        }
        if colors {
            let items = Self.colors(in: tree, under: [node], file: nil)
            return StandardStream.output.write(json ? try Self.json(items) : Array(Self.lines(items).utf8))
        }
        if tree[node].isWideNumber, let text = tree.numberText(of: node) {
            // Beyond what a value holds: the file's own digits, which are JSON too.
            StandardStream.output.write(text + "\n")
            return
        }
        guard json || tree[node].kind.isContainer else {
            StandardStream.output.write(tree.scalar(at: node).plainText + "\n")
            return
        }
        if tree.nodes[node...(node + Int(tree[node].size))].contains(where: \.isWideNumber) {
            // Its values cannot be written again without changing those numbers: the file's
            // own JSON text for it is.
            StandardStream.output.write(Array(tree.sourceBytes(of: node)) + [0x0A])
            return
        }
        do {
            var warnings: [PlistWarning] = []
            // Straight from the file's spans: no value tree for a large subtree.
            StandardStream.output.write(try tree.serialized(at: node, as: .json, warnings: &warnings))
        } catch {
            throw CommandFailure.report(error, file: input.name, code: CommandFailure.conversion)
        }
    }

    /// Every value the pattern names in every file: one line each, `[FILE:]PATH<TAB>VALUE`
    /// (scalars as plain text — JSON-quoted when they hold a tab or a line break —, structures as
    /// one line of JSON), or with --json one array of {file, path, value}. A file that cannot
    /// be read is reported and the others still printed.
    func getMany(_ arguments: KeyPathArguments, _ pattern: PathPattern) throws {
        let files = try Targets.resolve(arguments.files)
        let named = files.count > 1 || arguments.files.count > 1 || files.first.map { $0.name != InputFile($0.argument).name } ?? false
        var failure: ExitCode?
        var matched = 0
        var items: [PlistValue] = []
        var colorItems: [ColorItem] = []
        for file in files {
            let tree: SourceTree
            do {
                tree = try InputFile(file.argument).readTree(name: file.name)
            } catch let code as ExitCode {
                failure = failure ?? code
                continue
            }
            let nodes = pattern.matches(in: tree)
            matched += nodes.count
            guard !nodes.isEmpty else { continue }
            if colors {
                // Lines as each file is read; JSON as one array at the end.
                let found = Self.colors(in: tree, under: nodes, file: named ? file.name : nil)
                if json { colorItems += found } else { StandardStream.output.write(Self.lines(found)) }
                continue
            }
            let links = NodeLinks(tree)
            var out = ""
            for node in nodes {
                let path = links.path(of: node, in: tree).description
                let text = try Self.oneLine(node, in: tree, file: file.name)
                if json {
                    var item: OrderedDictionary<String, PlistValue> = [:]
                    if named { item["file"] = .string(file.name) }
                    item["path"] = .string(path)
                    item["value"] = .string(text)
                    items.append(.dictionary(item))
                } else {
                    out += (named ? file.name + ":" : "") + path + "\t" + (tree[node].kind.isContainer ? text : Self.plain(node, in: tree)) + "\n"
                }
            }
            StandardStream.output.write(out)
        }
        if json, colors { StandardStream.output.write(try Self.json(colorItems)) }
        if json, !colors {
            // Values go in as their JSON text, so that each keeps its own type.
            var text = "["
            for (i, item) in items.enumerated() {
                let d = item.dictionaryValue!
                text += (i == 0 ? "\n  {" : ",\n  {")
                if let f = d["file"]?.stringValue { text += "\"file\": " + Self.quoted(f) + ", " }
                text += "\"path\": " + Self.quoted(d["path"]!.stringValue!) + ", \"value\": " + d["value"]!.stringValue! + "}"
            }
            text += items.isEmpty ? "]\n" : "\n]\n"
            StandardStream.output.write(text)
        }
        if matched == 0, !allowNoMatch {
            let place = files.count == 1 ? files[0].name : "any of the \(files.count) files"
            StandardStream.error.write("state: no value matches \(arguments.keyPath) in \(place)\n")
            throw failure ?? CommandFailure.badArguments
        }
        if let failure { throw failure }
    }

    /// A value as one line of JSON (wide numbers as the file writes them).
    static func oneLine(_ node: Int, in tree: SourceTree, file: String) throws -> String {
        if tree[node].isWideNumber, let text = tree.numberText(of: node) { return text }
        if tree.nodes[node...(node + Int(tree[node].size))].contains(where: \.isWideNumber) {
            return String(decoding: tree.sourceBytes(of: node), as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
        }
        do {
            var warnings: [PlistWarning] = []
            return String(decoding: try JSONWriter.document(tree.value(at: node), style: .compact, warnings: &warnings), as: UTF8.self)
        } catch {
            throw CommandFailure.report(error, file: file, code: CommandFailure.conversion)
        }
    }

    /// A scalar's plain text, JSON-quoted when it would break the line format.
    static func plain(_ node: Int, in tree: SourceTree) -> String {
        let text = tree.scalarText(at: node)
        return text.contains(where: { $0 == "\t" || $0.isNewline }) ? quoted(text) : text
    }

    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One color found: where, its `#RRGGBB[AA]`, and the name of its spelling.
    struct ColorItem {
        var file: String?
        var path: String
        var hex: String
        var spelling: String
    }

    /// The colors at or under any of `nodes`, in document order.
    static func colors(in tree: SourceTree, under nodes: [Int], file: String?) -> [ColorItem] {
        // The nodes' subtrees as disjoint ranges (a node inside another's subtree adds none),
        // so that each color is looked up once, not against every node (`**` names them all).
        var ranges: [ClosedRange<Int>] = []
        for node in nodes.sorted() {
            if let last = ranges.last, last.contains(node) { continue }
            ranges.append(node...(node + Int(tree[node].size)))
        }
        func covered(_ node: Int) -> Bool {
            var low = 0, high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < node { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(node)
        }
        let links = NodeLinks(tree)
        return ColorSpelling.all(in: tree, limit: .max).filter { covered($0.node) }.map {
            ColorItem(file: file, path: links.path(of: $0.node, in: tree).description, hex: $0.color.hex, spelling: $0.spelling.name)
        }
    }

    /// `[FILE:]path<TAB>#RRGGBB<TAB>spelling` lines.
    static func lines(_ items: [ColorItem]) -> String {
        items.map { ($0.file.map { $0 + ":" } ?? "") + "\($0.path)\t\($0.hex)\t\($0.spelling)\n" }.joined()
    }

    /// One JSON array of `{file, path, color, spelling}`.
    static func json(_ items: [ColorItem]) throws -> [UInt8] {
        let values: [PlistValue] = items.map {
            var item: OrderedDictionary<String, PlistValue> = [:]
            if let file = $0.file { item["file"] = .string(file) }
            item["path"] = .string($0.path)
            item["color"] = .string($0.hex)
            item["spelling"] = .string($0.spelling)
            return .dictionary(item)
        }
        return try PlistValue.array(values).serialized(as: .json) + [0x0A]
    }
}
