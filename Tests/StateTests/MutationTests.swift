import Foundation
import State
import StateTestSupport
import Testing

/// Random damage to valid files: every result is a value or a `PlistError`, never a crash or
/// a hang. Deterministic (seeded), so a failure reproduces.
@Suite struct MutationTests {
    @Test(arguments: PlistFormat.valueFormats)
    func mutatedFilesNeverCrash(format: PlistFormat) throws {
        let value = format == .json ? SampleValues.jsonSafe() : SampleValues.everything()
        let original = try value.serialized(as: format)
        var rng = SeededGenerator(seed: 0x5747_4154_4521 &+ UInt64(format.rawValue.count))
        var parsed = 0
        var failed = 0
        for _ in 0..<3000 {
            let bytes = Damage.apply(to: original, using: &rng)
            do {
                let tree = try SourceTree(parsing: bytes)
                // Whatever parses is a sound tree, and decodes and serializes without trapping.
                #expect(tree.invariantViolations().isEmpty, "\(tree.invariantViolations())")
                let v = tree.value()
                _ = try? v.serialized(as: .xml)
                parsed += 1
            } catch let error as PlistError {
                // Every refusal says where.
                #expect(error.location != .none, "\(error)")
                failed += 1
            }
        }
        // Both outcomes are exercised: some damage still parses (a changed digit), most not.
        #expect(parsed > 0)
        #expect(failed > parsed)
    }
}
