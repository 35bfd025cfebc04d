import Foundation

/// Decoding a parsed node on demand: its key, its scalar value.
extension XMLPlistParser {

    /// The content span of an element node: between its start tag and its closing tag.
    static func content(of node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        if node.flags & SourceNode.Flags.selfClosing != 0 { return (Int(node.end), Int(node.end)) }
        // A scalar's tags are almost always bare (`<string>`, `</string>`): their ends are
        // looked at where the name puts them before the tags are scanned (converting and
        // printing XML ask this of every value they write).
        let end = Int(node.end)
        if let name = nameLength(of: node.kind) {
            let gt = Int(node.start) + 1 + name
            let close = end - name - 3
            if gt < close, b[gt] == UInt8(ascii: ">"), b[close] == UInt8(ascii: "<"), b[close + 1] == UInt8(ascii: "/") { return (gt + 1, close) }
        }
        guard let (gt, _) = tagEnd(b, from: Int(node.start) + 1) else { return (end, end) }
        var close = end - 1
        while close > gt, b[close] != UInt8(ascii: "<") { close -= 1 }
        return (gt + 1, close)
    }

    /// The length of the tag name of a scalar of `kind`, for the kinds one name spells.
    @inline(__always) static func nameLength(of kind: SourceNode.Kind) -> Int? {
        switch kind {
        case .string: 6
        case .integer: 7
        case .real, .date, .data: 4
        default: nil
        }
    }

    /// The `>` of a key's start tag (`<key>`), where it almost always is, else found by a scan.
    @inline(__always) static func keyTagEnd(_ b: UnsafeBufferPointer<UInt8>, keyStart: Int) -> (gt: Int, selfClosing: Bool)? {
        if keyStart + 4 < b.count, b[keyStart + 4] == UInt8(ascii: ">") { return (keyStart + 4, false) }
        return tagEnd(b, from: keyStart + 1)
    }

    static func text(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> String {
        guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        _ = decodeText(b, start, end, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func decodeKey(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(node.keyStart)
        guard let (gt, selfClosing) = keyTagEnd(b, keyStart: start), !selfClosing else { return "" }
        guard case .closed(let contentEnd, _, let escaped) = scanContent(b, from: gt + 1, tag: .key) else { return "" }
        return text(b, gt + 1, contentEnd, escaped: escaped)
    }

    static func decodeScalar(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> PlistValue {
        let (start, end) = content(of: node, in: b)
        switch node.kind {
        case .string: return .string(text(b, start, end, escaped: node.flags & SourceNode.Flags.escaped != 0))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .integer:
            let (s, e) = trimmed(b, start, end)
            return .integer(NumberSyntax.integer(b, s, e) ?? 0)
        case .real:
            let (s, e) = trimmed(b, start, end)
            return .real(NumberSyntax.real(b, s, e) ?? .nan)
        case .date:
            let (s, e) = trimmed(b, start, end)
            return .date(PlistDate.parse(UnsafeBufferPointer(rebasing: b[s..<e])) ?? Date(timeIntervalSinceReferenceDate: 0))
        case .data:
            return .data(Data(Base64.decode(UnsafeBufferPointer(rebasing: b[start..<end])) ?? []))
        case .dictionary: return .dictionary([:])
        case .array: return .array([])
        case .uid, .null: return .null
        }
    }
}
