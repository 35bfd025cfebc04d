import State

/// Detects how an existing file is laid out, so that spliced-in values look like their
/// neighbours: what every text format shares (line prefix, line end, indentation unit). Each
/// format's `TextSyntax` adds its own (empty-container spelling, JSON key separator).
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
}
