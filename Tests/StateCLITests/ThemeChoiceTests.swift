import Foundation
import StateTestSupport
import TerminalNCurses
import Testing

@testable import StateCLI

/// The theme follows the terminal's background (OSC 11) unless the user named one.
@Suite struct ThemeChoiceTests {
    static let white = (red: 1.0, green: 1.0, blue: 1.0)
    static let black = (red: 0.0, green: 0.0, blue: 0.0)

    @Test func answersAreParsedInEveryWidth() throws {
        let full = try #require(TerminalBackground.parse("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}"))
        #expect(full == (1, 1, 1))
        let short = try #require(TerminalBackground.parse("\u{1B}]11;rgb:1e/1e/2e\u{1B}\\"))
        #expect(abs(short.red - 30.0 / 255) < 1e-9 && abs(short.blue - 46.0 / 255) < 1e-9)
        #expect(TerminalBackground.parse("\u{1B}]11;rgb:fff/fff\u{07}") == nil)
        #expect(TerminalBackground.parse("") == nil)
        #expect(TerminalBackground.isLight(Self.white) && !TerminalBackground.isLight(Self.black))
        #expect(TerminalBackground.isLight((0.99, 0.96, 0.89)), "solarized light")
        #expect(!TerminalBackground.isLight((0.0, 0.17, 0.21)), "solarized dark")
    }

    @Test func namedThemesWinOverTheBackground() throws {
        let home = try Fixtures.temporaryFolder()
        let env = ["HOME": home.path]
        func choose(_ option: String?, _ environment: [String: String], _ background: (red: Double, green: Double, blue: Double)?) throws -> String {
            try ThemeChoice.name(option: option, environment: environment, background: { background }, isLight: TerminalBackground.isLight)
        }
        #expect(try choose(nil, env, Self.white) == "light")
        #expect(try choose(nil, env, Self.black) == "dark")
        #expect(try choose(nil, env, nil) == "dark", "no answer: dark")
        #expect(try choose("high-contrast", env, Self.white) == "high-contrast")
        #expect(try choose(nil, env.merging(["STATE_THEME": "monochrome"]) { $1 }, Self.white) == "monochrome")
        // The config file, between the environment and the background.
        let config = home.appendingPathComponent(".config/state")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"theme": "high-contrast"}"#.utf8).write(to: config.appendingPathComponent("config.plist"))
        #expect(try choose(nil, env, Self.white) == "high-contrast")
        #expect(try choose(nil, env.merging(["STATE_THEME": "light"]) { $1 }, Self.black) == "light")
        try Data(#"{"theme": 3}"#.utf8).write(to: config.appendingPathComponent("config.plist"))
        #expect(throws: (any Error).self) { try choose(nil, env, Self.white) }
        try Data(#"{"theme": "#.utf8).write(to: config.appendingPathComponent("config.plist"))
        let error = #expect(throws: (any Error).self) { try choose(nil, env, Self.white) }
        #expect("\(error!)".contains("config.plist") && "\(error!)".contains("line 1"))
    }
}

/// The mouse is the browser's unless the user leaves it to the terminal.
@Suite struct MouseChoiceTests {
    @Test func theOptionTheEnvironmentAndTheConfigFileTurnItOff() throws {
        let home = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(home) }
        let env = ["HOME": home.path]
        #expect(try ThemeChoice.mouse(option: false, environment: env))
        #expect(try !ThemeChoice.mouse(option: true, environment: env))
        #expect(try !ThemeChoice.mouse(option: false, environment: env.merging(["STATE_MOUSE": "off"]) { $1 }))
        #expect(try ThemeChoice.mouse(option: false, environment: env.merging(["STATE_MOUSE": "1"]) { $1 }))
        let config = home.appendingPathComponent(".config/state")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"mouse": false, "theme": "dark"}"#.utf8).write(to: config.appendingPathComponent("config.plist"))
        #expect(try !ThemeChoice.mouse(option: false, environment: env))
        #expect(try ThemeChoice.mouse(option: false, environment: env.merging(["STATE_MOUSE": "on"]) { $1 }), "the environment wins over the file")
        try Data(#"{"mouse": "no"}"#.utf8).write(to: config.appendingPathComponent("config.plist"))
        let error = #expect(throws: (any Error).self) { try ThemeChoice.mouse(option: false, environment: env) }
        #expect("\(error!)".contains("mouse must be true or false"))
    }
}

/// In the real binary, in tmux: a white pane gets the light theme, a black one the dark.
@Suite(.tags(.tmux)) struct BackgroundDetectionEndToEndTests {
    @Test(arguments: [("#ffffff", "38;2;31;31;31m"), ("#000000", "38;2;212;212;212m")])
    func theBackgroundPicksTheTheme(background: String, textColor: String) throws {
        try SystemPackage.ncursesTerm.require()
        let home = try Fixtures.temporaryFolder()
        let tmux = try TmuxSession(width: 100, height: 20)
        _ = try tmux.tmux(["set", "-t", "main", "window-style", "bg=\(background)"])
        try tmux.run("HOME=\(home.path) SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor \(Fixtures.stateExecutable.path)", until: "BROWSE")
        #expect(try tmux.styledScreen().contains(textColor))
        try tmux.send("q")
    }
}
