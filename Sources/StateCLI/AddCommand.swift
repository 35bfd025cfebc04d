import ArgumentParser
import Foundation
import State
import StateDocument

/// `state add FILE KEYPATH VALUE`: a new dictionary entry or array item.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a dictionary entry or array item; the key path's last part is the new key or the index to insert at.",
        discussion: """
            `state add FILE groups.Default.assets.3 '{…}' --type json` inserts at index 3 (the \
            item count appends); `state add FILE name.first Ada` adds the key "first". The new \
            text copies its siblings' indentation and separators. Without --type the value is \
            read as the kind of the container's first item, else as a string. Exit status as for \
            `state set`.
            """
    )

    @Argument(help: "The file to edit.")
    var file: String

    @Argument(help: "The key path of the new entry: its container's path plus the new key or index.")
    var keyPath: String

    @Argument(help: "The value.")
    var value: String

    @Option(help: "Read the value as: \(ValueEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: ValueEntry.Kind?

    @OptionGroup var schemaOptions: SchemaOptions

    func run() throws {
        var edit = try ScriptedEdit(file: file, schemaOptions: schemaOptions)
        let path = PlistPath(parsing: keyPath)
        guard let last = path.components.last else {
            throw CommandFailure.report(PlistError("the key path must name the new entry (container.key or container.index)"), file: nil, code: CommandFailure.badArguments)
        }
        let containerPath = path.dropLast()
        let container = try edit.node(containerPath)
        let first = edit.tree.children(of: container).first { _ in true }
        let new = try edit.value(value, type: type, like: first.map { edit.tree.value(at: $0) })
        switch (edit.tree[container].kind, last) {
        case (.array, .index(let i)):
            try edit.apply([.insert(into: containerPath, key: nil, at: i, value: new)])
        case (.array, .key(let k)):
            throw CommandFailure.report(PlistError("\"\(k)\" is not an index, and \(containerPath.description.isEmpty ? "the root" : containerPath.description) is an array", at: .keyPath(path.description)), file: nil, code: CommandFailure.badArguments)
        case (_, .key(let k)):
            try edit.apply([.insert(into: containerPath, key: k, at: nil, value: new)])
        case (_, .index(let i)):
            try edit.apply([.insert(into: containerPath, key: String(i), at: nil, value: new)])
        }
    }
}
