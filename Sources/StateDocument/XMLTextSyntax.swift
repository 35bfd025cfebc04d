import State

/// XML property list text in a file's own style (indentation, line end, `<dict/>` or
/// `<dict></dict>`).
struct XMLTextSyntax: TextSyntax {
    let style: XMLPlistWriter.Style

    init(tree: SourceTree) {
        var style = XMLPlistWriter.Style(newline: DocumentStyle.newline(in: tree.bytes))
        if case .some(.some(let unit)) = DocumentStyle.indentUnit(of: tree) { style.indent = unit }
        if let empty = tree.nodes.first(where: { $0.kind.isContainer && $0.count == 0 }) {
            style.selfClosingEmptyContainers = tree.bytes[Int(empty.end) - 2] == UInt8(ascii: "/")
        }
        self.style = style
    }

    var newline: [UInt8] { style.newline }
    var indent: [UInt8]? { style.indent }

    func element(_ value: PlistValue, prefix: [UInt8], into out: inout [UInt8]) throws {
        try XMLPlistWriter.element(value, linePrefix: prefix, style: style, into: &out)
    }

    func keyText(_ key: String) throws -> [UInt8] {
        var out = Array("<key>".utf8)
        try XMLPlistWriter.appendEscaped(key, to: &out)
        out += Array("</key>".utf8)
        return out
    }

    func keyEnd(of node: SourceNode, in bytes: [UInt8]) -> Int {
        var i = Int(node.keyStart)
        // `<key/>` ends at its `>`; `<key>…</key>` at the `>` of the closing tag.
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
        if i > 0, bytes[i - 1] == UInt8(ascii: "/") { return i + 1 }
        while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "<") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
        return i + 1
    }

    func openEnd(of node: SourceNode, in bytes: [UInt8]) -> Int {
        var i = Int(node.start)
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
        return i + 1
    }

    func brackets(_ kind: SourceNode.Kind) -> (open: [UInt8], close: [UInt8]) {
        kind == .array ? (Array("<array>".utf8), Array("</array>".utf8)) : (Array("<dict>".utf8), Array("</dict>".utf8))
    }

    /// Elements need no separator: the whitespace is all.
    var separatesItems: Bool { false }
    var commentsBetweenItems: Bool { false }

    func separator(copying lead: [UInt8], in kind: SourceNode.Kind) -> [UInt8] { lead }

    /// The line break and indentation just before the next item (the last line of the gap), or
    /// the gap's trailing spaces in a compact file.
    func separator(from gap: ArraySlice<UInt8>) -> [UInt8] {
        var start = gap.endIndex
        while start > gap.startIndex, gap[start - 1] == 0x20 || gap[start - 1] == 0x09 { start -= 1 }
        guard start > gap.startIndex, gap[start - 1] == 0x0A || gap[start - 1] == 0x0D else { return Array(gap[start...]) }
        start -= 1
        if gap[start] == 0x0A, start > gap.startIndex, gap[start - 1] == 0x0D { start -= 1 }
        return Array(gap[start...])
    }

    /// Keeps the shape (value on the key's line or the next), with this entry's indentation.
    func keyValueSeparator(copying between: [UInt8]?, prefix: [UInt8]) -> [UInt8] {
        guard let between, !between.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return style.newline + prefix }
        return between
    }
}
