import Foundation
import StateTestSupport
import Testing

/// The real `state` binary in a real terminal (tmux): open, navigate, search, expand, help,
/// resize, copy, quit — and the terminal is given back every way the program can end.
@Suite(.serialized, .slow, .tags(.tmux)) struct BrowserEndToEndTests {
    static var state: String { Fixtures.stateExecutable.path }
    /// Backtraces never wait for a key press inside the tests' terminal.
    /// No COLORTERM: the 256-color palette unless a test asks for 24-bit color.
    static let environment = "SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 COLORTERM="

    @Test func openNavigateSearchExpandHelpResizeCopyQuit() throws {
        let tmux = try TmuxSession(width: 120, height: 30)
        // Standard error goes to a temporary folder, never into the checkout.
        let errors = try Fixtures.temporaryFolder().appendingPathComponent("err.log")
        var screen = try tmux.run("\(Self.environment) \(Self.state) 2>\(errors.path); echo EXIT=$?", until: "BROWSE")
        #expect(screen[0].contains("(root)") && screen[0].contains("AssetLibrary"))
        #expect(screen.contains { $0.contains("schema AssetLibrary.schema") })

        // Navigate: down to domains, expand, step in.
        screen = try tmux.send("j", "j", "l", "l", until: "domains.Game")
        #expect(screen.contains { $0.contains("▾ domains") })

        // Search a value, deep inside collapsed groups.
        try tmux.search("Glass")
        screen = try tmux.waitFor(text: " domains.Game.groups.Palette.assets.2.name")
        #expect(screen.contains { $0.contains("1/1 “Glass”") })

        // Copy the path through OSC 52.
        try tmux.send("y", "p", until: "Copied path")
        #expect(try tmux.clipboard() == "domains.Game.groups.Palette.assets.2.name")

        // The swatch of a color at the 256-color index nearest to #FF8000.
        try tmux.search("Accent")
        try tmux.waitFor(text: "#FF8000")
        #expect(try tmux.styledScreen().contains("48;5;208m"))

        // Expand all, then the help overlay.
        try tmux.send("e", until: "Expanded all: 131 rows")
        screen = try tmux.send("?", until: "Keys — Esc closes")
        #expect(screen.contains { $0.contains("expand to that depth") })
        try tmux.send("Escape")
        try tmux.waitFor("the help to close") { !$0.contains { $0.contains("Keys — Esc closes") } }

        // Resize: narrower than the side pane needs, then back.
        try tmux.resize(width: 60, height: 15)
        screen = try tmux.waitFor("a 60-column redraw") { lines in
            lines.contains { $0.contains("?:help") } && !lines.contains { $0.contains("Detail") }
        }
        #expect(screen.allSatisfy { $0.count <= 60 })
        try tmux.resize(width: 100, height: 25)
        try tmux.waitFor(text: "Detail")

        try tmux.send("q", until: "EXIT=0")
        #expect(try tmux.terminalRestored())
    }

    /// Signals that end the program leave the terminal as it was: raw mode and the alternate
    /// screen undone, the cursor shown, and the shell's exit status says which signal.
    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func signalsRestoreTheTerminal(signal: String, status: Int) throws {
        let folder = try Fixtures.temporaryFolder()
        // A uniquely named copy, so pkill finds this process and no other.
        let file = folder.appendingPathComponent("signal-\(signal)-\(UUID().uuidString.prefix(6)).plist")
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist"), to: file)
        let tmux = try TmuxSession(width: 100, height: 24)
        // Through sh: an interactive bash drops the rest of a command line whose job died of
        // SIGINT, so it would never print the status.
        try tmux.run("sh -c '\(Self.environment) \(Self.state) \(file.path); echo EXIT=$?'", until: "BROWSE")
        let kill = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["pkill", "-\(signal)", "-f", "^\(Self.state) \(file.path)"])
        #expect(kill.status == 0)
        try tmux.waitFor(text: "EXIT=\(status)")
        #expect(try tmux.terminalRestored())
    }

    @Test func ctrlZSuspendsAndFgResumes() throws {
        let tmux = try TmuxSession(width: 100, height: 24)
        try tmux.run("\(Self.environment) \(Self.state)", until: "BROWSE")
        try tmux.send("j", "C-z", until: "Stopped")
        #expect(try tmux.terminalRestored())
        let screen = try tmux.run("fg", until: "BROWSE")
        #expect(screen.contains { $0.hasPrefix(" name") })
        try tmux.send("q")
        try tmux.run("echo EXIT=$?", until: "EXIT=0")
        #expect(try tmux.terminalRestored())
    }

    @Test func noColorAndTheMonochromeThemeDrawWithoutColors() throws {
        let tmux = try TmuxSession(width: 100, height: 24)
        try tmux.run("NO_COLOR=1 \(Self.environment) \(Self.state); echo EXIT=$?", until: "BROWSE")
        let styled = try tmux.styledScreen()
        #expect(!styled.contains("38;5;") && !styled.contains("48;5;") && !styled.contains("38;2;"))
        #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "the selection is drawn reversed")
        try tmux.send("q", until: "EXIT=0")

        try tmux.run("\(Self.environment) \(Self.state) --theme light; echo EXIT=$?", until: "BROWSE")
        #expect(try tmux.styledScreen().contains("48;5;"), "the light theme has a colored status bar")
        try tmux.send("q", until: "EXIT=0")
    }

    @Test func badInputIsReportedBeforeTheScreenIsTaken() throws {
        let folder = try Fixtures.temporaryFolder()
        let bad = folder.appendingPathComponent("bad.plist")
        try Data("<plist version=\"1.0\"><dict><key>a</key></dict></plist>".utf8).write(to: bad)
        let tmux = try TmuxSession(width: 100, height: 24)
        let screen = try tmux.run("\(Self.environment) \(Self.state) \(bad.path); echo EXIT=$?", until: "EXIT=1")
        // Long lines wrap at the pane's width.
        #expect(screen.joined().contains("state: \(bad.path): line 1, column 28: <key> has no value"))
        #expect(try tmux.terminalRestored())

        try tmux.run("\(Self.environment) \(Self.state) --theme nope; echo EXIT=$?", until: "no theme named \"nope\"")
        try tmux.waitFor(text: "EXIT=1")
    }
}
