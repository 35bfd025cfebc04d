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

    /// The containers a text reader has open, innermost last, and how many members or
    /// elements the innermost has so far: counted here and written into its node when it
    /// closes (counting in the node table checked the table's uniqueness for every value).
    struct OpenContainers {
        /// The open containers' nodes, innermost last.
        private(set) var indices: [Int] = []
        /// The innermost container's count so far, and those of the containers around it.
        private var count: UInt32 = 0
        private var outerCounts: [UInt32] = []

        /// The innermost open container's node.
        var last: Int? { indices.last }
        /// How many containers are open.
        var depth: Int { indices.count }

        /// A value begins in the innermost container (or at the top level, where nothing counts it).
        mutating func countValue() { count &+= 1 }

        /// The container at node `index` opens.
        mutating func open(_ index: Int) {
            indices.append(index)
            outerCounts.append(count)
            count = 0
        }

        /// Ends the innermost container at `end`: its span, number of descendants and count.
        mutating func close(in nodes: inout [SourceNode], at end: Int) {
            let top = indices.removeLast()
            nodes[top].end = UInt32(end)
            nodes[top].size = UInt32(nodes.count - top - 1)
            nodes[top].count = count
            count = outerCounts.removeLast()
        }
    }
}
