import State

/// OpenStep text in a file's own style: Xcode's (tabs, bare strings where they may be, a comma
/// after every item of a multi-line array) or a `.strings` file's (every string quoted).
/// Members end with `;` and items with `,`: the editor treats them as separators, which puts a
/// new last member before the old last one's `;` — the same bytes, one entry more.
struct OpenStepTextSyntax: TextSyntax {
    let style: OpenStepWriter.Style

    init(tree: SourceTree) {
        var style = OpenStepWriter.Style(newline: DocumentStyle.newline(in: tree.bytes), quotesAll: OpenStepWriter.quotesAll(tree))
        switch DocumentStyle.indentUnit(of: tree) {
        case .some(.none): style.indent = nil
        case .some(.some(let unit)): style.indent = unit
        case .none: break
        }
        self.style = style
    }

    var newline: [UInt8] { style.newline }
    var indent: [UInt8]? { style.indent }

    func element(_ value: PlistValue, prefix: [UInt8], into out: inout [UInt8]) throws {
        try OpenStepWriter.element(value, linePrefix: prefix, style: style, into: &out)
    }

    func keyText(_ key: String) throws -> [UInt8] { OpenStepWriter.stringToken(key, quoting: style.quotesAll) }

    func keyEnd(of node: SourceNode, in bytes: [UInt8]) -> Int { OpenStepWriter.stringTokenEnd(at: Int(node.keyStart), in: bytes) }

    func openEnd(of node: SourceNode, in bytes: [UInt8]) -> Int { node.isBraceless ? Int(node.start) : Int(node.start) + 1 }

    func brackets(_ kind: SourceNode.Kind) -> (open: [UInt8], close: [UInt8]) {
        kind == .array ? (Array("(".utf8), Array(")".utf8)) : (Array("{".utf8), Array("}".utf8))
    }

    var separatesItems: Bool { true }
    var commentsBetweenItems: Bool { true }

    func separator(copying lead: [UInt8], in kind: SourceNode.Kind) -> [UInt8] {
        Self.terminator(kind) + (lead.isEmpty || lead.contains(UInt8(ascii: "/")) ? [0x20] : lead)
    }

    /// The member's `;` or the item's `,`, then the line break and indentation of the next
    /// item; comments in the gap stay where they are, once.
    func separator(from gap: ArraySlice<UInt8>) -> [UInt8] {
        let mark = gap.first { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") } ?? UInt8(ascii: ";")
        guard let lastBreak = gap.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [mark, 0x20] }
        return [mark] + newline + gap[(lastBreak + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
    }

    /// ` = `, whatever the first member has between its key and value (a pbxproj object id's
    /// `/* comment */` belongs to that member only).
    func keyValueSeparator(copying between: [UInt8]?, prefix: [UInt8]) -> [UInt8] { Array(" = ".utf8) }

    /// A dictionary's member always ends with `;`; a multi-line array's item with `,`.
    func terminatorAfterOnlyItem(in kind: SourceNode.Kind) -> [UInt8] {
        kind == .dictionary || style.indent != nil ? Self.terminator(kind) : []
    }

    static func terminator(_ kind: SourceNode.Kind) -> [UInt8] { kind == .dictionary ? [UInt8(ascii: ";")] : [UInt8(ascii: ",")] }
}
