import Foundation
import Testing

extension Tag {
    /// Drives the real binary in tmux.
    @Tag public static var tmux: Self
    /// Checks against Python's plistlib, in a child process.
    @Tag public static var python: Self
    /// A long seeded random run.
    @Tag public static var randomized: Self
    /// Kills or races the real binary while it saves.
    @Tag public static var faults: Self
}

extension Trait where Self == ConditionTrait {
    /// A test that spawns processes or runs long: `STATE_QUICK_TESTS=1 swift test` skips it,
    /// for a quick run while working; CI and `swift test` run everything.
    public static var slow: Self {
        .enabled(if: ProcessInfo.processInfo.environment["STATE_QUICK_TESTS"] != "1", "slow: STATE_QUICK_TESTS=1 leaves it out")
    }
}
