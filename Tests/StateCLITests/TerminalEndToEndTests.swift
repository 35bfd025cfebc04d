import Foundation
import StateTestSupport
import Testing

/// Terminals nobody on the team uses: a TERM whose entry is missing, a dumb terminal, eight
/// colors, and key sequences no terminfo entry lists.
@Suite(.serialized, .slow, .tags(.tmux)) struct TerminalEndToEndTests {
    static var state: String { Fixtures.stateExecutable.path }
    static let environment = BrowserEndToEndTests.environment

    static func sample() throws -> URL { try Fixtures.sampleCopy() }

    @Test func aTermWithoutAnEntryFallsBackAndSaysSo() throws {
        let file = try Self.sample()
        let tmux = try TmuxSession(width: 120, height: 24)
        let screen = try tmux.run("TERM=xterm-kitty-nonexistent \(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        #expect(screen.last { !$0.isEmpty }?.contains("TERM=xterm-kitty-nonexistent has no") == true)
        let after = try tmux.send("q", until: "EXIT=0")
        #expect(after.contains { $0.contains("state: note: TERM=xterm-kitty-nonexistent has no usable terminfo entry here; using xterm-256color") })
        #expect(try tmux.terminalRestored())
    }

    @Test func aDumbTerminalGetsTheTreePrinted() throws {
        let file = try Self.sample()
        let tmux = try TmuxSession(width: 120, height: 40)
        let screen = try tmux.run("TERM=dumb \(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "EXIT=0")
        #expect(screen.contains { $0.contains("TERM=dumb cannot show a full-screen program; printed the tree instead") })
        #expect(screen.contains { $0.contains("\"model_version\" => 3") })
    }

    /// Sequences curses does not know (an End key from another terminal, a modified F-key)
    /// are dropped whole: none of their bytes arrives as a key (`[` would move the item).
    @Test func unknownKeySequencesAreDroppedNotTyped() throws {
        let file = try Self.sample()
        let tmux = try TmuxSession(width: 120, height: 30)
        try tmux.run("\(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        try tmux.send("/")
        try tmux.type("Glass")
        try tmux.send("Enter", "p")
        let onItem = { (lines: [String]) in lines.contains { $0.trimmingCharacters(in: .whitespaces) == "domains.Game.groups.Palette.assets.2" } }
        try tmux.waitFor("the third asset", onItem)
        for bytes in [["1b", "5b", "34", "7e"], ["1b", "5b", "39", "39", "7e"], ["1b", "5b", "31", "3b", "35", "51"], ["1b", "4f", "5a"]] {
            _ = try tmux.tmux(["send-keys", "-t", "main", "-H"] + bytes)
        }
        // A key after them arrives as itself.
        try tmux.send("d")
        let screen = try tmux.waitFor("the detail pane to close") { !$0.contains { $0.contains("Detail") } }
        #expect(!screen.contains { $0.contains("[+]") }, "nothing was edited")
        #expect(onItem(screen), "still on the same item")
        try tmux.send("q", until: "EXIT=0")
    }

    /// Eight colors: borders and text keep a color that shows on the terminal's background
    /// (no black-on-default, nothing the color of its own background).
    @Test func eightColorsKeepEveryBorderVisible() throws {
        let file = try Self.sample()
        let tmux = try TmuxSession(width: 120, height: 30)
        try tmux.run("TERM=xterm \(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        let styled = try tmux.styledScreen()
        #expect(!styled.contains("[30m╭") && !styled.contains("[30m│") && !styled.contains(";30m│"), "no black border")
        #expect(styled.contains("│"))
        try tmux.send("?")
        let help = try tmux.styledScreen()
        #expect(!help.contains("[30m│") && !help.contains("[30m╭"))
        try tmux.send("Escape", "q", until: "EXIT=0")
    }

    /// The binary alone in an empty folder, with a minimal environment (no toolchain on PATH,
    /// HOME somewhere empty): `state` opens the sample with its model types, from the copies
    /// compiled into it, and saving edits a scratch copy — never the checkout's file.
    @Test func aCopiedBinaryOpensTheSampleAnywhereAndNeverTouchesTheCheckout() throws {
        let folder = try Fixtures.temporaryFolder()
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let binary = folder.appendingPathComponent("state")
        try FileManager.default.copyItem(at: Fixtures.stateExecutable, to: binary)
        // A process another test forks while the copy is open for writing holds that
        // descriptor until it execs, and running the copy meanwhile fails with "Text file
        // busy" (ETXTBSY): wait until the copy runs.
        for _ in 0..<100 {
            if let result = try? ProcessRunner.run(binary, ["--version"]), result.status == 0 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let checkedIn = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist")
        let before = try Data(contentsOf: checkedIn)
        let tmux = try TmuxSession(width: 120, height: 30)
        let screen = try tmux.run(
            "cd \(folder.path) && env -i PATH=/usr/bin:/bin HOME=\(home.path) TERM=xterm-256color LANG=C.UTF-8 SWIFT_BACKTRACE=interactive=no ./state; echo EXIT=$?",
            until: "BROWSE")
        #expect(screen.contains { $0.contains("schema AssetLibrary.schema") })
        try tmux.search("Accent")
        try tmux.waitFor(text: "ColorAsset : Asset")
        try tmux.replaceValue(with: "Edited")
        try tmux.send("C-s", until: " Saved ")
        try tmux.send("q", until: "EXIT=0")
        #expect(try Data(contentsOf: checkedIn) == before, "the checkout's sample is never edited")
    }
}
