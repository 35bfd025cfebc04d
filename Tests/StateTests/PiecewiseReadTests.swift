import Foundation
import StateTestSupport
import Testing

@testable import State

/// A large file is read in pieces on several cores (`FileBytes.fill`): the bytes must be the
/// file's, in order, whatever the pieces — and a file that is shorter or longer than its size
/// said when the read began must come back as it is now, with nothing left out or doubled.
@Suite struct PiecewiseReadTests {
    /// Bytes no two pieces could be confused in: each position's own value.
    func pattern(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// Reads `url` with `fill`, told to expect `expected` bytes, in `parts` pieces, and reads
    /// on to the end as `FileBytes` does.
    func readPiecewise(_ url: URL, expected: Int, parts: Int) throws -> [UInt8] {
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected, 1)) { buffer, count in
            count = FileBytes.fill(fd, buffer.baseAddress!, expected, parts: parts)
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    @Test(arguments: [1, 2, 3])
    func piecesGiveTheFileInOrder(parts: Int) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sizes around the page boundaries the pieces are cut on, and odd ones.
        for (i, size) in [0, 1, 4095, 4096, 4097, 8191, 8192, 3 * 4096 + 5, 100_003, 1 << 20].enumerated() {
            let url = folder.appendingPathComponent("file-\(i)")
            let bytes = pattern(size, seed: UInt64(i + 1))
            try Data(bytes).write(to: url)
            #expect(try readPiecewise(url, expected: size, parts: parts) == bytes, "\(size) bytes in \(parts) pieces")
        }
    }

    @Test(arguments: [2, 3])
    func aFileShorterOrLongerThanItsSizeSaidIsReadAsItIs(parts: Int) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("file")
        let bytes = pattern(300_001, seed: 7)
        try Data(bytes).write(to: url)
        // Expecting more than there is (the file shrank since it was measured): the first
        // pieces come back whole, a later one short, and nothing past the end is invented.
        for expected in [300_002, 400_000, 650_000, 1_000_000] {
            #expect(try readPiecewise(url, expected: expected, parts: parts) == bytes, "expected \(expected)")
        }
        // Expecting less (the file grew): the rest is read on after the pieces.
        for expected in [8192, 100_000, 299_999] {
            #expect(try readPiecewise(url, expected: expected, parts: parts) == bytes, "expected \(expected)")
        }
    }

    @Test func aLargeFileIsReadWhole() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("large")
        // Past the size from which FileBytes reads in two pieces.
        let bytes = pattern(FileBytes.halvedReadSize + 12_345, seed: 3)
        try Data(bytes).write(to: url)
        #expect(try FileBytes.read(url) == bytes)
    }
}
