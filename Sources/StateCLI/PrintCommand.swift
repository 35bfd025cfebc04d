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
        GuessedLabeler(tree: tree, inference: inference, swatches: swatches).label
    }

    /// Guessed labels for one thread, node by node in document order. A class with unchecked
    /// fields: a closure's captured variables are checked for exclusive access at every use,
    /// and this runs for every container of the file.
    private final class GuessedLabeler {
        let tree: SourceTree
        let inference: LazyInference
        let swatches: Swatches
        /// Models, conformers and enum cases recur (every `ColorAsset`): their labels are made
        /// once each and kept, the last few used in a list looked through before the table (a
        /// file has a handful of them, and comparing their names costs less than hashing).
        @exclusivity(unchecked) var named: [NodeRole.Kind: String?] = [:]
        @exclusivity(unchecked) var recent: [(kind: NodeRole.Kind, text: String?)] = []
        @exclusivity(unchecked) var nextRecent = 0
        static let recentCount = 8

        init(tree: SourceTree, inference: LazyInference, swatches: Swatches) {
            self.tree = tree
            self.inference = inference
            self.swatches = swatches
        }

        func label(_ node: Int) -> String? {
            // A number, bool, date or UID is only ever guessed a plain value (or a tag or
            // version), none of which has a label, and a string too unless it spells a
            // color: not guessed at all (most nodes).
            let kind = tree[node].kind
            guard kind.isContainer || kind == .data || (kind == .string && ColorSpelling.detect(node, in: tree) != nil) else { return nil }
            return inference.withGuess(of: node) { role, color in
                switch role.kind {
                case .model, .conformer, .enumValue: return namedText(node, role: role)
                default: return PrintCommand.roleText(node, role: role, tree: tree, swatches: swatches, color: color)
                }
            }
        }

        private func namedText(_ node: Int, role: NodeRole) -> String? {
            for i in recent.indices where recent[i].kind == role.kind { return recent[i].text }
            let text: String?
            if let known = named[role.kind] {
                text = known
            } else {
                text = PrintCommand.roleText(node, role: role, tree: tree)
                if named.count > 4096 { named.removeAll(keepingCapacity: true) }
                named[role.kind] = text
            }
            if recent.count < Self.recentCount {
                recent.append((role.kind, text))
            } else {
                recent[nextRecent] = (role.kind, text)
                nextRecent = (nextRecent + 1) % Self.recentCount
            }
            return text
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
        if let role, let text = roleText(node, role: role, tree: tree, swatches: swatches, color: detected) { parts.append(text) }
        if !diagnostics.isEmpty { parts += diagnostics.filter { $0.kind != .unexpectedKey }.map { "! \($0.message)" } }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// What a label says of `role` alone (no diagnostics): nil when the role has nothing to say.
    static func roleText(_ node: Int, role: NodeRole, tree: SourceTree, swatches: Swatches = .none, color detected: ColorSpelling.Detected? = nil) -> String? {
        // Guesses are marked with `~`.
        let mark = role.inferred ? "~" : ""
        switch role.kind {
        case .model, .conformer, .enumValue: return mark + role.label
        case .color:
            let color = detected.map { $0.color(of: node, in: tree) } ?? ColorSpelling.color(at: node, in: tree)
            return mark + "Color" + (color.map { " \($0.hex)" + swatches.swatch($0) } ?? "")
        case .value(let type):
            guard tree[node].kind.isContainer, !role.inferred || type.mentionsModel else { return nil }
            return "\(mark)\(type) (\(tree[node].count))"
        case .unknown: return "? not in the schema"
        case .typeTag, .version: return nil
        }
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
