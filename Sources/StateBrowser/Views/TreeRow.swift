import State
import StateSchema
import TerminalCore

/// What one row of the tree says, in styled pieces: the key or index, a summary of the value,
/// and (right-aligned) what the node is — its model type, conformer, enum case or type.
struct TreeRow {
    struct Piece {
        var text: String
        var role: ThemeRole
        /// A color swatch: drawn as two blank cells on this background and a space, or not at
        /// all on a terminal without colors.
        var swatch: Color? = nil
        /// Left out when fewer cells are left (a preview cut to `{Ga…` says nothing).
        var minimumWidth = 0
    }

    var gutter: Piece?
    var label: [Piece] = []
    var summary: [Piece] = []
    var type: Piece?

    init(node: Int, state: BrowserState) {
        let document = state.document
        let tree = document.tree
        let source = tree[node]
        let role = document.role(of: node)

        let diagnostics = document.diagnostics(at: node)
        if diagnostics.contains(where: { $0.severity == .error }) {
            gutter = Piece(text: "!", role: .diagnosticError)
        } else if !diagnostics.isEmpty {
            gutter = Piece(text: "!", role: .diagnosticWarning)
        }

        if let label = document.label(of: node) {
            let isIndex = document.isArrayElement(node)
            self.label = [Piece(text: isIndex ? label : label.escaped(), role: isIndex ? .index : .key)]
        } else {
            label = [Piece(text: "(root)", role: .label)]
        }

        summary = Self.summary(node: node, source: source, role: role, state: state)
        type =
            (state.archiveClass(of: node) ?? Self.isa(of: node, in: tree)).map { Piece(text: $0, role: .typeName) } ?? Self.typePiece(role: role, source: source)
            ?? Self.kindPiece(source)
    }

    static func summary(node: Int, source: SourceNode, role: NodeRole?, state: BrowserState) -> [Piece] {
        let tree = state.document.tree
        switch role?.kind {
        case .color?:
            if let color = ColorSpelling.color(at: node, in: tree) {
                let (r, g, b, a) = color.channels8
                var pieces = [Piece(text: "  ", role: .text, swatch: .rgb(r, g, b))]
                pieces.append(Piece(text: color.hex + (a < 255 ? "  α \(Int((color.alpha * 100).rounded()))%" : ""), role: .number))
                return pieces
            }
        case .enumValue(_, let caseName?)?:
            if source.kind.isContainer { return [Piece(text: "." + caseName, role: .enumCase)] }
        default:
            break
        }
        switch source.kind {
        case .dictionary, .array:
            let count = Piece(text: source.kind == .array ? "[\(source.count)]" : "{\(source.count)}", role: .count)
            // An asset catalog's set: its colors side by side, or its images, expanded or not.
            if let colors = AssetSummary.colorSet(node, in: state.document) {
                var pieces = [count]
                for entry in colors {
                    if let color = entry.color {
                        let (r, g, b, _) = color.channels8
                        pieces.append(Piece(text: "  ", role: .text))
                        pieces.append(Piece(text: "  ", role: .text, swatch: .rgb(r, g, b)))
                        pieces.append(Piece(text: entry.label, role: .label))
                    } else {
                        pieces.append(Piece(text: "  ? " + entry.label, role: .label))
                    }
                }
                return pieces
            }
            if let images = AssetSummary.imageSet(node, in: state.document) { return [count, Piece(text: "  " + images, role: .label, minimumWidth: 8)] }
            let annotation = annotationPieces(node, tree: tree)
            // Collapsed, a container shows its first entries (as jless does); a pbxproj object
            // its annotation instead.
            guard annotation.isEmpty, source.count > 0, !state.treePane.outline.isExpanded(node) else { return [count] + annotation }
            return [count, Piece(text: "  " + ContainerPreview.text(of: node, in: tree), role: .label, minimumWidth: 14)]
        case .string:
            // An object id in a pbxproj says what it refers to (Xcode's annotation comment).
            return [Piece(text: ValueText.summary(tree.scalar(at: node)), role: .string)] + annotationPieces(node, tree: tree)
        case .integer, .real: return [Piece(text: tree.scalarText(at: node), role: .number)]
        case .trueValue, .falseValue: return [Piece(text: source.kind == .trueValue ? "true" : "false", role: .bool)]
        case .date: return [Piece(text: tree.scalar(at: node).plainText, role: .date)]
        case .data: return [Piece(text: ValueText.dataSummary(tree.scalar(at: node)), role: .data)]
        case .uid: return [Piece(text: tree.scalar(at: node).plainText, role: .data)]
        case .null: return [Piece(text: "null", role: .null)]
        }
    }

    /// Xcode's annotation after an object id in a pbxproj (`AppDelegate.swift in Sources`), on
    /// the object's row and on every id naming it, so the objects list reads like a project.
    static func annotationPieces(_ node: Int, tree: SourceTree) -> [Piece] {
        tree.annotation(of: node).map { [Piece(text: "  " + $0, role: .label)] } ?? []
    }

    /// An OpenStep object's `isa` (`PBXNativeTarget`): its type, as a model's is.
    static func isa(of node: Int, in tree: SourceTree) -> String? {
        guard tree.format == .openStep, tree[node].kind == .dictionary, let isa = tree.child(of: node, key: "isa"), case .string(let name) = tree.scalar(at: isa) else {
            return nil
        }
        return name
    }

    /// What a scalar is when nothing says more (no schema): its kind, as Xcode's Type column
    /// shows it — a fact read from the file, not a guess.
    static func kindPiece(_ source: SourceNode) -> Piece? {
        let name: String
        switch source.kind {
        case .string: name = "String"
        case .integer: name = "Integer"
        case .real: name = "Real"
        case .trueValue, .falseValue: name = "Boolean"
        case .date: name = "Date"
        case .data: name = "Data"
        case .uid: name = "UID"
        case .null: name = "Null"
        case .dictionary, .array: return nil
        }
        return Piece(text: name, role: .label)
    }

    static func typePiece(role: NodeRole?, source: SourceNode) -> Piece? {
        guard let role else { return nil }
        let mark = role.inferred ? "~" : ""
        let pieceRole: ThemeRole
        switch role.kind {
        case .model: pieceRole = .typeName
        case .conformer: pieceRole = .conformer
        case .enumValue(let name, _): return Piece(text: mark + name, role: role.inferred ? .inferred : .typeName)
        case .value(let type):
            // A guessed scalar type says nothing the value does not already show.
            if role.inferred, !source.kind.isContainer { return nil }
            return Piece(text: mark + type.description, role: role.inferred ? .inferred : .label)
        case .color: pieceRole = .typeName
        case .typeTag, .version: return Piece(text: role.label, role: .label)
        case .unknown: return Piece(text: "not in the schema", role: .diagnosticWarning)
        }
        return Piece(text: mark + role.label, role: role.inferred ? .inferred : pieceRole)
    }
}
