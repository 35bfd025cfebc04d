import Foundation
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// The browser's screens at fixed sizes through the in-memory backend: text written out here,
/// styles in `__Snapshots__` files.
@Suite struct ScreenTests {
    @Test func firstScreenText() {
        let state = BrowserFixture.state(width: 72, height: 10, depth: .monochrome)
        #expect(
            state.screen.lines == [
                " ▾ (root)  {3}                AssetLibrary╭─ Detail ───────────────────╮",
                "     name  \"Sample Library\"         String│ Path      (root)           │",
                "   ▸ domains  {2}         [String: AssetD…│ Value     dictionary, 3 e… │",
                "     model_version  3        model version│ Type      AssetLibrary     │",
                "                                          │ Bytes     164..<7017  (68… │",
                "                                          │                            │",
                "                                          │ Raw                        │",
                "                                          ╰────────────────── ↓ more } ╯",
                " (root)",
                " BROWSE  AssetLibrary.plist  XML  schema AssetLibrary.sche… 1/4  ?:help",
            ])
    }

    @Test func firstScreenInTheDarkTheme() {
        ScreenSnapshot.assertMatches(BrowserFixture.state(width: 100, height: 24).screen, named: "first-screen-dark-truecolor")
    }

    @Test func aColorAssetWithItsSwatchIn256Colors() {
        var state = BrowserFixture.state(width: 100, height: 24, depth: .palette256)
        state.press("/")
        state.type("Accent")
        state.press("Enter", "p", "l")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0.Asset")
        ScreenSnapshot.assertMatches(state.screen, named: "color-asset-256")
    }

    @Test func swatchesFollowTheColorDepth() throws {
        func swatch(_ depth: ColorDepth) throws -> (ScreenBuffer, Int, Int) {
            var state = BrowserFixture.state(width: 100, height: 24, depth: depth)
            state.press("/")
            state.type("Accent")
            state.press("Enter", "j", "j")
            #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0.color")
            let screen = state.screen
            let y = try #require(screen.lines.firstIndex { $0.contains("color") && $0.contains("#FF8000") })
            let x = try #require(screen.lines[y].range(of: "#FF8000")).lowerBound.utf16Offset(in: screen.lines[y])
            return (screen, x - 3, y)
        }
        let (trueColor, x, y) = try swatch(.trueColor)
        #expect(trueColor[x, y].style.background == .rgb(255, 128, 0))
        #expect(trueColor[x + 1, y].style.background == .rgb(255, 128, 0))
        let (palette, px, py) = try swatch(.palette256)
        #expect(palette[px, py].style.background == .palette(208))
        let (mono, _, my) = try swatch(.monochrome)
        // No colors: the hex value alone, and no cell anywhere has a color.
        #expect(mono.lines[my].contains("color  #FF8000  "))
        #expect(mono.cells.allSatisfy { $0.style.background == .terminalDefault && $0.style.foreground == .terminalDefault })
    }

    @Test func helpOverlayListsTheKeyMap() {
        // Tall enough for every line of the help at once.
        var state = BrowserFixture.state(width: 80, height: 240)
        state.press("?")
        let screen = state.screen
        let text = screen.lines.joined(separator: "\n")
        // Every binding's keys and help, the browser's and each modal's, from the same tables
        // that dispatch them.
        func expectListed<A>(_ map: KeyMap<A>) {
            for binding in map.bindings {
                #expect(text.contains(binding.keysText), "\(binding.keysText)")
                #expect(text.contains(binding.help), "\(binding.help)")
            }
        }
        expectListed(state.keyMap)
        expectListed(ChoiceList.keys)
        expectListed(ColorPicker.keys)
        expectListed(PendingChanges.keys)
        expectListed(PendingChanges.editKeys)
        expectListed(MessageLog.keys)
        expectListed(TextField.keys)
        expectListed(TextArea.keys)
        expectListed(ValueView.keys)
        expectListed(HelpOverlay.keys)
        ScreenSnapshot.assertMatches(screen, named: "help-overlay")
    }

    @Test(arguments: [(ColorDepth.trueColor, "color-picker-truecolor"), (.palette256, "color-picker-256")])
    func theColorPickerShowsOldAndNewSwatchesAndChannels(depth: ColorDepth, name: String) throws {
        var state = BrowserFixture.state(width: 100, height: 28, depth: depth)
        state.go(to: "domains.Game.groups.Palette.assets.2.color")
        state.press("i", "H", "j", "j", "j", "h")
        let screen = state.screen
        let text = screen.lines.joined(separator: "\n")
        #expect(text.contains("Color domains.Game.groups.Palette.assets.2.color"))
        #expect(text.contains("▸ Alpha"))
        // Glass is translucent: its swatch is blended over a checkerboard, so neighbouring
        // cells differ, and its alpha is stated as a number.
        let y = try #require(screen.lines.firstIndex { $0.contains("Old") }) + 1
        let x = try #require(screen.lines[y - 1].range(of: "Old")).lowerBound.utf16Offset(in: screen.lines[y - 1])
        #expect(screen[x, y].style.background != screen[x + 2, y].style.background)
        #expect(text.contains("α"))
        ScreenSnapshot.assertMatches(screen, named: name)
    }

    @Test func thePendingChangesViewIsAUnifiedDiff() {
        var state = BrowserFixture.state(width: 90, height: 20)
        state.go(to: "domains.Game.groups.Palette.assets.0.color")
        state.press("i", "H", "Enter")
        state.go(to: "domains.App.groups.Icons.name")
        state.press("x", "=")
        let text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("Changes to AssetLibrary.plist: -3 +1"))
        #expect(text.contains("-\t\t\t\t\t\t\t\t<real>1</real>".replacingOccurrences(of: "\t", with: "    ")))
        #expect(text.contains("+                                <real>0.9372549019607843</real>"))
        ScreenSnapshot.assertMatches(state.screen, named: "pending-changes")
        state.press("Escape")
        #expect(state.modal == nil)
    }

    @Test func theConformerListOverTheTree() {
        var state = BrowserFixture.state(width: 100, height: 24)
        state.go(to: "domains.Game.groups.Sounds.assets")
        state.press("a", "j")
        ScreenSnapshot.assertMatches(state.screen, named: "conformer-list")
    }

    @Test func schemaPaneListsProtocolsConformersAndModels() {
        var state = BrowserFixture.state(width: 100, height: 30)
        state.press("s", "j", "j")
        ScreenSnapshot.assertMatches(state.screen, named: "schema-pane")
    }

    @Test func diagnosticsAreMarkedOnTheirRows() throws {
        // A copy of the sample with a color channel out of range and an unknown key.
        let folder = try Fixtures.temporaryFolder()
        let source = try String(contentsOf: AssetLibraryFixture.sample, encoding: .utf8)
        let broken =
            source
            .replacingOccurrences(of: "<real>0.35</real>", with: "<real>1.35</real>")
            .replacingOccurrences(
                of: "<key>name</key>\n\t<string>Sample Library</string>", with: "<key>name</key>\n\t<string>Sample Library</string>\n\t<key>owner</key>\n\t<string>me</string>")
        #expect(broken != source)
        let url = folder.appendingPathComponent("Broken.plist")
        try broken.write(to: url, atomically: true, encoding: .utf8)
        let document = try BrowserDocument.open(url, schema: AssetLibraryFixture.schema)
        var state = BrowserFixture.state(width: 100, height: 24, document: document)
        let ownerRow = try #require(state.screen.lines.firstIndex { $0.contains("owner") })
        #expect(state.screen.lines[ownerRow].contains("not in the schema"))
        state.press("/")
        state.type("alpha")
        state.press("Enter", "n", "n")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.2.color.alpha")
        let screen = state.screen
        let alphaRow = try #require(screen.lines.firstIndex { $0.contains("alpha  1.35") })
        #expect(screen.lines[alphaRow].hasPrefix("!"))
        #expect(screen[0, alphaRow].style.foreground == .rgb(0xF4, 0x47, 0x47))
        // The detail pane says what is wrong.
        #expect(screen.lines.contains { $0.contains("! alpha 1.35 is outside 0…1") })
        #expect(screen.lines[alphaRow - 4].contains("▾ color"))
    }

    @Test func aTinyTerminalGetsAMessageNotACrash() {
        var state = BrowserFixture.state(width: 12, height: 3)
        #expect(state.screen.lines[1] == "Too small: …")
        _ = state.update(.resize(width: 1, height: 1))
        #expect(state.screen.lines == ["…"])
        _ = state.update(.resize(width: 0, height: 0))
        #expect(state.screen.lines.isEmpty)
        state.press("j", "e", "G", "?", "Escape", "s")
        // Keys pressed while it was too small still took effect: back at a usable size the
        // schema pane is open and the selection is on the last row of the expanded tree.
        _ = state.update(.resize(width: 80, height: 12))
        #expect(state.side.open == .schema)
        #expect(state.selection == state.treePane.outline.count - 1)
        #expect(state.screen.lines[0].contains("╭─ Schema: AssetLibrary.sche… ─╮"))
        #expect(state.screen.lines[10] == " model_version")
    }

    /// The color picker in small windows: at 40×10 the channels and both colors still show
    /// (swatches on one line); below its smallest size it says what it needs.
    @Test func theColorPickerDegradesInSmallWindows() {
        var state = BrowserFixture.state(width: 40, height: 10)
        state.go(to: "domains.Game.groups.Palette.assets.0.color")
        state.press("i")
        guard case .color? = state.modal else { Issue.record("no picker"); return }
        var text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("#FF8000"))
        #expect(text.contains("▸ Red"))
        #expect(text.contains("Green") && text.contains("Blue"))
        // The focused channel stays in view as it moves down.
        state.press("j", "j", "j", "j", "j")
        text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("▸ Saturation"))
        _ = state.update(.resize(width: 24, height: 6))
        #expect(state.screen.lines.joined().contains("The color picker needs"))
        state.press("Escape")
        #expect(state.modal == nil)
        // Every other modal says what it needs, too.
        _ = state.update(.resize(width: 22, height: 5))
        state.press("p", "a")
        guard case .choice? = state.modal else { Issue.record("no list"); return }
        #expect(state.screen.lines.joined().contains("This list needs 24×4"))
        state.press("Escape", "?")
        #expect(state.screen.lines.joined().contains("The help needs 30×4"))
        state.press("Escape", "M")
        #expect(state.screen.lines.joined().contains("The message log needs"))
    }
}
