import ArgumentParser
import Foundation
import State
import StateDocument

/// `state add FILE... KEYPATH VALUE`: a new dictionary entry or array item, in every container the key path names.
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

    // Every word that is no option, so that `-5` and `-inf` are values, not unknown options.
    @Argument(parsing: .allUnrecognized, help: KeyPathArguments.help(value: true))
    var words: [String] = []

    @Option(help: "Read the value as: \(ValueEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: ValueEntry.Kind?

    @Flag(help: "Append to the array the key path names (the same as KEYPATH.+).")
    var append = false

    @OptionGroup var editing: EditOptions
    var dryRun: Bool { editing.dryRun }
    var allowNoMatch: Bool { editing.allowNoMatch }

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        _ = try KeyPathArguments(words, takesValue: true)
    }

    func run() throws {
        var arguments = try KeyPathArguments(words, takesValue: true)
        if append { arguments.keyPath += arguments.keyPath.isEmpty ? "+" : ".+" }
        let value = arguments.value!
        let pattern = try arguments.pattern
        guard let lastPart = pattern.parts.last, case .component(let last) = lastPart.step, lastPart.filters.isEmpty else {
            throw CommandFailure.report(
                PlistError("the key path must name the new entry (container.key, container.index or container.+), not a pattern, in its last part"), file: nil,
                code: CommandFailure.badArguments)
        }
        let containers = PathPattern(parts: Array(pattern.parts.dropLast()), text: String(arguments.keyPath.dropLast(Self.lastPartLength(arguments.keyPath))))
        guard !arguments.namesMany(containers), !allowNoMatch, let containerPath = containers.plainPath else {
            let bulk = BulkEdit(arguments: arguments, schemaOptions: schemaOptions, dryRun: dryRun, allowNoMatch: allowNoMatch, verb: "added")
            return try bulk.run(containers, skippedAs: "a container \(Self.describe(last)) can be added to") { edit, container, path in
                // A dictionary that has the key already, or a container of the wrong kind,
                // is left alone here (one path, one file: the same is an error).
                let kind = edit.tree[container].kind
                switch (kind, last) {
                case (.array, .index), (.array, .key("+")): break
                case (.dictionary, .key(let k)) where k != "+": if edit.tree.child(of: container, key: k) != nil { return nil }
                case (.dictionary, .index(let i)): if edit.tree.child(of: container, key: String(i)) != nil { return nil }
                default: return nil
                }
                return try operations(value, edit: edit, container: container, containerPath: path, last: last)
            }
        }
        var edit = try ScriptedEdit(file: arguments.files[0], schemaOptions: schemaOptions, dryRun: dryRun)
        let container = try edit.node(containerPath)
        let changed = try edit.apply(try operations(value, edit: edit, container: container, containerPath: containerPath, last: last))
        if dryRun { StandardStream.error.write("state: --dry-run: would have \(changed ? "added 1 value" : "changed nothing"); nothing written\n") }
    }

    /// The insert of `text` into `container` as `last` names it (a key, an index, or + to append).
    func operations(_ text: String, edit: ScriptedEdit, container: Int, containerPath: PlistPath, last: PlistPath.Component) throws -> [EditOperation] {
        let path = containerPath.appending(last)
        let new = try type.map { try edit.value(text, type: $0, like: nil) } ?? Self.guess(text, siblings: edit.tree, of: container)
        if last == .key("+") {
            guard edit.tree[container].kind == .array else {
                throw CommandFailure.report(
                    PlistError("+ appends to an array, and this is \(SetCommand.article(edit.tree.scalarOrShape(container).typeName))", at: .keyPath(containerPath.description)),
                    file: nil, code: CommandFailure.badArguments)
            }
            return [.insert(into: containerPath, key: nil, at: nil, value: new)]
        }
        switch (edit.tree[container].kind, last) {
        case (.array, .index(let i)):
            return [.insert(into: containerPath, key: nil, at: i, value: new)]
        case (.array, .key(let k)):
            throw CommandFailure.report(
                PlistError(
                    "\"\(k)\" is not an index, and \(containerPath.description.isEmpty ? "the root" : containerPath.description) is an array", at: .keyPath(path.description)),
                file: nil, code: CommandFailure.badArguments)
        case (_, .key(let k)):
            return [.insert(into: containerPath, key: k, at: nil, value: new)]
        case (_, .index(let i)):
            return [.insert(into: containerPath, key: String(i), at: nil, value: new)]
        }
    }

    /// How long the key path's last part is, with the dot before it.
    static func lastPartLength(_ keyPath: String) -> Int {
        var length = 0
        var escaped = false
        var depth = 0
        // From the end: the last unescaped dot outside brackets.
        let characters = Array(keyPath)
        for (i, ch) in characters.enumerated().reversed() {
            escaped = i > 0 && characters[i - 1] == "\\"
            if !escaped {
                if ch == "]" { depth += 1 }
                if ch == "[" { depth -= 1 }
                if ch == ".", depth == 0 { return length + 1 }
            }
            length += 1
        }
        return length
    }

    static func describe(_ component: PlistPath.Component) -> String {
        switch component {
        case .key("+"): "an item"
        case .key(let k): "\"\(k)\""
        case .index(let i): "an item at \(i)"
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
