/// Pieces the text readers share (JSON/JSONC and OpenStep): comments, what a byte is called in
/// a message, and closing a container on the node list.
enum TextScan {
    /// Skips the `//` (to the end of its line) or `/* */` comment at `pos`. False when `pos`
    /// starts no comment (a lone `/`); throws for a `/*` without `*/`, at the comment.
    static func skipComment(_ b: UnsafeBufferPointer<UInt8>, _ pos: inout Int) throws -> Bool {
        let n = b.count
        guard pos + 1 < n, b[pos] == UInt8(ascii: "/") else { return false }
        if b[pos + 1] == UInt8(ascii: "/") {
            pos += 2
            while pos < n, b[pos] != 0x0A, b[pos] != 0x0D { pos += 1 }
            return true
        }
        guard b[pos + 1] == UInt8(ascii: "*") else { return false }
        let start = pos
        pos += 2
        while pos + 1 < n, !(b[pos] == UInt8(ascii: "*") && b[pos + 1] == UInt8(ascii: "/")) { pos += 1 }
        guard pos + 1 < n else { throw PlistError.text("unterminated comment (/* without */)", in: b, at: start) }
        pos += 2
        return true
    }

    /// A byte as a message names it: `'x'` when printable, else `byte 0xNN`; the end of the
    /// input past it.
    static func describe(_ b: UnsafeBufferPointer<UInt8>, _ offset: Int) -> String {
        guard offset < b.count else { return "end of input" }
        let c = b[offset]
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    /// Ends the container on top of `stack` at `end`: its span and its number of descendants.
    static func close(_ nodes: inout [SourceNode], _ stack: inout [Int], at end: Int) {
        let top = stack.removeLast()
        nodes[top].end = UInt32(end)
        nodes[top].size = UInt32(nodes.count - top - 1)
    }
}
