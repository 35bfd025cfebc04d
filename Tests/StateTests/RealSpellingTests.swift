import Foundation
import StateTestSupport
import Testing

@testable import State

/// The writers spell most reals without making Swift's `description` (`TextOutput.appendReal`):
/// what they write must be that description, trimmed of `.0` in XML, for every Double.
@Suite struct RealSpellingTests {
    private func written(_ value: Double, trim: Bool) -> String {
        var out = OutputBuffer()
        defer { out.deallocate() }
        TextOutput.appendReal(value, trimIntegral: trim, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private func expected(_ value: Double, trim: Bool) -> String {
        var text = value.description
        if trim, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    @Test func everyShapeOfRealIsSpelledAsItsDescription() {
        var rng = SeededGenerator.fromEnvironment()
        var shortcut = 0
        var checked = 0
        func check(_ value: Double) {
            checked += 1
            var out = OutputBuffer()
            defer { out.deallocate() }
            if TextOutput.appendShortDecimal(value, trimIntegral: false, to: &out) { shortcut += 1 }
            for trim in [false, true] where written(value, trim: trim) != expected(value, trim: trim) {
                Issue.record("\(value.description) (\(value.bitPattern)) written as \(written(value, trim: trim)), trim \(trim)")
            }
        }
        let tens: [Double] = (0...9).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }
        for i in 0..<200_000 {
            switch i % 8 {
            // Short decimals, as people and generators write them.
            case 0: check(Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / tens[Int.random(in: 0...9, using: &rng)])
            case 1: check(Double.random(in: 0...1, using: &rng))
            // Any bit pattern from 1e-6 to 1e17: long spellings, and both ends of the shortcut.
            case 2: check(Double(bitPattern: UInt64.random(in: 0x3EB0_C6F7_A0B5_ED8D...0x4376_3457_85D8_A000, using: &rng)))
            case 3: check(Double(Float.random(in: -1000...1000, using: &rng)))
            // Powers of two (a lopsided round-trip interval) and their neighbours.
            case 4:
                let power = Double(sign: .plus, exponent: Int.random(in: -20...60, using: &rng), significand: 1)
                check(power)
                check(power.nextUp)
                check(power.nextDown)
                check(-power)
            // Neighbours of short decimals: the shortest spelling is long there.
            case 5:
                let d = Double(Int.random(in: 1...99_999, using: &rng)) / tens[Int.random(in: 0...6, using: &rng)]
                check(d.nextUp)
                check(d.nextDown)
            // Integers up to and past 2^53.
            case 6: check(Double(Int64.random(in: -(1 << 55)...(1 << 55), using: &rng)))
            default: check(Double(Int.random(in: -10_000...10_000, using: &rng)))
            }
        }
        for value in [
            0.0, -0.0, 1, -1, 0.1, 0.0001, 0.00009999, 1e15, 999_999_999_999_999.9, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 2.5e-4,
        ] {
            check(value)
        }
        // The shortcut must be what writes most of them, or it is not doing its job.
        #expect(shortcut > checked / 2)
    }
}
