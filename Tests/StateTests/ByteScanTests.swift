import State
import StateTestSupport
import Testing

/// The word-at-a-time byte checks answer what a byte-by-byte loop answers, wherever the byte
/// that decides falls in an eight-byte step or in the tail after the last whole one.
@Suite struct ByteScanTests {
    /// Bytes on both sides of every boundary the checks draw: controls and 0x20, the quotes
    /// and markup they look for, 0x7F/0x80, a UTF-8 lead byte and 0xFF.
    static let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x26, 0x3C, 0x3E, 0x61, 0x7F, 0x80, 0xC3, 0xFF]

    @Test func agreeWithAByteLoop() {
        var rng = SeededGenerator.fromEnvironment()
        var found = (quote: 0, markup: 0, nonASCII: 0)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &rng)
            // Mostly plain letters, so that the byte that decides is anywhere, or nowhere.
            let bytes = (0..<length).map { _ in Int.random(in: 0..<8, using: &rng) == 0 ? Self.interesting.randomElement(using: &rng)! : UInt8(ascii: "a") }
            bytes.withUnsafeBufferPointer { buffer in
                let quote = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
                let markup = bytes.contains { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }
                let ascii = bytes.allSatisfy { $0 < 0x80 }
                #expect(ByteScan.containsControlQuoteOrBackslash(buffer) == quote, "\(bytes) (seed \(rng.seed))")
                #expect(ByteScan.containsControlOrMarkup(buffer) == markup, "\(bytes) (seed \(rng.seed))")
                #expect(ByteScan.isASCII(buffer) == ascii, "\(bytes) (seed \(rng.seed))")
                // Where a JSON string's plain run stops, from any start.
                if let base = buffer.baseAddress {
                    let from = Int.random(in: 0...length, using: &rng)
                    let stop = bytes[from...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? length
                    #expect(ByteScan.firstStringStop(in: base, from: from, end: length) == stop, "\(bytes) from \(from) (seed \(rng.seed))")
                }
                if quote { found.quote += 1 }
                if markup { found.markup += 1 }
                if !ascii { found.nonASCII += 1 }
            }
        }
        // Both answers came up often.
        #expect(found.quote > 5_000 && found.quote < 15_000)
        #expect(found.markup > 5_000 && found.markup < 15_000)
        #expect(found.nonASCII > 3_000 && found.nonASCII < 17_000)
    }
}
