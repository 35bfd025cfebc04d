import Foundation
import State

/// Where each line of a text file starts, to show the line of a node's first byte (line mode)
/// and to go to a line (`:N`). Built once per document version, in one pass over the bytes.
package struct LineIndex: Sendable {
    /// The document version it was built for.
    package let generation: Int
    /// The offset of the first byte of each line; line 1 starts at 0.
    let starts: [UInt32]

    package init(tree: SourceTree, generation: Int) {
        self.generation = generation
        var starts: [UInt32] = [0]
        tree.bytes.withUnsafeBufferPointer { buffer in
            // memchr: a 100 MB file is indexed within a keystroke's budget.
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                starts.append(UInt32(index + 1))
                offset = index + 1
            }
        }
        self.starts = starts
    }

    /// Lines in the file (a last line without a line break counts).
    package var count: Int { starts.count }

    /// The 1-based line of the byte at `offset`.
    package func line(of offset: UInt32) -> Int {
        // The number of lines starting at or before the offset.
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Where line `line` (1-based) starts, and where it ends (its line break or the end).
    package func range(ofLine line: Int, byteCount: Int) -> Range<Int>? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = Int(starts[line - 1])
        let end = line < starts.count ? Int(starts[line]) - 1 : byteCount
        return start..<max(start, end)
    }
}
