import StateTestSupport
import Testing

@testable import State

/// Short decimal spellings are read without `strtod` (`NumberSyntax.exactDecimal`); what they
/// read as must be exactly what Swift's own `Double(String)` reads, bit for bit, and anything
/// the fast path cannot read exactly is left to it.
@Suite struct ExactDecimalTests {
    @Test func shortDecimalsReadAsStrtodReadsThem() {
        var rng = SeededGenerator.fromEnvironment()
        var fast = 0
        for round in 0..<20_000 {
            var text = ["", "-", "+"].randomElement(using: &rng)!
            let whole = Int.random(in: 0...3, using: &rng) == 0 ? "0" : String(UInt64.random(in: 0...UInt64.max >> Int.random(in: 0...63, using: &rng), using: &rng))
            text += whole
            if Bool.random(using: &rng) {
                text += "." + String((0..<Int.random(in: 1...20, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            }
            if Int.random(in: 0...2, using: &rng) == 0 {
                text += ["e", "E"].randomElement(using: &rng)! + ["", "-", "+"].randomElement(using: &rng)! + String(Int.random(in: 0...30, using: &rng))
            }
            let bytes = Array(text.utf8)
            guard let exact = bytes.withUnsafeBufferPointer({ NumberSyntax.exactDecimal($0, 0, $0.count) }) else { continue }
            fast += 1
            let plain = text.hasPrefix("+") ? String(text.dropFirst()) : text
            let expected: Double? = Double(plain)
            let described = expected.map { "\($0)" } ?? "nil"
            #expect(expected?.bitPattern == exact.bitPattern, "round \(round) (seed \(rng.seed)): \(text) → \(exact), strtod \(described)")
        }
        #expect(fast > 5_000)
        // Not decimals, or past what one exact operation can give: left to the full reader.
        for text in ["", ".", "-", "e5", "1e", "inf", "nan", "0x1F", "1.5.2", "1" + String(repeating: "0", count: 25), "1e23", "9007199254740993", "0.5 "] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { NumberSyntax.exactDecimal($0, 0, $0.count) } == nil, "\(text)")
        }
        #expect(Array("-0.0".utf8).withUnsafeBufferPointer { NumberSyntax.exactDecimal($0, 0, $0.count) }?.sign == .minus)
    }
}
