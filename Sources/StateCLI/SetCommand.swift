import ArgumentParser
import Foundation
import State
import StateDocument

/// `state set FILE KEYPATH VALUE`: replace one value in place.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the value at a key path, changing only its bytes in the file.",
        discussion: """
            Without --type the value is read as the kind the current value has (a number stays a \
            number). --color '#RRGGBB[AA]' writes a color's red, green, blue and alpha channels. \
            With a schema (given, or found beside the file) an edit that adds schema errors is \
            refused. Nothing is written when the command fails. Exit status: 64 bad arguments \
            (no such key path, a value that does not parse), 1 bad input file, 65 the value does \
            not fit the schema, 3 the file cannot be written.
            """
    )

    @OptionGroup var target: KeyPathArguments
    var file: String { target.file }
    var keyPath: String { target.keyPath }

    // Every word that is no option, so that `-5` and `-inf` are values, not unknown options.
    @Argument(parsing: .allUnrecognized, help: "The new value (omit with --color); negative numbers need no --.")
    var values: [String] = []
    var value: String? { Self.valueWords(values).first }

    @Option(help: "Read the value as: \(ValueEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: ValueEntry.Kind?

    @Option(help: "A color as #RRGGBB or #RRGGBBAA, written through the color transform.")
    var color: String?

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        try Self.checkSingleValue(values)
        guard (value == nil) != (color == nil) else {
            throw ValidationError("give either a VALUE or --color")
        }
    }

    func run() throws {
        var edit = try ScriptedEdit(file: file, schemaOptions: schemaOptions)
        let path = PlistPath(parsing: keyPath)
        let node = try edit.node(path)
        if let color {
            guard let rgba = RGBAColor(hex: color) else {
                throw CommandFailure.report(PlistError("\"\(color)\" is not a color (#RRGGBB or #RRGGBBAA)"), file: nil, code: CommandFailure.badArguments)
            }
            // Only a color is written as one: a string or a number is not replaced by a dictionary.
            // In the spelling it has: a State or iTerm2 dictionary, an asset catalog color, a hex string.
            let channels = ["red", "green", "blue"].compactMap { edit.tree.child(of: node, key: $0) }
            let isStateColor = edit.tree[node].kind == .dictionary && channels.count == 3 && channels.allSatisfy({ [.real, .integer].contains(edit.tree[$0].kind) })
            guard isStateColor || ColorSpelling.detect(node, in: edit.tree) != nil else {
                throw CommandFailure.report(
                    PlistError(
                        "this is \(Self.article(edit.tree.scalarOrShape(node).typeName)), not a color (a dictionary of red, green, blue and alpha, an iTerm2 or asset catalog color, or a #RRGGBB string); to replace it with one, use --type json '{\"red\": 1, \"green\": 0, \"blue\": 0, \"alpha\": 1}'",
                        at: .keyPath(path.description)), file: nil, code: CommandFailure.badArguments)
            }
            try edit.apply(ColorEdit.operations(rgba, at: path, node: node, in: edit.tree))
            return
        }
        // A number only JSON can hold is written as given (jq keeps such numbers as written).
        let numeric = type.map { [.integer, .real].contains($0) } ?? [.integer, .real].contains(edit.tree[node].kind)
        if edit.tree.format.isJSON, numeric, let wide = ValueEntry.wideJSONNumber(value!) {
            try edit.apply([.setNumber(path, text: wide)])
            return
        }
        let new = try edit.value(value!, type: type ?? ValueEntry.kind(of: node, in: edit.tree), like: nil)
        try edit.apply([.set(path, new)])
    }

    /// One value at most; a word that looks like an option (`--tpye`) is one, mistyped, not a
    /// value (a value starting with `--` can still be given after `--`).
    static func checkSingleValue(_ values: [String]) throws {
        let words = valueWords(values)
        if words.count == values.count, let option = values.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option '\(option)' (a value that starts with -- goes after --: state set FILE KEYPATH -- \(option))")
        }
        guard words.count <= 1 else {
            throw ValidationError("one VALUE, not \(words.count) (\(words.map { "'\($0)'" }.joined(separator: " "))); quote a value with spaces")
        }
    }

    /// The value words as given: `.allUnrecognized` keeps the `--` that ends the options.
    static func valueWords(_ values: [String]) -> [String] {
        values.first == "--" ? Array(values.dropFirst()) : values
    }

    /// `a string`, `an integer`.
    static func article(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }
}
