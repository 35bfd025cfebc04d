import State

/// JSON text in a file's own style (indentation or compact, line end, `": "` or `":"`).
struct JSONTextSyntax: TextSyntax {
    let style: JSONWriter.Style
    /// How the file separates items on one line (`, ` or `,`), from its first container with
    /// two items on one line; nil when none has.
    let inlineSeparator: [UInt8]?
    let commentsBetweenItems: Bool

    init(tree: SourceTree) {
        let bytes = tree.bytes
        var style = JSONWriter.Style(newline: DocumentStyle.newline(in: bytes))
        switch DocumentStyle.indentUnit(of: tree) {
        case .some(.none): style = .compact
        case .some(.some(let unit)): style.indent = unit
        case .none: break
        }
        // The separator between the first key and its value, as written.
        if let keyed = tree.nodes.first(where: { $0.hasKey }) {
            var i = Int(keyed.keyStart) + 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            let separator = Array(bytes[(i + 1)..<Int(keyed.start)])
            if separator.contains(UInt8(ascii: ":")), separator.allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: ":") }) {
                style.colon = separator
            }
        }
        self.style = style
        inlineSeparator = Self.inlineSeparator(in: tree)
        commentsBetweenItems = tree.format == .jsonc
    }

    private static func inlineSeparator(in tree: SourceTree) -> [UInt8]? {
        for (index, node) in tree.nodes.enumerated() where node.kind.isContainer && node.count >= 2 {
            let second = index + 2 + Int(tree[index + 1].size)
            let end = Int(tree[index + 1].end)
            let next = tree[second].hasKey ? Int(tree[second].keyStart) : Int(tree[second].start)
            let gap = tree.bytes[end..<next]
            if !gap.contains(0x0A), !gap.contains(0x0D), !gap.contains(UInt8(ascii: "/")) { return Array(gap) }
        }
        return nil
    }

    var newline: [UInt8] { style.newline }
    var indent: [UInt8]? { style.indent }

    func element(_ value: PlistValue, prefix: [UInt8], into out: inout [UInt8]) throws {
        var warnings: [PlistWarning] = []
        try JSONWriter.element(value, linePrefix: prefix, style: style, into: &out, warnings: &warnings)
    }

    func inlineElement(_ value: PlistValue) throws -> [UInt8]? {
        var oneLine = style
        oneLine.indent = nil
        // The file's one-line separator after its comma (`, ` gives a space).
        oneLine.afterComma = Array((inlineSeparator ?? Array(", ".utf8)).drop { $0 == UInt8(ascii: ",") })
        var out: [UInt8] = []
        var warnings: [PlistWarning] = []
        try JSONWriter.element(value, linePrefix: [], style: oneLine, into: &out, warnings: &warnings)
        return out
    }

    func keyText(_ key: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendQuoted(key, to: &out)
        return out
    }

    func keyEnd(of node: SourceNode, in bytes: [UInt8]) -> Int {
        var i = Int(node.keyStart) + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return i + 1
    }

    func openEnd(of node: SourceNode, in bytes: [UInt8]) -> Int { Int(node.start) + 1 }

    func brackets(_ kind: SourceNode.Kind) -> (open: [UInt8], close: [UInt8]) {
        kind == .array ? (Array("[".utf8), Array("]".utf8)) : (Array("{".utf8), Array("}".utf8))
    }

    /// A comma, then the whitespace before the only item; for an item on the bracket's line,
    /// the file's own separator between items on one line (else a space in an indented file).
    func separator(copying lead: [UInt8], in kind: SourceNode.Kind) -> [UInt8] {
        if lead.isEmpty, let inlineSeparator { return inlineSeparator }
        return Array(",".utf8) + (lead.isEmpty && style.indent != nil ? [0x20] : lead)
    }

    var separatesItems: Bool { true }

    /// The comma and the whitespace that starts the next item's line; a comment in the gap
    /// (JSONC) stays where it is, once.
    func separator(from gap: ArraySlice<UInt8>) -> [UInt8] {
        guard gap.contains(UInt8(ascii: "/")) else { return Array(gap) }
        guard let lastBreak = gap.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return Array(",".utf8) + [0x20] }
        let indent = gap[(lastBreak + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
        return Array(",".utf8) + newline + indent
    }

    func keyValueSeparator(copying between: [UInt8]?, prefix: [UInt8]) -> [UInt8] {
        between ?? style.colon
    }
}
