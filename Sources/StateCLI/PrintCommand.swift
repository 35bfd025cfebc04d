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
        let tree: SourceTree
        do {
            tree = try SourceTree(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure.report(error, file: file, code: CommandFailure.badInput)
        }
        guard !raw, let schema = try schemaOptions.load(for: URL(fileURLWithPath: file)) else {
            StandardStream.output.write(TreePrinter.render(tree.value()))
            return
        }
        let document = SchemaValidator(schema: schema).validate(tree, as: schemaOptions.root)
        StandardStream.output.write(TreePrinter.render(tree) { node in Self.label(node, in: document) })
        for d in document.diagnostics { StandardStream.error.write("state: \(file): \(d)\n") }
    }

    /// The comment after a node: its model type, conformer, enum case or color, a `?` for data
    /// the schema does not describe, and `!` with each diagnostic.
    static func label(_ node: Int, in document: TypedDocument) -> String? {
        var parts: [String] = []
        if let role = document.role(of: node) {
            switch role.kind {
            case .model, .conformer, .enumValue: parts.append(role.label)
            case .color:
                if let color = try? RGBAColor(plistValue: document.tree.value(at: node)) { parts.append("Color \(color.hex)") } else { parts.append("Color") }
            case .value(let type):
                if document.tree[node].kind.isContainer { parts.append("\(type) (\(document.tree[node].count))") }
            case .unknown: parts.append("? not in the schema")
            case .typeTag, .version: break
            }
        }
        parts += document.diagnostics(at: node).filter { $0.kind != .unexpectedKey }.map { "! \($0.message)" }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
