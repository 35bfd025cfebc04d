import ArgumentParser
import Foundation
import State
import StateDocument

/// `state get FILE KEYPATH`: one value, for scripts.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a key path (dots and integer indexes, as plutil: domains.Game.groups.Palette.assets.0.name).",
        discussion: "Scalars print raw (strings as they are, dates in ISO-8601, data in base64); dictionaries and arrays print as JSON. --json prints every value as JSON."
    )

    @OptionGroup var target: KeyPathArguments
    var file: String { target.file }
    var keyPath: String { target.keyPath }

    @Flag(help: "Print the value as JSON (strings quoted, structures as JSON).")
    var json = false

    func run() throws {
        let input = InputFile(file)
        let tree = try input.readTree()
        let path = PlistPath(parsing: keyPath)
        guard let node = tree.index(at: path) else {
            throw CommandFailure.report(
                PlistError("no value at this key path: \(tree.missingPathReason(path) ?? "")", at: .keyPath(path.description)), file: input.name,
                code: CommandFailure.badArguments)
        }
        let value = tree.value(at: node)
        if tree[node].isWideNumber, let text = tree.numberText(of: node) {
            // Beyond what a value holds: the file's own digits, which are JSON too.
            StandardStream.output.write(text + "\n")
            return
        }
        guard json || tree[node].kind.isContainer else {
            StandardStream.output.write(value.plainText + "\n")
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
            StandardStream.output.write(try value.serialized(as: .json, warnings: &warnings))
        } catch {
            throw CommandFailure.report(error, file: input.name, code: CommandFailure.conversion)
        }
    }
}
