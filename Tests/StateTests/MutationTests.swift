import Foundation
import State
import StateTestSupport
import Testing

/// Random damage to valid files: every result is a value or a `PlistError`, never a crash or
/// a hang. Deterministic (seeded), so a failure reproduces.
@Suite struct MutationTests {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: PlistFormat.allCases)
    func mutatedFilesNeverCrash(format: PlistFormat) throws {
        let value = format == .json ? SampleValues.jsonSafe() : SampleValues.everything()
        let original = try value.serialized(as: format)
        var rng = SplitMix(state: 0x5747_4154_4521 &+ UInt64(format.rawValue.count))
        var parsed = 0
        var failed = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: i)
                case 2: bytes.insert(bytes[Int.random(in: 0..<bytes.count, using: &rng)], at: i)
                default: bytes = Array(bytes.prefix(i))
                }
                if bytes.isEmpty { break }
            }
            do {
                let tree = try SourceTree(parsing: bytes)
                // Whatever parses must also decode and serialize without trapping.
                let v = tree.value()
                _ = try? v.serialized(as: .xml)
                parsed += 1
            } catch is PlistError {
                failed += 1
            }
        }
        #expect(parsed + failed == 3000)
        #expect(failed > 0)
    }
}
