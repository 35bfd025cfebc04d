import State
import StateSchema
import TerminalCore
import Testing

@testable import StateBrowser

/// The update function alone: keys in, state and effects out — no terminal anywhere.
@Suite struct UpdateTests {
    @Test func opensWithTheTopLevelShown() {
        let state = BrowserFixture.state()
        #expect(state.treePane.outline.rows.map { state.document.label(of: Int($0)) ?? "(root)" } == ["(root)", "name", "domains", "model_version"])
        #expect(state.selection == 0)
        #expect(state.side.open == .detail)
    }

    @Test func vimKeysAndArrowsMove() {
        var state = BrowserFixture.state()
        state.press("j", "Down")
        #expect(state.selectedPath == "domains")
        state.press("k")
        #expect(state.selectedPath == "name")
        state.press("G")
        #expect(state.selectedPath == "model_version")
        state.press("j", "j")
        #expect(state.selectedPath == "model_version", "moving past the end stays on the last row")
        state.press("g", "Up")
        #expect(state.selection == 0)
    }

    @Test func expandEnterCollapseAndLeave() {
        var state = BrowserFixture.state()
        state.press("j", "j", "l")
        #expect(state.treePane.outline.isExpanded(state.selectedNode))
        #expect(state.treePane.outline.count == 6, "domains' two entries are now rows")
        state.press("l")
        #expect(state.selectedPath == "domains.Game")
        state.press("h")
        #expect(state.selectedPath == "domains", "h on a collapsed node goes to its parent")
        state.press("h")
        #expect(!state.treePane.outline.isExpanded(state.selectedNode))
        #expect(state.treePane.outline.count == 4)
        state.press("Enter")
        #expect(state.treePane.outline.isExpanded(state.selectedNode))
        state.press("Enter")
        #expect(!state.treePane.outline.isExpanded(state.selectedNode))
    }

    @Test func expandAllCollapseAllAndDepths() {
        var state = BrowserFixture.state()
        state.press("j", "j", "e")
        #expect(state.treePane.outline.count == state.document.nodeCount)
        #expect(state.selectedPath == "domains", "the selection stays on its node")
        // Go deep, then collapse all: the selection moves to the visible ancestor.
        state.press("/")
        state.enter("Glass")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.2.name")
        state.press("c")
        #expect(state.treePane.outline.count == 4)
        #expect(state.selectedPath == "domains")
        state.press("3")
        #expect(state.treePane.outline.rows.allSatisfy { state.document.depth(of: Int($0)) <= 3 })
        #expect(state.treePane.outline.rows.contains { state.document.depth(of: Int($0)) == 3 })
        #expect(state.message?.text == "Expanded to depth 3")
    }

    @Test func parentAndSiblings() {
        var state = BrowserFixture.state()
        state.press("e", "/")
        state.enter("Background")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.1.name")
        state.press("p")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.1")
        state.press("J")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.2")
        state.press("K", "K")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0")
        state.press("K")
        #expect(state.message == BrowserState.StatusMessage(text: "No previous sibling", isError: true))
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0")
    }

    @Test func searchFindsHiddenNodesAndCycles() {
        var state = BrowserFixture.state()
        // Collapsed everywhere: the match is revealed by expanding its ancestors.
        state.press("/")
        #expect(state.search.prompt != nil)
        state.enter("icon")
        #expect(state.search.prompt == nil)
        let first = state.selectedPath
        #expect(first == "domains.App.groups.Icons", "smart case: lower-case query ignores case")
        let count = state.search.current?.matches.count ?? 0
        #expect(count >= 3)
        #expect(state.message?.text == "1/\(count) “icon”")
        state.press("n")
        #expect(state.selectedPath != first)
        for _ in 0..<(count - 1) { state.press("n") }
        #expect(state.selectedPath == first)
        #expect(state.message?.text.hasSuffix("(wrapped to the top)") == true)
        state.press("N")
        #expect(state.message?.text.hasPrefix("\(count)/\(count)") == true)
        #expect(state.message?.text.hasSuffix("(wrapped to the bottom)") == true)
    }

    @Test func searchIsCaseSensitiveWithACapitalAndReportsMisses() {
        var state = BrowserFixture.state()
        state.press("/")
        state.enter("ICON")
        #expect(state.message == BrowserState.StatusMessage(text: "Not found: “ICON”", isError: true))
        #expect(state.selection == 0)
        state.press("/")
        state.enter("caf")
        #expect(state.selectedPath.hasPrefix("domains.Game.groups.Sounds.assets.0"), "values match too: \(state.selectedPath)")
    }

    @Test func searchPromptEditsAndCancels() {
        var state = BrowserFixture.state()
        state.press("/")
        state.type("Glaxx")
        state.press("BSpace", "BSpace", "Left")
        state.type("s")
        #expect(state.search.prompt?.text == "Glsa")
        #expect(state.search.prompt?.cursor == 3)
        state.press("End", "BSpace", "BSpace")
        state.type("ass")
        #expect(state.search.prompt?.text == "Glass")
        state.press("Escape")
        #expect(state.search.prompt == nil)
        #expect(state.search.current == nil)
        #expect(state.selection == 0)
    }

    @Test func copyPathKeyAndValue() throws {
        var state = BrowserFixture.state()
        state.press("/")
        state.enter("Glass")
        #expect(state.press("y", "p") == [.copy("domains.Game.groups.Palette.assets.2.name")])
        #expect(state.press("y", "y") == [.copy("domains.Game.groups.Palette.assets.2.name")])
        #expect(state.press("y", "k") == [.copy("name")])
        #expect(state.press("y", "v") == [.copy("Glass")])
        state.press("p")
        #expect(state.press("y", "k") == [.copy("2")])
        // A structure is copied as JSON, which reads back to the same value.
        guard case .copy(let json)? = state.press("y", "v").first else {
            Issue.record("no copy")
            return
        }
        let value = try PlistValue(parsing: Array(json.utf8))
        #expect(value.dictionaryValue?["name"] == .string("Glass"))
        #expect(value.dictionaryValue?["Asset"] == .string("ColorAsset"))
    }

    @Test func keyPrefixesWaitAndUnknownKeysSaySo() {
        var state = BrowserFixture.state()
        #expect(state.press("y").isEmpty)
        #expect(state.message?.text == "y…")
        state.press("x")
        #expect(state.message == BrowserState.StatusMessage(text: "yx does nothing here (? shows the keys)", isError: true))
        state.press("Z")
        #expect(state.message?.isError == true)
        #expect(state.selection == 0)
    }

    @Test func quitSuspendAndRedrawAreEffects() {
        var state = BrowserFixture.state()
        #expect(state.press("q") == [.quit])
        #expect(state.press("C-c") == [.quit])
        #expect(state.press("C-z") == [.suspend])
        #expect(state.press("C-l") == [.redraw])
    }

    @Test func pagingMovesViewAndSelectionTogether() {
        var state = BrowserFixture.state(height: 12)
        state.press("e")
        let page = state.layout.treeRows
        #expect(page == 10)
        state.press("PageDown")
        #expect(state.scroll == page && state.selection == page)
        state.press("C-u")
        #expect(state.scroll == page / 2 && state.selection == page / 2)
        state.press("C-d", "C-d")
        #expect(state.selection == page / 2 + page)
        state.press("G")
        #expect(state.selection == state.treePane.outline.count - 1)
        #expect(state.scroll == state.treePane.outline.count - page)
        state.press("PageDown")
        #expect(state.selection == state.treePane.outline.count - 1)
    }

    @Test func resizeKeepsTheSelectionOnScreen() {
        var state = BrowserFixture.state(height: 40)
        state.press("e")
        for _ in 0..<30 { state.press("j") }
        _ = state.update(.resize(width: 50, height: 10))
        #expect(state.selection == 30)
        #expect(state.selection >= state.scroll && state.selection < state.scroll + state.layout.treeRows)
        #expect(state.layout.sidePane == nil, "too narrow for the detail pane")
        _ = state.update(.resize(width: 120, height: 40))
        #expect(state.layout.sidePane != nil, "the pane comes back when there is room")
    }

    @Test func schemaPaneFindsTheNodesOfAConformer() throws {
        var state = BrowserFixture.state()
        state.press("s")
        #expect(state.side.open == .schema && state.focus == .side)
        let lines = state.side.schemaOutline.lines
        let target = try #require(lines.firstIndex { $0.kind == .conformer("ColorAsset") })
        #expect(lines[target - 1].kind == .type("Asset") || lines[..<target].contains { $0.kind == .type("Asset") })
        for _ in 0..<target { state.press("j") }
        #expect(state.side.schemaRows.selection == target)
        state.press("Enter")
        #expect(state.focus == .tree)
        #expect(state.search.current?.matches.count == 5, "the sample has five ColorAssets")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0")
        #expect(state.message?.text == "1/5 of type ColorAsset")
        state.press("n", "n", "n", "n")
        #expect(state.selectedPath == "domains.App.groups.Icons.assets.1")
        state.press("Tab")
        #expect(state.focus == .side)
        state.press("Tab", "s")
        #expect(state.side.open == nil && state.focus == .tree)
    }

    @Test func helpOverlayOpensScrollsAndCloses() {
        var state = BrowserFixture.state()
        state.press("?")
        #expect(state.showsHelp)
        state.press("j", "j")
        guard case .help(let help)? = state.modal else { Issue.record("no help"); return }
        #expect(help.scroll == 2)
        state.press("q")
        #expect(!state.showsHelp, "q closes the help rather than quitting")
        #expect(state.press("q") == [.quit])
    }

    @Test func escapeClearsTheSearch() {
        var state = BrowserFixture.state()
        state.press("/")
        state.type("Glass")
        state.press("Enter", "Escape")
        #expect(state.search.current == nil)
    }

    /// A message too long for the status bar is cut there, and read in full with `M`.
    @Test func longMessagesCanBeReadInFull() {
        var state = BrowserFixture.state(width: 80, height: 20)
        state.press("/")
        state.enter("a search for something with a rather long name that is nowhere")
        let full = "Not found: “a search for something with a rather long name that is nowhere”"
        #expect(state.message?.text == full)
        #expect(!state.screen.lines.last!.contains(full), "cut in the status bar")
        state.press("M")
        guard case .messages(let log)? = state.modal else { Issue.record("no message log"); return }
        let text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("Not found: “a search for something with a rather long name"))
        #expect(text.contains("nowhere”"))
        #expect(log.lines.last?.isError == true)
        state.press("Escape")
        #expect(state.modal == nil)
        // :messages too.
        state.press(":")
        state.enter("messages")
        #expect(state.modal.map { if case .messages = $0 { true } else { false } } == true)
    }
}
