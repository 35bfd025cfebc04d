import Foundation
import State
import StateTestSupport
import Testing

/// The color picker on colors as other tools write them, in the real binary: a VS Code theme's
/// hex string and an asset catalog's `"0x…"` components get swatches, and a picker edit is
/// saved in the same spelling — only the changed channel's bytes differ.
@Suite(.tags(.tmux)) struct ColorSpellingEndToEndTests {
    func pick(in file: URL, search: String, path: String, then moves: [String] = [], keys: [String], shows: String) throws {
        let tmux = try TmuxSession(width: 120, height: 30)
        try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(file.path)", until: "BROWSE")
        try tmux.search(search)
        try tmux.waitFor(text: " \(path)")
        for key in moves { try tmux.send(key) }
        try tmux.send("i", until: "▸ Red")
        for key in keys { try tmux.send(key) }
        try tmux.waitFor(text: shows)
        try tmux.send("Enter", until: "[+]")
        try tmux.send("C-s", until: "Saved /")
        try tmux.send("q")
    }

    @Test func aHexStringIsPickedAndSavedAsHex() throws {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("theme.json")
        try FileManager.default.copyItem(at: Fixtures.realShaped("vscode-theme.json"), to: file)
        let before = String(decoding: try FileBytes.read(file), as: UTF8.self)
        // #F0A04B: red down one coarse step (16) is E0.
        try pick(in: file, search: "editorCursor", path: #"colors.editorCursor\.foreground"#, keys: ["H"], shows: "#E0A04B")
        #expect(String(decoding: try FileBytes.read(file), as: UTF8.self) == before.replacingOccurrences(of: "#F0A04B", with: "#E0A04B"))
    }

    @Test func anAssetCatalogColorKeepsItsHexComponents() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("AccentColor.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Contents.json")
        try FileManager.default.copyItem(at: Fixtures.realShaped("AccentColor.colorset/Contents.json"), to: file)
        let before = String(decoding: try FileBytes.read(file), as: UTF8.self)
        // The dark appearance: #FF9933 → red down a coarse step: #EF9933.
        try pick(in: file, search: "0x99", path: "colors.1.color.components.green", then: ["p", "p"], keys: ["H"], shows: "#EF9933")
        #expect(String(decoding: try FileBytes.read(file), as: UTF8.self) == before.replacingOccurrences(of: "\"red\" : \"0xFF\"", with: "\"red\" : \"0xEF\""))
    }

    /// `C` lists every color with its swatch; Enter goes to the one chosen.
    @Test func thePaletteListsEveryColorAndJumps() throws {
        let tmux = try TmuxSession(width: 120, height: 30)
        try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(Fixtures.realShaped("AccentColor.colorset/Contents.json").path)", until: "BROWSE")
        let screen = try tmux.send("C", until: "3 colors")
        #expect(screen.contains { $0.contains("colors.2.color") && $0.contains("#FF8000") && $0.contains("asset catalog color (display-p3)") })
        #expect(try tmux.styledScreen().contains("48;5;208m"), "a swatch beside each")
        try tmux.send("j", "Enter", until: " colors.1.color")
        try tmux.send("q")
    }
}

/// `state print` on a terminal draws a swatch after each color; piped, the hex value alone.
@Suite(.tags(.tmux)) struct PrintSwatchTests {
    @Test func swatchesOnATerminalOnly() throws {
        try SystemPackage.ncursesTerm.require()
        let file = Fixtures.realShaped("AccentColor.colorset/Contents.json").path
        let tmux = try TmuxSession(width: 100, height: 40)
        try tmux.run("clear; COLORTERM=truecolor \(Fixtures.stateExecutable.path) print \(file); echo END", until: "END")
        #expect(try tmux.styledScreen().contains("48;2;255;153;51m"))
        let piped = try ProcessRunner.run(Fixtures.stateExecutable, ["print", file], environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"])
        #expect(piped.stdoutText.contains("# ~Color #FF9933\n") && !piped.stdoutText.contains("\u{1B}"))
    }
}

/// `state get --colors`: the same list, for scripts.
@Suite struct ColorListTests {
    @Test func getColorsListsPathsValuesAndSpellings() throws {
        let list = try ProcessRunner.run(Fixtures.stateExecutable, ["get", "--colors", Fixtures.realShaped("vscode-theme.json").path, "tokenColors"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdoutText == "tokenColors.0.settings.foreground\t#6B7385\t#RRGGBB string\ntokenColors.1.settings.foreground\t#C586C0\t#RRGGBB string\n")
        let json = try ProcessRunner.run(Fixtures.stateExecutable, ["get", "--colors", "--json", Fixtures.realShaped("Harbor.itermcolors").path])
        let value = try PlistValue(parsing: json.stdout)
        #expect(value["6.path"] == "Selection Color")
        #expect(value["6.color"] == "#4C566A80")
        #expect(value["4.path"] == "Cursor Color" && value["4.spelling"] == "iTerm2 color (P3)")
        let missing = try ProcessRunner.run(Fixtures.stateExecutable, ["get", Fixtures.realShaped("vscode-theme.json").path])
        #expect(missing.status == 64)
    }
}
