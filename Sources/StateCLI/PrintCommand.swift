import ArgumentParser
import Foundation
import State
import StateDocument
import StateSchema

/// `state print FILE`: the value tree, indented like `plutil -p`.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a model file as an indented tree (like plutil -p)."
    )

    @Argument(help: "The file to print (XML plist, binary plist or JSON).")
    var file: String

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(help: "Print the plain tree, without looking for a schema.")
    var raw = false

    func run() throws {
        let tree = try CommandFailure.readTree(file)
        guard !raw else {
            StandardStream.output.write(TreePrinter.render(tree))
            return
        }
        // A schema given or found beside the file; otherwise roles guessed from the data.
        let document =
            if let schema = try schemaOptions.load(for: URL(fileURLWithPath: file), tree: tree) {
                SchemaValidator(schema: schema).validate(tree, as: schemaOptions.root)
            } else {
                SchemaInference.annotate(tree)
            }
        StandardStream.output.write(TreePrinter.render(tree) { node in Self.label(node, in: document) })
        for d in document.diagnostics { StandardStream.error.write("state: \(file): \(d)\n") }
    }

    /// The comment after a node: its model type, conformer, enum case or color (`~` when
    /// guessed without a schema), a `?` for data the schema does not describe, and `!` with
    /// each diagnostic.
    static func label(_ node: Int, in document: TypedDocument) -> String? {
        var parts: [String] = []
        if let role = document.role(of: node) {
            // Guesses are marked with `~`.
            let mark = role.inferred ? "~" : ""
            switch role.kind {
            case .model, .conformer, .enumValue: parts.append(mark + role.label)
            case .color:
                let color = try? RGBAColor(plistValue: document.tree.value(at: node))
                parts.append(mark + "Color" + (color.map { " \($0.hex)" } ?? ""))
            case .value(let type):
                if document.tree[node].kind.isContainer, !role.inferred || type.mentionsModel {
                    parts.append("\(mark)\(type) (\(document.tree[node].count))")
                }
            case .unknown: parts.append("? not in the schema")
            case .typeTag, .version: break
            }
        }
        parts += document.diagnostics(at: node).filter { $0.kind != .unexpectedKey }.map { "! \($0.message)" }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
