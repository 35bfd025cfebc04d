import StateTestSupport
import TerminalNCurses
import Testing

/// Which terminfo entry drives the terminal: TERM's own, else the closest that exists.
@Suite struct TerminalTypeTests {
    @Test func missingEntriesFallBackInOrderWithANotice() {
        let installed: Set<String> = ["xterm", "vt100"]
        let choice = TerminalType.choose(term: "xterm-kitty") { installed.contains($0) }
        guard case .use(let name, let notice?) = choice else { Issue.record("\(choice)"); return }
        #expect(name == "xterm")
        #expect(notice.hasPrefix("TERM=xterm-kitty has no usable terminfo entry here; using xterm"))
        #expect(TerminalType.choose(term: "xterm") { installed.contains($0) } == .use("xterm", notice: nil))
        #expect(
            TerminalType.choose(term: nil) { installed.contains($0) }
                == .use("xterm", notice: "TERM is not set; using xterm (install its entry, e.g. Debian's ncurses-term, for the best colors)"))
    }

    @Test func dumbAndHopelessTerminalsAreRefusedWithAReason() {
        #expect(TerminalType.choose(term: "dumb") { _ in true } == .unusable("TERM=dumb cannot show a full-screen program"))
        guard case .unusable(let why) = TerminalType.choose(term: "weird", isUsable: { _ in false }) else { Issue.record("not refused"); return }
        #expect(why.contains("TERM=weird has no usable terminfo entry"))
    }

    /// The real terminfo database: the base entries every Debian has.
    @Test func theBaseEntriesAreUsable() {
        #expect(TerminalType.choose(term: "xterm-256color") == .use("xterm-256color", notice: nil))
        #expect(
            TerminalType.choose(term: "no-such-terminal-anywhere")
                == .use(
                    "xterm-256color",
                    notice:
                        "TERM=no-such-terminal-anywhere has no usable terminfo entry here; using xterm-256color (install its entry, e.g. Debian's ncurses-term, for the best colors)"
                ))
    }
}

/// COLORTERM=truecolor picks the `-direct` entry of the terminal's family, when installed.
@Suite struct DirectColorEntryTests {
    @Test func truecolorTerminalsGetTheirDirectEntry() {
        let installed: Set<String> = ["xterm-direct", "tmux-direct"]
        let usable = { installed.contains($0) }
        #expect(TerminalType.directColorEntry(for: "xterm-256color", environment: ["COLORTERM": "truecolor"], isUsable: usable) == "xterm-direct")
        #expect(TerminalType.directColorEntry(for: "tmux-256color", environment: ["COLORTERM": "24bit"], isUsable: usable) == "tmux-direct")
        // No claim, another family without an entry, already direct, or NO_COLOR: unchanged.
        #expect(TerminalType.directColorEntry(for: "xterm-256color", environment: [:], isUsable: usable) == nil)
        #expect(TerminalType.directColorEntry(for: "screen-256color", environment: ["COLORTERM": "truecolor"], isUsable: usable) == nil)
        #expect(TerminalType.directColorEntry(for: "xterm-direct", environment: ["COLORTERM": "truecolor"], isUsable: usable) == nil)
        #expect(TerminalType.directColorEntry(for: "xterm-256color", environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"], isUsable: usable) == nil)
    }

    /// The real terminfo database: CI installs ncurses-term (.ci/run), which has xterm-direct.
    @Test func xtermDirectIsInstalled() throws {
        try SystemPackage.ncursesTerm.require()
        #expect(TerminalType.directColorEntry(for: "xterm-256color", environment: ["COLORTERM": "truecolor"]) == "xterm-direct")
    }
}

/// A machine without a package the tests need is told which, in one sentence.
@Suite struct SystemPackageTests {
    @Test func aMissingPackageIsNamedWithHowToInstallIt() {
        #expect(
            "\(SystemPackage.Missing(package: .ncursesTerm))"
                == "This test needs the terminfo entries xterm-direct and tmux-direct, from the system package ncurses-term: sudo apt-get install ncurses-term (Debian/Ubuntu) or brew install ncurses (macOS)."
        )
        #expect("\(SystemPackage.Missing(package: .tmux))".hasPrefix("This test needs the program tmux, from the system package tmux: sudo apt-get install tmux"))
        #expect(SystemPackage.onPath("sh"))
        #expect(!SystemPackage.onPath("no-such-program-\(UInt32.random(in: 0...UInt32.max))"))
        #expect(!SystemPackage.hasTerminfoEntry("no-such-terminal-direct"))
        #expect(SystemPackage.hasTerminfoEntry("xterm") || SystemPackage.hasTerminfoEntry("xterm-256color"))
    }
}
