import ArgumentParser
import Foundation
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

    @Argument(help: "The file (XML plist, binary plist, JSON, OpenStep); - reads standard input.")
    var file: String

    @Argument(help: "The key path in plutil's dot syntax (domains.Game.groups.Palette.assets.0.name); optional with --colors.")
    var keyPath: String?

    @Flag(help: "Print the value as JSON (strings quoted, structures as JSON).")
    var json = false

    @Flag(help: "List every color (in any spelling state knows) instead of one value.")
    var colors = false

    func validate() throws {
        if keyPath == nil, !colors { throw ValidationError("Missing expected argument '<key-path>'") }
    }

    func run() throws {
        let input = InputFile(file)
        let tree = try input.readTree()
        let path = PlistPath(parsing: keyPath ?? "")
        guard let node = tree.index(at: path) else {
            throw CommandFailure.report(
                PlistError("no value at this key path: \(tree.missingPathReason(path) ?? "")", at: .keyPath(path.description)), file: input.name,
                code: CommandFailure.badArguments)
        }
        if colors { return try listColors(in: tree, under: node) }
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

    /// `path<TAB>#RRGGBB<TAB>spelling` lines (or JSON) for the colors at or under `node`.
    func listColors(in tree: SourceTree, under node: Int) throws {
        let links = NodeLinks(tree)
        let found = ColorSpelling.all(in: tree, limit: .max).filter { $0.node >= node && $0.node <= node + Int(tree[node].size) }
        if json {
            let items: [PlistValue] = found.map {
                ["path": .string(links.path(of: $0.node, in: tree).description), "color": .string($0.color.hex), "spelling": .string($0.spelling.name)]
            }
            StandardStream.output.write(try PlistValue.array(items).serialized(as: .json) + [0x0A])
            return
        }
        var out = ""
        for entry in found { out += "\(links.path(of: entry.node, in: tree))\t\(entry.color.hex)\t\(entry.spelling.name)\n" }
        StandardStream.output.write(out)
    }
}
