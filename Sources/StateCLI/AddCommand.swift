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
            `state add FILE groups.Default.assets.3 '{…}' --type json` inserts at index 3; \
            `state add FILE tags.+ new` (or `--append FILE tags new`) appends to an array without \
            knowing its length; `state add FILE name.first Ada` adds the key "first". The new \
            text copies its siblings' indentation and separators. Without --type the value is \
            read as its siblings' kind when they all have one kind (an array of strings takes \
            "42" as a string), else as what it looks like: true/false a bool, a whole number an \
            integer, a number with a point a real, an ISO-8601 date a date, anything else a \
            string. Exit status as for `state set`.
            """
    )

    @OptionGroup var target: KeyPathArguments
    var file: String { target.file }
    var keyPath: String { target.keyPath }

    // Every word that is no option, so that `-5` and `-inf` are values, not unknown options.
    @Argument(parsing: .allUnrecognized, help: "The value; negative numbers need no --.")
    var values: [String] = []
    var value: String { SetCommand.valueWords(values).first ?? "" }

    @Option(help: "Read the value as: \(ValueEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: ValueEntry.Kind?

    @Flag(help: "Append to the array the key path names (the same as KEYPATH.+).")
    var append = false

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        try SetCommand.checkSingleValue(values)
        guard !SetCommand.valueWords(values).isEmpty else { throw ValidationError("Missing expected argument '<value>'") }
    }

    func run() throws {
        var edit = try ScriptedEdit(file: file, schemaOptions: schemaOptions)
        var path = PlistPath(parsing: keyPath)
        if append { path = path.appending(.key("+")) }
        guard let last = path.components.last else {
            throw CommandFailure.report(
                PlistError("the key path must name the new entry (container.key, container.index or container.+)"), file: nil, code: CommandFailure.badArguments)
        }
        let containerPath = path.dropLast()
        let container = try edit.node(containerPath)
        let new = try type.map { try edit.value(value, type: $0, like: nil) } ?? Self.guess(value, siblings: edit.tree, of: container)
        if last == .key("+") {
            guard edit.tree[container].kind == .array else {
                throw CommandFailure.report(
                    PlistError("+ appends to an array, and this is \(SetCommand.article(edit.tree.scalarOrShape(container).typeName))", at: .keyPath(containerPath.description)),
                    file: nil, code: CommandFailure.badArguments)
            }
            try edit.apply([.insert(into: containerPath, key: nil, at: nil, value: new)])
            return
        }
        switch (edit.tree[container].kind, last) {
        case (.array, .index(let i)):
            try edit.apply([.insert(into: containerPath, key: nil, at: i, value: new)])
        case (.array, .key(let k)):
            throw CommandFailure.report(
                PlistError(
                    "\"\(k)\" is not an index, and \(containerPath.description.isEmpty ? "the root" : containerPath.description) is an array", at: .keyPath(path.description)),
                file: nil, code: CommandFailure.badArguments)
        case (_, .key(let k)):
            try edit.apply([.insert(into: containerPath, key: k, at: nil, value: new)])
        case (_, .index(let i)):
            try edit.apply([.insert(into: containerPath, key: String(i), at: nil, value: new)])
        }
    }

    /// The value `text` as its siblings' kind when they all have the same one and the text
    /// reads as it; otherwise as what it looks like (`ValueEntry.guess`).
    static func guess(_ text: String, siblings tree: SourceTree, of container: Int) -> PlistValue {
        let kinds = Set(tree.children(of: container).map { ValueEntry.kind(of: tree.scalar(at: $0)) })
        if kinds.count == 1, let kind = kinds.first, kind != .json, let value = try? ValueEntry.parse(text, as: kind) { return value }
        return ValueEntry.guess(text)
    }
}
