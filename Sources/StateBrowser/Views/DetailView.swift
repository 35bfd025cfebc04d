import State
import StateSchema
import TerminalCore

/// The side pane for the selected node: where it is, what the schema says it is (field, type,
/// optional, default, transform), its problems, and its raw form in the file.
enum DetailView {
    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let inner = Box.draw(title: "Detail", focused: false, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        var writer = LineWriter(screen: screen, rect: inner, theme: theme)
        defer { screen = writer.screen }
        let document = state.document
        let tree = document.tree
        let node = state.selectedNode
        let source = tree[node]

        let path = document.path(of: node).description
        writer.wrappedField("Path", path.isEmpty ? "(root)" : path, role: .key)
        if let label = document.label(of: node) { writer.field(document.isArrayElement(node) ? "Index" : "Key", label, role: document.isArrayElement(node) ? .index : .key) }
        let kind: String =
            switch source.kind {
            case .dictionary: "dictionary, \(source.count) \(source.count == 1 ? "entry" : "entries")"
            case .array: "array, \(source.count) \(source.count == 1 ? "item" : "items")"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .trueValue, .falseValue: "boolean"
            case .date: "date"
            case .data: "data"
            case .uid: "UID"
            case .null: "null"
            }
        writer.field("Value", kind, role: .text)

        if let role = document.role(of: node) {
            let roleText = role.label + (role.inferred ? "  (guessed, no schema)" : "")
            writer.field("Type", roleText, role: role.inferred ? .inferred : (role.kind == .unknown ? .diagnosticWarning : .typeName))
            if case .color = role.kind, let color = ColorSpelling.color(at: node, in: tree) {
                let (r, g, b, _) = color.channels8
                writer.field("Color", "\(color.hex)  rgba(\(r), \(g), \(b), \(String(format: "%.2f", color.alpha)))", role: .number)
                if let spelling = ColorSpelling.detect(node, in: tree), spelling != .unitDictionary {
                    writer.field("Spelling", spelling.name + (spelling.isSRGB ? "" : "; channels shown as they are, not converted to sRGB"), role: .text)
                }
            }
            if let transform = role.transform { writer.field("Transform", transform, role: .text) }
        }
        if let (field, model, isElement) = document.field(of: node) {
            writer.field("Field", "\(model).\(field.name): \(field.type)\(field.optional ? "?" : "")\(isElement ? "  (an element)" : "")", role: .text)
            var traits: [String] = []
            traits.append(field.isRequired ? "required" : "not required")
            if let value = field.defaultValue { traits.append("default \(SchemaFileWriter.literal(value))") }
            if field.dissolve { traits.append("dissolved when empty") }
            if field.immutable { traits.append("immutable") }
            if let doc = field.documentation { traits.append(doc) }
            writer.field("", traits.joined(separator: " · "), role: .label)
        }
        writer.field(
            "Bytes", "\(source.start)..<\(source.end)  (\(source.end - source.start) bytes, \(tree.format.rawValue)\(tree.encoding.isUTF8 ? "" : " as UTF-8"))", role: .label)

        let problems = document.diagnostics(at: node)
        if !problems.isEmpty {
            writer.blank()
            writer.heading("Problems")
            for problem in problems {
                writer.wrapped((problem.severity == .error ? "! " : "warning: ") + problem.message, role: problem.severity == .error ? .diagnosticError : .diagnosticWarning)
            }
        }
        writer.blank()
        writer.heading("Raw")
        for line in rawLines(node: node, tree: tree, limit: max(0, writer.remaining)) { writer.line(line, role: .text) }
    }

    /// The node as it is written in the file, dedented; for binary files, the decoded value.
    static func rawLines(node: Int, tree: SourceTree, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let source = tree[node]
        guard tree.format != .binary else {
            return [source.kind.isContainer ? "(binary object at byte \(source.start))" : ValueText.summary(tree.scalar(at: node))]
        }
        var start = Int(source.start)
        var stop = Int(source.end)
        if tree.format == .jsonc {
            // With its key, and a comment after it on its last line: comments are what a
            // JSONC file has beyond its values.
            if source.hasKey { start = Int(source.keyStart) }
            var i = stop
            while i < tree.bytes.count, [0x20, 0x09, UInt8(ascii: ",")].contains(tree.bytes[i]) { i += 1 }
            if i + 1 < tree.bytes.count, tree.bytes[i] == UInt8(ascii: "/") {
                while i < tree.bytes.count, tree.bytes[i] != 0x0A, tree.bytes[i] != 0x0D { i += 1 }
                stop = i
            }
        }
        // Only as many bytes as can be shown are looked at.
        let end = min(stop, start + 64 * 1024)
        var lineStart = start
        while lineStart > 0, tree.bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indent = tree.bytes[lineStart..<start].count
        var lines: [String] = []
        for (i, raw) in tree.bytes[start..<end].split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard lines.count < limit else { break }
            var bytes = raw
            if i > 0 {
                var dropped = 0
                while dropped < indent, let first = bytes.first, first == 0x20 || first == 0x09 {
                    bytes = bytes.dropFirst()
                    dropped += 1
                }
            }
            // Controls and bidirectional overrides in the file are shown as escapes, never obeyed.
            lines.append(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\t", with: "  ").replacingOccurrences(of: "\r", with: "").escaped())
        }
        if end < stop, lines.count < limit { lines.append("…") }
        return lines
    }
}

/// Writes labelled lines into a pane, top to bottom, stopping at its bottom edge.
struct LineWriter {
    var screen: ScreenBuffer
    let rect: Rect
    let theme: Theme
    var y: Int

    init(screen: ScreenBuffer, rect: Rect, theme: Theme) {
        self.screen = screen
        self.rect = rect
        self.theme = theme
        y = rect.y
    }

    var remaining: Int { rect.maxY - y }

    mutating func field(_ label: String, _ value: String, role: ThemeRole) {
        guard y < rect.maxY else { return }
        let labelWidth = 10
        screen.put(label, x: rect.x, y: y, style: theme[.label], limit: rect.maxX)
        screen.put(TextWidth.truncated(value.escaped(), to: rect.width - labelWidth), x: rect.x + labelWidth, y: y, style: theme[role], limit: rect.maxX)
        y += 1
    }

    /// A labelled value over as many lines as it needs (a deep key path).
    mutating func wrappedField(_ label: String, _ value: String, role: ThemeRole) {
        guard y < rect.maxY else { return }
        let labelWidth = 10
        screen.put(label, x: rect.x, y: y, style: theme[.label], limit: rect.maxX)
        var rest = Substring(value.escaped())
        repeat {
            let chunk = rest.prefix(max(1, TextWidth.fittingCount(rest, width: rect.width - labelWidth)))
            screen.put(String(chunk), x: rect.x + labelWidth, y: y, style: theme[role], limit: rect.maxX)
            rest = rest.dropFirst(chunk.count)
            y += 1
        } while !rest.isEmpty && y < rect.maxY
    }

    mutating func heading(_ text: String) { line(text, role: .title) }

    mutating func line(_ text: String, role: ThemeRole) {
        guard y < rect.maxY else { return }
        screen.put(TextWidth.truncated(text, to: rect.width), x: rect.x, y: y, style: theme[role], limit: rect.maxX)
        y += 1
    }

    /// A long message over as many lines as it needs.
    mutating func wrapped(_ text: String, role: ThemeRole) {
        var rest = Substring(text)
        while !rest.isEmpty, y < rect.maxY {
            let chunk = rest.prefix(max(1, TextWidth.fittingCount(rest, width: rect.width)))
            line(String(chunk), role: role)
            rest = rest.dropFirst(chunk.count)
        }
    }

    mutating func blank() { y += 1 }
}
