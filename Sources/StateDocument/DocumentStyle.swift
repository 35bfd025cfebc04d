import State

/// Detects how an existing file is laid out, so that spliced-in values look like their
/// neighbours: indentation unit, line end, empty-container spelling, JSON key separator.
public enum DocumentStyle {
    /// The whitespace at the start of the line holding `offset`.
    public static func linePrefix(at offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var end = lineStart
        while end < offset, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return Array(bytes[lineStart..<end])
    }

    /// The first line end in the file, or LF.
    static func newline(in bytes: [UInt8]) -> [UInt8] {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        return bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? [0x0D, 0x0A] : [bytes[i]]
    }

    /// The indentation unit: the extra leading whitespace of the first nested value's line
    /// relative to its container's line. Nil when the first nested value shares its
    /// container's line (compact layout).
    static func indentUnit(of source: SourceTree) -> [UInt8]?? {
        let bytes = source.bytes
        for (index, node) in source.nodes.enumerated() where node.kind.isContainer && node.count > 0 {
            let child = source[index + 1]
            let childStart = Int(child.hasKey ? child.keyStart : child.start)
            let onSameLine = !bytes[Int(node.start)..<childStart].contains { $0 == 0x0A || $0 == 0x0D }
            if onSameLine { return .some(nil) }
            let outer = linePrefix(at: Int(node.start), in: bytes)
            let inner = linePrefix(at: childStart, in: bytes)
            if inner.count > outer.count, inner.starts(with: outer) { return .some(Array(inner[outer.count...])) }
            return .none
        }
        return .none
    }

    public static func xml(of source: SourceTree) -> XMLPlistWriter.Style {
        var style = XMLPlistWriter.Style(newline: newline(in: source.bytes))
        if case .some(.some(let unit)) = indentUnit(of: source) { style.indent = unit }
        if let empty = source.nodes.first(where: { $0.kind.isContainer && $0.count == 0 }) {
            style.selfClosingEmptyContainers = source.bytes[Int(empty.end) - 2] == UInt8(ascii: "/")
        }
        return style
    }

    public static func json(of source: SourceTree) -> JSONWriter.Style {
        let bytes = source.bytes
        var style = JSONWriter.Style(newline: newline(in: bytes))
        switch indentUnit(of: source) {
        case .some(.none): style = .compact
        case .some(.some(let unit)): style.indent = unit
        case .none: break
        }
        // The separator between the first key and its value, as written.
        if let keyed = source.nodes.first(where: { $0.hasKey }) {
            var i = Int(keyed.keyStart) + 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            let separator = Array(bytes[(i + 1)..<Int(keyed.start)])
            if separator.contains(UInt8(ascii: ":")), separator.allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: ":") }) {
                style.colon = separator
            }
        }
        return style
    }
}
