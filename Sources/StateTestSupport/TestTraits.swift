import Foundation
import Testing

extension Tag {
    /// Drives the real binary in tmux.
    @Tag package static var tmux: Self
    /// Checks against Python's plistlib, in a child process.
    @Tag package static var python: Self
    /// A long seeded random run.
    @Tag package static var randomized: Self
    /// Kills or races the real binary while it saves.
    @Tag package static var faults: Self
}

extension Trait where Self == ConditionTrait {
    /// A test that spawns processes or runs long: `STATE_QUICK_TESTS=1 swift test` skips it,
    /// for a quick run while working; CI and `swift test` run everything.
    package static var slow: Self {
        .enabled(if: ProcessInfo.processInfo.environment["STATE_QUICK_TESTS"] != "1", "slow: STATE_QUICK_TESTS=1 leaves it out")
    }
}
