import ArgumentParser
import Foundation
import State
import StateDocument
import StateSchema
import TerminalCore

/// `state print FILE`: the value tree, indented like `plutil -p`.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a model file as an indented tree (like plutil -p)."
    )

    @Argument(
        help:
            "The file to print (XML or binary plist, JSON, JSONC, OpenStep), or a folder (each file state reads in it, under a ==> name <== line, as tail prints several); - reads standard input."
    )
    var file: String

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(help: "Print the plain tree, without looking for a schema (a keyed archive: its storage, not its object graph).")
    var raw = false

    func run() throws {
        guard file != "-", FolderFiles.isFolder(URL(fileURLWithPath: file)) else {
            let input = InputFile(file)
            return try Self.print(try input.readTree(), input: input, schemaOptions: schemaOptions, raw: raw)
        }
        try Self.printFolder(file, schemaOptions: schemaOptions, raw: raw)
    }

    /// A folder: each file in turn, under `==> NAME <==`; one that cannot be read is reported
    /// where it would be printed, and the rest still are.
    static func printFolder(_ file: String, schemaOptions: SchemaOptions, raw: Bool) throws {
        var failure: ExitCode?
        for (index, target) in try Targets.resolve([file]).enumerated() {
            StandardStream.output.write((index == 0 ? "" : "\n") + "==> \(target.name) <==\n")
            do {
                let input = InputFile(target.argument)
                try Self.print(try input.readTree(name: target.name), input: input, schemaOptions: schemaOptions, raw: raw)
            } catch let code as ExitCode {
                failure = failure ?? code
            }
        }
        if let failure { throw failure }
    }

    /// Prints `tree`, read from `input` (also what `state FILE | less` shows).
    static func print(_ tree: SourceTree, input: InputFile, schemaOptions: SchemaOptions, raw: Bool) throws {
        guard !raw else {
            TreePrinter.render(tree, emit: StandardStream.output.write)
            return
        }
        if let graph = ArchiveGraph.of(tree) {
            // A keyed archive: its object graph, each object with its class; shared objects and
            // cycles as links to where they are shown.
            let swatches = Swatches(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) == 1)
            TreePrinter.render(
                graph.tree,
                label: { node in
                    var parts = [graph.className(of: node)].compactMap { $0 }
                    if !parts.isEmpty, let color = ColorSpelling.detect(node, in: graph.tree)?.color(of: node, in: graph.tree) {
                        parts.append(color.hex + swatches.swatch(color))
                    }
                    return parts.isEmpty ? nil : parts.joined(separator: "  ")
                }, emit: StandardStream.output.write)
            return
        }
        let swatches = Swatches(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) == 1)
        // A schema given or found beside the file: checked whole (its diagnostics follow the
        // tree). Otherwise roles are guessed as the tree is written, so output starts at once.
        guard let schema = try schemaOptions.load(for: input.url, tree: tree) else {
            // Guessed on the other cores as the tree is written (`LabelPipeline`).
            let tagKeys = LazyInference.tagKeys(of: tree, threads: min(Cores.available, 8))
            let labels = LabelPipeline.start(nodeCount: tree.nodes.count) { guessedLabels(tree, inference: LazyInference(tree, tagKeys: tagKeys), swatches: swatches) }
            TreePrinter.render(tree, label: labels, emit: StandardStream.output.write)
            return
        }
        let document = SchemaValidator(schema: schema).validate(tree, as: schemaOptions.root)
        TreePrinter.render(tree, label: { node in Self.label(node, in: document, tree: tree, swatches: swatches) }, emit: StandardStream.output.write)
        for d in document.diagnostics { StandardStream.error.write("state: \(input.name): \(d)\n") }
    }

    /// The labels of `tree` without a schema, guessed as a printer asks for them in document
    /// order (`LazyInference`): the same as `label(_:in:)` of the whole-document guess.
    static func guessedLabels(_ tree: SourceTree, swatches: Swatches = .none) -> (Int) -> String? {
        guessedLabels(tree, inference: LazyInference(tree), swatches: swatches)
    }

    static func guessedLabels(_ tree: SourceTree, inference: LazyInference, swatches: Swatches) -> (Int) -> String? {
        // Models, conformers and enum cases recur (every `ColorAsset`): their labels are made
        // once each.
        var named: [NodeRole.Kind: String?] = [:]
        return { node in
            // A number, bool, date or UID is only ever guessed a plain value (or a tag or
            // version), none of which has a label, and a string too unless it spells a
            // color: not guessed at all (most nodes).
            let kind = tree[node].kind
            guard kind.isContainer || kind == .data || (kind == .string && ColorSpelling.detect(node, in: tree) != nil) else { return nil }
            let guess = inference.guess(of: node)
            guard let role = guess.role else { return nil }
            switch role.kind {
            case .model, .conformer, .enumValue:
                if let known = named[role.kind] { return known }
                let text = label(node, role: role, diagnostics: [], tree: tree)
                if named.count > 4096 { named.removeAll(keepingCapacity: true) }
                named[role.kind] = text
                return text
            default:
                return label(node, role: role, diagnostics: [], tree: tree, swatches: swatches, color: guess.color)
            }
        }
    }

    /// The comment after a node: its model type, conformer, enum case or color (`~` when
    /// guessed without a schema), a `?` for data the schema does not describe, and `!` with
    /// each diagnostic.
    static func label(_ node: Int, in document: TypedDocument, tree: SourceTree, swatches: Swatches = .none) -> String? {
        label(node, role: document.role(of: node), diagnostics: document.diagnostics(at: node), tree: tree, swatches: swatches)
    }

    /// The comment after `node`, from its role and diagnostics.
    /// `color` is the color's spelling (and perhaps the color) when the caller has found it.
    static func label(_ node: Int, role: NodeRole?, diagnostics: [Diagnostic], tree: SourceTree, swatches: Swatches = .none, color detected: ColorSpelling.Detected? = nil)
        -> String?
    {
        var parts: [String] = []
        if let role {
            // Guesses are marked with `~`.
            let mark = role.inferred ? "~" : ""
            switch role.kind {
            case .model, .conformer, .enumValue: parts.append(mark + role.label)
            case .color:
                let color = detected.map { $0.color(of: node, in: tree) } ?? ColorSpelling.color(at: node, in: tree)
                parts.append(mark + "Color" + (color.map { " \($0.hex)" + swatches.swatch($0) } ?? ""))
            case .value(let type):
                if tree[node].kind.isContainer, !role.inferred || type.mentionsModel {
                    parts.append("\(mark)\(type) (\(tree[node].count))")
                }
            case .unknown: parts.append("? not in the schema")
            case .typeTag, .version: break
            }
        }
        if !diagnostics.isEmpty { parts += diagnostics.filter { $0.kind != .unexpectedKey }.map { "! \($0.message)" } }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}

/// Color swatches in `state print` on a terminal: two cells in the color (24-bit with
/// `COLORTERM=truecolor`, else the nearest of the 256), and nothing in a pipe, a file or with
/// `NO_COLOR` — scripts get the hex value alone.
enum Swatches: Equatable {
    case none, palette256, trueColor

    init(environment: [String: String], isTerminal: Bool) {
        let term = environment["TERM"] ?? ""
        guard isTerminal, (environment["NO_COLOR"] ?? "").isEmpty, !term.isEmpty, term != "dumb" else {
            self = .none
            return
        }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        self = colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .palette256
    }

    func swatch(_ color: RGBAColor) -> String {
        let (r, g, b, _) = color.channels8
        switch self {
        case .none: return ""
        case .trueColor: return " \u{1B}[48;2;\(r);\(g);\(b)m  \u{1B}[0m"
        case .palette256: return " \u{1B}[48;5;\(Color.nearestPaletteIndex(r: r, g: g, b: b))m  \u{1B}[0m"
        }
    }
}
