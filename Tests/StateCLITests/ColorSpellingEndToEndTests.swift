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
        try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(file.path)")
        try tmux.waitFor(text: "BROWSE")
        try tmux.search(search)
        try tmux.waitFor(text: " \(path)")
        for key in moves { try tmux.send(key) }
        try tmux.send("i")
        try tmux.waitFor(text: "▸ Red")
        for key in keys { try tmux.send(key) }
        try tmux.waitFor(text: shows)
        try tmux.send("Enter")
        try tmux.waitFor(text: "[+]")
        try tmux.send("C-s")
        try tmux.waitFor(text: "Saved /")
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
}
