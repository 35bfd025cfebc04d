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

    // Every word that is no option, so that `-5` and `-inf` are values, not unknown options.
    @Argument(parsing: .allUnrecognized, help: KeyPathArguments.help(value: true))
    var words: [String] = []

    @Option(help: "Read the value as: \(ValueEntry.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: ValueEntry.Kind?

    @Option(help: "A color as #RRGGBB or #RRGGBBAA, written in each color's own spelling.")
    var color: String?

    @Option(help: ArgumentHelp("Make colors lighter: HSL lightness plus AMOUNT (10% or 0.1).", valueName: "amount"))
    var lighten: String?

    @Option(help: ArgumentHelp("Make colors darker: HSL lightness minus AMOUNT.", valueName: "amount"))
    var darken: String?

    @Option(help: ArgumentHelp("Make colors more saturated: HSL saturation plus AMOUNT.", valueName: "amount"))
    var saturate: String?

    @Option(help: ArgumentHelp("Make colors less saturated: HSL saturation minus AMOUNT.", valueName: "amount"))
    var desaturate: String?

    @Option(help: ArgumentHelp("Rotate colors' hue by DEGREES (-360…360).", valueName: "degrees"))
    var hue: Double?

    @Option(help: ArgumentHelp("Set colors' alpha (0…1, or a percentage).", valueName: "alpha"))
    var alpha: String?

    @Option(help: ArgumentHelp("Change only the colors that are this one (#RRGGBB[AA]); with --color, replace it everywhere.", valueName: "color"))
    var onlyColor: String?

    @Option(
        help: ArgumentHelp(
            "Write asset catalog colors' red, green and blue components as hex (0x80), fraction (0.502) or byte (128), as Xcode's input method does.", valueName: "style"))
    var spell: String?

    @OptionGroup var editing: EditOptions
    var dryRun: Bool { editing.dryRun }
    var allowNoMatch: Bool { editing.allowNoMatch }

    @OptionGroup var schemaOptions: SchemaOptions

    /// Whether the edit is a color edit (no VALUE word).
    var colorMode: Bool {
        color != nil || lighten != nil || darken != nil || saturate != nil || desaturate != nil || hue != nil || alpha != nil || onlyColor != nil || spell != nil
    }

    func validate() throws {
        let arguments = try KeyPathArguments(words, takesValue: !colorMode)
        if colorMode, let value = arguments.value {
            throw ValidationError("give either a VALUE or --color and its adjustments, not both ('\(value)')")
        }
        _ = try adjustments()
    }

    /// The color changes the options ask for, in a fixed order: replace, hue, saturation,
    /// lightness, alpha.
    func adjustments() throws -> [ColorAdjustment] {
        func amount(_ text: String?, _ option: String) throws -> Double? {
            guard let text else { return nil }
            guard let value = ColorAdjustment.amount(text) else {
                throw ValidationError("--\(option) takes a percentage (10%) or a fraction (0.1), not '\(text)'")
            }
            return value
        }
        func hex(_ text: String?, _ option: String) throws -> RGBAColor? {
            guard let text else { return nil }
            guard let rgba = RGBAColor(hex: text) else { throw ValidationError("--\(option): \"\(text)\" is not a color (#RRGGBB or #RRGGBBAA)") }
            return rgba
        }
        var result: [ColorAdjustment] = []
        if let new = try hex(color, "color") { result.append(.replace(new)) }
        _ = try hex(onlyColor, "only-color")
        if let spell, ColorEdit.componentStyle(named: spell) == nil { throw ValidationError("--spell takes hex, fraction or byte, not '\(spell)'") }
        if let hue {
            guard hue.isFinite, abs(hue) <= 360 else { throw ValidationError("--hue takes degrees from -360 to 360") }
            result.append(.rotateHue(hue))
        }
        if let s = try amount(saturate, "saturate") { result.append(.saturate(s)) }
        if let s = try amount(desaturate, "desaturate") { result.append(.saturate(-s)) }
        if let l = try amount(lighten, "lighten") { result.append(.lighten(l)) }
        if let l = try amount(darken, "darken") { result.append(.lighten(-l)) }
        if let a = try amount(alpha, "alpha") {
            guard (0...1).contains(a) else { throw ValidationError("--alpha takes 0…1 (or 0%…100%)") }
            result.append(.alpha(a))
        }
        return result
    }

    func run() throws {
        let arguments = try KeyPathArguments(words, takesValue: !colorMode)
        let pattern = try arguments.pattern
        let change: BulkEdit.Change = colorMode ? try colorChange() : valueChange(arguments.value!)
        guard !arguments.namesMany(pattern), !allowNoMatch, let path = pattern.plainPath else {
            let bulk = BulkEdit(arguments: arguments, schemaOptions: schemaOptions, dryRun: dryRun, allowNoMatch: allowNoMatch, verb: colorMode ? "changed" : "set")
            return try bulk.run(pattern, skippedAs: colorMode ? "a color" : nil, change: change)
        }
        // One value in one file: plutil's behaviour, and its messages.
        var edit = try ScriptedEdit(file: arguments.files[0], schemaOptions: schemaOptions, dryRun: dryRun)
        let node = try edit.node(path)
        guard let operations = try change(edit, node, path) else {
            throw CommandFailure.report(
                PlistError(
                    "this is \(Self.article(edit.tree.scalarOrShape(node).typeName)), not a color (a dictionary of red, green, blue and alpha, an iTerm2 or asset catalog color, or a #RRGGBB string); to replace it with one, use --type json '{\"red\": 1, \"green\": 0, \"blue\": 0, \"alpha\": 1}'",
                    at: .keyPath(path.description)), file: nil, code: CommandFailure.badArguments)
        }
        let changed = try edit.apply(operations)
        if dryRun { StandardStream.error.write("state: --dry-run: would have \(changed ? "set 1 value" : "changed nothing"); nothing written\n") }
    }

    /// A VALUE set at each match, read as the kind the value there has (or --type).
    func valueChange(_ value: String) -> BulkEdit.Change {
        { edit, node, path in
            // A number only JSON can hold is written as given (jq keeps such numbers as written).
            let numeric = type.map { [.integer, .real].contains($0) } ?? [.integer, .real].contains(edit.tree[node].kind)
            if edit.tree.format.isJSON, numeric, let wide = ValueEntry.wideJSONNumber(value) {
                return [.setNumber(path, text: wide)]
            }
            let new = try edit.value(value, type: type ?? ValueEntry.kind(of: node, in: edit.tree), like: nil)
            if !edit.tree[node].kind.isContainer, edit.tree.scalar(at: node) == new, !edit.tree[node].isWideNumber { return [] }
            return [.set(path, new)]
        }
    }

    /// The color options applied to each match that is a color, in its own spelling; nil for
    /// a match that is not a color.
    func colorChange() throws -> BulkEdit.Change {
        let adjustments = try adjustments()
        let only = onlyColor.flatMap(RGBAColor.init(hex:))
        let style = spell.flatMap(ColorEdit.componentStyle(named:))
        return { edit, node, path in
            let tree = edit.tree
            guard Self.isColor(node, in: tree), let current = ColorSpelling.color(at: node, in: tree) ?? Self.stateColor(node, in: tree) else { return nil }
            if let only, current.hex != only.hex { return [] }
            let new = ColorAdjustment.applied(adjustments, to: current)
            // Another spelling: only an asset catalog color has one to change (others are left).
            if let style { return ColorEdit.respelled(new, as: style, at: path, node: node, in: tree) }
            guard new != current else { return [] }
            return try ColorEdit.operations(new, at: path, node: node, in: tree)
        }
    }

    /// Only a color is written as one: a string or a number is not replaced by a dictionary. In
    /// the spelling it has: a State or iTerm2 dictionary, an asset catalog color, a hex string.
    static func isColor(_ node: Int, in tree: SourceTree) -> Bool {
        stateColor(node, in: tree) != nil || ColorSpelling.detect(node, in: tree) != nil
    }

    /// A dictionary of red, green and blue numbers (and maybe alpha): State's own color.
    static func stateColor(_ node: Int, in tree: SourceTree) -> RGBAColor? {
        guard tree[node].kind == .dictionary else { return nil }
        let channels = ["red", "green", "blue", "alpha"].map { tree.child(of: node, key: $0).flatMap { tree.scalar(at: $0).doubleValue } }
        guard let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
        return RGBAColor(red: r, green: g, blue: b, alpha: channels[3] ?? 1)
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
