import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// Long values (the detail pane, the value view, the text editor), the mouse and pasted text,
/// through `update` and the views.
@Suite struct ReadingTests {
    static let readme =
        "# Clipboard Tools\n\nKeeps a history.\n\tTabbed line.\r\nEnd · with a middle dot\u{1B}[31m\n" + String(repeating: "A long paragraph that wraps in the pane. ", count: 30)

    static func alfred(width: Int = 100, height: Int = 24) throws -> BrowserState {
        let value: PlistValue = [
            "bundleid": "com.example.clipboard", "name": "Clipboard Tools", "readme": .string(readme),
            "objects": [["uid": "A1", "type": "keyword", "config": ["keyword": "clip"]], ["uid": "B2", "type": "script"]],
            "version": "1.2",
        ]
        let tree = try SourceTree(parsing: value.serialized(as: .json))
        let document = try BrowserDocument.open(tree, from: nil, displayName: "info.json")
        var state = BrowserFixture.state(width: width, height: height, document: document, file: nil)
        _ = state.update(.started(width: width, height: height))
        return state
    }

    // MARK: - The detail pane

    @Test func theDetailPaneShowsALongValueWrappedWithItsControlsVisibleAndScrolls() throws {
        var state = try Self.alfred()
        state.go(to: "readme")
        var text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("# Clipboard Tools↵"), "a line break ends the line and shows")
        #expect(text.contains("⇥Tabbed line.␍↵"), "a tab and the \\r of \\r\\n are glyphs, not obeyed")
        #expect(text.contains("middle dot␛[31m↵"), "an escape is its control picture")
        #expect(text.contains("↓ more }"))
        let firstLine = state.screen.lines.firstIndex { $0.contains("# Clipboard Tools↵") }!
        state.press("}")
        #expect(state.detailOffset > 0)
        #expect(!state.screen.lines[firstLine].contains("# Clipboard Tools↵"), "scrolled")
        state.press("{")
        #expect(state.detailOffset == 0)
        // Tab gives the pane the keys: j and G scroll it, the tree's selection stays.
        state.press("Tab", "G")
        let bottom = state.detailOffset
        #expect(bottom > 5)
        state.press("j")
        #expect(state.detailOffset == bottom, "the last page is as far as it goes")
        #expect(state.document.path(of: state.selectedNode).description == "readme")
        text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("Raw"), "the raw form comes last")
        // Another selection starts at the top again.
        state.press("Tab", "k")
        #expect(state.detailOffset == 0)
    }

    // MARK: - The value view

    @Test func vAndEnterOnALongStringShowItInFullWrappedToTheWindow() throws {
        var state = try Self.alfred(width: 60)
        state.go(to: "readme")
        state.press("Enter")
        guard case .value(let view)? = state.modal else {
            Issue.record("Enter on a long string did not open the value view")
            return
        }
        #expect(view.text == Self.readme)
        #expect(view.lines.allSatisfy { TextWidth.of($0.map(\.text).joined()) <= Box.inside(state.layout.main).width })
        #expect(view.lines.count > 10)
        let lines = state.screen.lines
        #expect(lines[0].contains("readme (String, \(Self.readme.count) characters)"))
        state.press("G")
        #expect(state.screen.lines.joined().contains("wraps in the pane."))
        state.press("q")
        #expect(state.modal == nil)
        // v on a short value shows it too; on a container it says what to do instead.
        state.go(to: "name")
        state.press("v")
        if case .value(let short)? = state.modal { #expect(short.text == "Clipboard Tools") } else { Issue.record("v did not open") }
        state.press("Escape")
        state.go(to: "objects")
        state.press("v")
        #expect(state.modal == nil)
        #expect(state.message?.text.contains("Enter expands it") == true)
        // Enter on a short string still says there is nothing to expand.
        state.go(to: "name")
        state.press("Enter")
        #expect(state.modal == nil)
    }

    // MARK: - The text editor

    @Test func theTextAreaEditsLinesWordsAndKeepsCarriageReturns() {
        var area = TextArea("one two\r\nthree")
        #expect(area.lines.count == 2)
        #expect(area.text == "one two\r\nthree", "\\r\\n comes back as it went in")
        #expect((area.row, area.column) == (1, 5))
        _ = area.handle(.alt("b"), page: 5)
        #expect(area.column == 0)
        _ = area.handle(.alt("b"), page: 5)
        #expect((area.row, area.column) == (0, 4), "over the line break to the start of “two”")
        _ = area.handle(.enter, page: 5)
        #expect(area.text == "one \ntwo\r\nthree")
        _ = area.handle(.backspace, page: 5)
        #expect(area.text == "one two\r\nthree", "backspace at a line's start joins the lines")
        _ = area.handle(.tab, page: 5)
        _ = area.handle(.control("k"), page: 5)
        #expect(area.text == "one \t\nthree")
        _ = area.handle(.control("k"), page: 5)
        #expect(area.text == "one \tthree", "at the end of a line, Ctrl-K joins the next")
        area.insert("a\nb\nc", page: 2)
        #expect(area.text == "one \ta\nb\ncthree")
        #expect((area.row, area.column, area.top) == (2, 1, 1), "the cursor after the paste, scrolled into view")
        _ = area.handle(.up, page: 2)
        _ = area.handle(.up, page: 2)
        #expect((area.row, area.column, area.top) == (0, 1, 0))
        #expect(area.handle(.control("s"), page: 2) == .submitted("one \ta\nb\ncthree"))
        #expect(area.isSound)
    }

    @Test func iOnAMultiLineStringOpensTheTextEditorAndCtrlSWritesIt() throws {
        var state = try Self.alfred()
        state.go(to: "readme")
        state.press("i")
        guard case .text(let editor)? = state.modal else {
            Issue.record("i on a multi-line string did not open the text editor")
            return
        }
        #expect(editor.area.text == Self.readme)
        let screen = state.screen
        #expect(screen.lines.joined(separator: "\n").contains("⇥Tabbed line.␍"))
        #expect(screen.cursor != nil)
        state.press("M-<", "C-k", "Enter")
        _ = state.update(.paste("Pasted\nlines"))
        state.press("C-s")
        #expect(state.modal == nil)
        let value = state.document.tree.value()[PlistPath(parsing: "readme")]
        #expect(value == .string("\nPasted\nlines" + String(Self.readme.dropFirst("# Clipboard Tools".count))))
        #expect(state.isDirty)
        // One undo step.
        state.press("u")
        #expect(state.document.tree.value()[PlistPath(parsing: "readme")] == .string(Self.readme))
    }

    @Test func aLineBreakPastedIntoTheOneLineEditorMakesItTheTextEditor() throws {
        var state = try Self.alfred()
        state.go(to: "name")
        state.press("i", "C-a")
        _ = state.update(.paste("Two\nlines: "))
        guard case .text(let editor)? = state.modal else {
            Issue.record("the editor did not grow")
            return
        }
        #expect(editor.area.text == "Two\nlines: Clipboard Tools")
        #expect((editor.area.row, editor.area.column) == (1, 7), "the cursor stays after the paste")
        state.press("C-s")
        #expect(state.document.tree.value()[PlistPath(parsing: "name")] == .string("Two\nlines: Clipboard Tools"))
        // Pasted into the search prompt, a line break is a space and an escape is left out.
        state.press("/")
        _ = state.update(.paste("clip\nboard\u{1B}[31m"))
        #expect(state.search.prompt?.text == "clip board[31m")
        state.press("Escape")
        // Into a string's one-line editor, a control makes it the text editor, which shows it.
        state.go(to: "version")
        state.press("i")
        _ = state.update(.paste("\u{1B}"))
        guard case .text(let grown)? = state.modal else {
            Issue.record("an escape pasted into the one-line editor was not shown")
            return
        }
        #expect(grown.area.text == "1.2\u{1B}")
        #expect(state.screen.lines.joined().contains("1.2␛"))
        state.press("Escape")
        // Esc in the text editor changes nothing.
        state.go(to: "readme")
        state.press("E", "x", "Escape")
        #expect(state.document.tree.value()[PlistPath(parsing: "readme")] == .string(Self.readme))
        #expect(state.message?.text == "Not changed")
    }

    // MARK: - The mouse

    @Test func theWheelScrollsThePaneUnderItAndClicksSelectAndToggle() throws {
        var state = BrowserFixture.state(width: 100, height: 12)
        state.press("e")
        let layout = state.layout
        let tree = layout.tree
        // Wheel over the tree: the view moves three rows, the selection stays while it shows.
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: tree.x + 5, y: tree.y + 2)))
        #expect(state.scroll == 3)
        #expect(state.selection == 3, "kept at the top edge once its row scrolled away")
        _ = state.update(.mouse(MouseEvent(.wheelUp, x: tree.x + 5, y: tree.y + 2)))
        #expect(state.scroll == 0)
        // A click selects the row under it.
        _ = state.update(.mouse(MouseEvent(.press, x: tree.x + 30, y: tree.y + 4)))
        #expect(state.selection == 4)
        // A click on a container's ▾ collapses it; a double click on its row expands it again.
        state.go(to: "domains")
        let row = state.selection - state.scroll
        let node = state.selectedNode
        let marker = TreeView.markerX(of: node, state: state, in: tree)
        #expect(state.screen.lines[tree.y + row].dropFirst(marker).hasPrefix("▾"))
        let before = state.treePane.outline.count
        _ = state.update(.mouse(MouseEvent(.press, x: marker, y: tree.y + row)))
        #expect(state.treePane.outline.count < before)
        #expect(state.screen.lines[tree.y + row].dropFirst(marker).hasPrefix("▸"))
        _ = state.update(.mouse(MouseEvent(.press, x: tree.maxX - 3, y: tree.y + row, clickCount: 2)))
        #expect(state.treePane.outline.count == before)
        // Releases and clicks below the last row do nothing.
        _ = state.update(.mouse(MouseEvent(.release, x: marker, y: tree.y + row)))
        #expect(state.treePane.outline.count == before)
        // The wheel over the detail pane scrolls the pane, not the tree.
        let side = try #require(layout.sidePane)
        let selection = state.selection
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: side.x + 3, y: side.y + 3)))
        #expect(state.detailOffset == 3)
        #expect(state.selection == selection)
        // Over a pager (the help) the wheel scrolls it.
        state.press("?")
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 10, y: 5)))
        if case .help(let help)? = state.modal { #expect(help.scroll == 3) } else { Issue.record("the help closed") }
    }

    // MARK: - Line mode

    @Test func lineModeShowsEachRowsLineOfTheFile() throws {
        let text = "{\n  \"name\": \"Harbor\",\n  \"targets\": [\n    {\"id\": 1}\n  ]\n}\n"
        let document = try BrowserDocument.open(try SourceTree(parsing: Array(text.utf8)), from: nil, displayName: "a.json")
        var state = BrowserFixture.state(width: 80, height: 10, document: document, file: nil)
        state.press("e", "L")
        let lines = state.screen.lines
        #expect(lines[0].hasPrefix("1 "))
        #expect(lines[1].hasPrefix("2 ") && lines[1].contains("name"))
        #expect(lines[2].hasPrefix("3 ") && lines[2].contains("targets"))
        #expect(lines[3].hasPrefix("4 ") && lines[3].contains("0"))
        #expect(lines[4].hasPrefix("4 ") && lines[4].contains("id"))
        // After an edit the numbers follow the new text.
        state.go(to: "name")
        state.press("x")
        #expect(state.screen.lines[1].hasPrefix("2 ") && state.screen.lines[1].contains("targets"))
        state.press(":")
        state.enter("set nonu")
        #expect(state.screen.lines[0].hasPrefix(" ▾"))
    }
}
