/// A 1-based line and column in UTF-8 text, computed from a byte offset only when an error needs it.
struct TextPosition: Equatable {
    var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Counts lines (LF, CR, CRLF) and Unicode scalars before `offset`.
    init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1  // count scalars, not continuation bytes
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
