import State
import StateSchema
import TerminalCore

/// The side pane for the selected node: where it is, what the schema says it is (field, type,
/// optional, default, transform), its problems, and its raw form in the file.
enum DetailView {
    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let focused = state.focus == .side && state.side.open == .detail
        let inner = Box.draw(title: "Detail", focused: focused, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        var offset = state.detailOffset
        let lines = Self.lines(state, width: inner.width, upTo: offset + inner.height + 1)
        offset = max(0, min(offset, lines.count - inner.height))
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            var x = inner.x
            for piece in lines[index].pieces {
                guard x < inner.maxX else { break }
                x = screen.put(piece.text, x: x, y: inner.y + row, style: theme[piece.role], limit: inner.maxX)
            }
        }
        // Where the pane is cut, the border says so and how to scroll.
        let up = offset > 0
        let down = lines.count > offset + inner.height
        if up || down, rect.width > 24 {
            let note = up && down ? " ↑↓ { } " : up ? " ↑ { " : " ↓ more } "
            screen.put(note, x: rect.maxX - 1 - TextWidth.of(note), y: rect.maxY - 1, style: theme[.border], limit: rect.maxX - 1)
        }
    }

    /// Values longer than this (bytes in the file) are not shown in the pane, only in `v`.
    static let textLimit: UInt32 = 256 * 1024

    /// Everything the pane says about the selected node, as lines `width` cells wide — the
    /// first `limit` of them (a long string is wrapped only as far as it can be shown).
    static func lines(_ state: BrowserState, width: Int, upTo limit: Int) -> [Line] {
        var writer = LineWriter(width: width, limit: limit)
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
        var where_ = "\(source.start)..<\(source.end)  (\(source.end - source.start) bytes, \(tree.format.rawValue)\(tree.encoding.isUTF8 ? "" : " as UTF-8"))"
        if let line = state.lineNumber(of: node) { where_ = "line \(line), " + where_ }
        writer.field("Bytes", where_, role: .label)

        let problems = document.diagnostics(at: node)
        if !problems.isEmpty {
            writer.blank()
            writer.heading("Problems")
            for problem in problems {
                writer.wrapped((problem.severity == .error ? "! " : "warning: ") + problem.message, role: problem.severity == .error ? .diagnosticError : .diagnosticWarning)
            }
        }
        if !source.kind.isContainer, writer.wantsMore, source.end - source.start > Self.textLimit {
            // Decoding megabytes on every frame would cost the keystroke: `v` shows it once.
            writer.blank()
            writer.heading("Text  \(source.end - source.start) bytes (v shows it whole)")
        } else if source.kind == .data, writer.wantsMore, case .data(let data) = tree.scalar(at: node), let (name, plain) = ValueText.archive(in: data) {
            // A keyed archive in data: its objects as plain data, not base64.
            writer.blank()
            writer.heading("Keyed archive  \(name) (\(data.count) bytes)")
            let json = (try? plain.serialized(as: .json)).map { String(decoding: $0, as: UTF8.self) } ?? ValueText.summary(plain)
            writer.visible(json.hasSuffix("\n") ? String(json.dropLast()) : json, role: .data)
        } else if !source.kind.isContainer, writer.wantsMore {
            // The value in full, wrapped: what a row cuts short is read here (or in `v`).
            let text = tree.scalarText(at: node)
            writer.blank()
            let lineCount = text.reduce(1) { VisibleText.endsLine($1) ? $0 + 1 : $0 }
            writer.heading(source.kind == .string ? "Text  \(text.count) characters\(lineCount > 1 ? ", \(lineCount) lines" : "") (v)" : "Text")
            writer.visible(text, role: ValueText.role(of: source.kind))
        }
        if writer.wantsMore {
            writer.blank()
            writer.heading("Raw")
            for line in rawLines(node: node, tree: tree, limit: max(0, writer.remaining)) { writer.line(line, role: .text) }
        }
        return writer.lines
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

    /// One line of the pane: styled pieces from its left edge.
    struct Line {
        var pieces: [(text: String, role: ThemeRole)]
    }
}

/// Builds the labelled lines of a pane, stopping after `limit` lines.
struct LineWriter {
    let width: Int
    let limit: Int
    var lines: [DetailView.Line] = []

    init(width: Int, limit: Int) {
        self.width = max(1, width)
        self.limit = limit
    }

    var remaining: Int { max(0, limit - lines.count) }
    var wantsMore: Bool { lines.count < limit }

    private mutating func add(_ pieces: [(text: String, role: ThemeRole)]) {
        guard wantsMore else { return }
        lines.append(DetailView.Line(pieces: pieces))
    }

    static let labelWidth = 10

    mutating func field(_ label: String, _ value: String, role: ThemeRole) {
        let padded = label + String(repeating: " ", count: max(0, Self.labelWidth - TextWidth.of(label)))
        add([(padded, .label), (TextWidth.truncated(value.escaped(), to: width - Self.labelWidth), role)])
    }

    /// A labelled value over as many lines as it needs (a deep key path).
    mutating func wrappedField(_ label: String, _ value: String, role: ThemeRole) {
        var rest = Substring(value.escaped())
        var first = true
        repeat {
            let chunk = rest.prefix(max(1, TextWidth.fittingCount(rest, width: width - Self.labelWidth)))
            let lead = first ? label + String(repeating: " ", count: max(0, Self.labelWidth - TextWidth.of(label))) : String(repeating: " ", count: Self.labelWidth)
            add([(lead, .label), (String(chunk), role)])
            rest = rest.dropFirst(chunk.count)
            first = false
        } while !rest.isEmpty && wantsMore
    }

    mutating func heading(_ text: String) { line(text, role: .title) }

    mutating func line(_ text: String, role: ThemeRole) {
        add([(TextWidth.truncated(text, to: width), role)])
    }

    /// A long message over as many lines as it needs.
    mutating func wrapped(_ text: String, role: ThemeRole) {
        var rest = Substring(text)
        while !rest.isEmpty, wantsMore {
            let chunk = rest.prefix(max(1, TextWidth.fittingCount(rest, width: width)))
            line(String(chunk), role: role)
            rest = rest.dropFirst(chunk.count)
        }
    }

    /// Text in full, wrapped, controls shown as themselves (`VisibleText`).
    mutating func visible(_ text: String, role: ThemeRole) {
        for line in VisibleText.lines(text, width: width, limit: remaining) {
            add(line.map { ($0.text, $0.isControl ? ThemeRole.label : role) })
        }
    }

    mutating func blank() { add([]) }
}
