import Foundation

/// A small, fast, seedable generator (SplitMix64) for randomized tests: a failure names its
/// seed, and `STATE_TEST_SEED=<seed> swift test --filter …` replays it exactly.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    package let seed: UInt64
    private var state: UInt64

    package init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Seeded from `STATE_TEST_SEED` when it is set (decimal or 0x hex), else at random; the
    /// seed is printed so that a failing run can be pinned.
    package static func fromEnvironment(_ test: String = #function) -> SeededGenerator {
        let text = ProcessInfo.processInfo.environment["STATE_TEST_SEED"]
        let pinned = text.flatMap { $0.lowercased().hasPrefix("0x") ? UInt64($0.dropFirst(2), radix: 16) : UInt64($0) }
        var system = SystemRandomNumberGenerator()
        let seed = pinned ?? system.next()
        print("\(test): seed \(seed) (STATE_TEST_SEED=\(seed) replays it)")
        return SeededGenerator(seed: seed)
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
