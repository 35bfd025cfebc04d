import StateTestSupport
import Testing

@testable import State

/// A binary plist's UTF-16 strings are transcoded to UTF-8 as they are read; what comes out
/// is what Swift's own UTF-16 decoding makes of the same units, unpaired surrogates included.
@Suite struct BinaryUTF16StringTests {
    @Test func transcodedAsSwiftDecodesUTF16() {
        var rng = SeededGenerator.fromEnvironment()
        // Units drawn from every range that transcodes differently: ASCII, two and three
        // UTF-8 bytes, high and low surrogates (paired, reversed or alone), the edges.
        let ranges: [ClosedRange<UInt16>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF]
        for round in 0..<2_000 {
            let units = (0..<Int.random(in: 0...12, using: &rng)).map { _ in UInt16.random(in: ranges.randomElement(using: &rng)!, using: &rng) }
            let bytes = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let transcoded = bytes.withUnsafeBufferPointer { BinaryPlistParser.utf16BigEndian($0, at: 0, units: units.count) }
            #expect(transcoded == String(decoding: units, as: UTF16.self), "round \(round) (seed \(rng.seed)): \(units.map { String($0, radix: 16) })")
            #expect(Array(transcoded.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
        }
    }
}
