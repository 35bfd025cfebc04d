import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// Richer search (regular expressions, backward, `*`/`#`, history, keys or values only, what
/// is shown), key-path jumps with completion, and the register's copy, cut and paste.
@Suite struct SearchAndPasteTests {
    static let json = """
        {
          "name": "Harbor",
          "targets": [
            {"name": "App", "path": "Sources/App", "tags": ["ui", "app"]},
            {"name": "AppTests", "path": "Tests/AppTests", "tags": []},
            {"name": "Kit", "path": "Sources/Kit", "tags": ["core"]}
          ],
          "settings": {"app.name": "Harbor", "version": 3}
        }
        """

    static func state(_ text: String = json, name: String = "package.json") throws -> BrowserState {
        let document = try BrowserDocument.open(try SourceTree(parsing: Array(text.utf8)), from: nil, displayName: name)
        var state = BrowserFixture.state(width: 100, height: 30, document: document, file: nil)
        _ = state.update(.started(width: 100, height: 30))
        return state
    }

    /// Types a search (`/` or `\`) and returns the selected path.
    static func search(_ state: inout BrowserState, _ text: String, backward: Bool = false) -> String {
        state.press(backward ? "\\" : "/")
        state.enter(text)
        return state.document.path(of: state.selectedNode).description
    }

    static func matchPaths(_ state: BrowserState) -> [String] {
        (state.search.current?.matches ?? []).map { state.document.path(of: Int($0)).description }
    }

    @Test func prefixesSpellRegexKeysValuesAndWholeMatches() throws {
        var state = try Self.state()
        _ = Self.search(&state, "\\v^App(Tests)?$")
        #expect(Self.matchPaths(state) == ["targets.0.name", "targets.1.name"])
        _ = Self.search(&state, "k:name")
        #expect(Self.matchPaths(state) == ["name", "targets.0.name", "targets.1.name", "targets.2.name", "settings.app\\.name"])
        _ = Self.search(&state, "v:harbor")
        #expect(Self.matchPaths(state) == ["name", "settings.app\\.name"])
        _ = Self.search(&state, "=app")
        #expect(Self.matchPaths(state) == ["targets.0.name", "targets.0.tags.1"], "whole values, smart case")
        _ = Self.search(&state, "k:\\v^(path|tags)$")
        #expect(Self.matchPaths(state).count == 6)
        // A pattern that does not compile says so and searches nothing.
        let before = state.search.current
        _ = Self.search(&state, "\\v(unclosed")
        #expect(state.message?.text.hasPrefix("Not a regular expression: (unclosed") == true)
        #expect(state.message?.isError == true)
        #expect(state.search.current == before)
    }

    @Test func backwardSearchAndNFollowTheSearchDirection() throws {
        var state = try Self.state()
        state.go(to: "targets.2.path")
        #expect(Self.search(&state, "sources", backward: true) == "targets.0.path", "the first match above the selection")
        state.press("n")
        #expect(state.document.path(of: state.selectedNode).description == "targets.2.path", "n goes on upward, wrapping")
        #expect(state.message?.text.contains("wrapped to the bottom") == true)
        state.press("N")
        #expect(state.document.path(of: state.selectedNode).description == "targets.0.path")
        // The status bar's prompt shows which way it searches.
        state.press("\\")
        #expect(state.screen.lines[28].hasPrefix("\\"))
        state.press("Escape")
    }

    @Test func starAndHashSearchForTheSelectedKeyOrValueExactly() throws {
        var state = try Self.state()
        state.go(to: "targets.1.path")
        state.press("*")
        #expect(Self.matchPaths(state) == ["targets.0.path", "targets.1.path", "targets.2.path"])
        #expect(state.document.path(of: state.selectedNode).description == "targets.2.path")
        state.press("#")
        #expect(state.document.path(of: state.selectedNode).description == "targets.1.path")
        // An array item has no key: its value, exactly (not "app" in "AppTests").
        state.go(to: "targets.0.tags.1")
        state.press("*")
        #expect(Self.matchPaths(state) == ["targets.0.tags.1"])
        #expect(state.message?.text.contains("value “app” exactly") == true)
    }

    @Test func upAndDownInThePromptWalkTheHistory() throws {
        var state = try Self.state()
        _ = Self.search(&state, "kit")
        _ = Self.search(&state, "tests")
        _ = Self.search(&state, "kit")
        #expect(state.search.history == ["tests", "kit"], "a search again moves to the end, once")
        state.press("/")
        state.type("half")
        state.press("Up")
        #expect(state.search.prompt?.text == "kit")
        state.press("Up")
        #expect(state.search.prompt?.text == "tests")
        state.press("Up")
        #expect(state.search.prompt?.text == "tests", "the oldest is as far as it goes")
        state.press("Down", "Down")
        #expect(state.search.prompt?.text == "half", "back to what was being typed")
        state.press("Escape")
    }

    @Test func searchFindsWhatIsShownAColorsHex() {
        var state = BrowserFixture.state(width: 100, height: 30)
        state.press("/")
        state.enter("#FF8000")
        let paths = Self.matchPaths(state)
        #expect(paths == ["domains.Game.groups.Palette.assets.0.color"], "only the color whose hex it is")
        #expect(state.document.path(of: state.selectedNode).description == paths.first)
    }

    @Test func colonPathJumpsWithTabCompletion() throws {
        var state = try Self.state()
        state.press(":")
        state.type("tar")
        state.press("Tab")
        guard case .command(let field)? = state.modal else { throw Failure("no command line") }
        #expect(field.text == "targets")
        state.type(".1.p")
        state.press("Tab")
        if case .command(let field)? = state.modal { #expect(field.text == "targets.1.path") }
        state.press("Enter")
        #expect(state.document.path(of: state.selectedNode).description == "targets.1.path")
        state.press("C-o")
        #expect(state.document.path(of: state.selectedNode).description == "", "Ctrl-O goes back")
        // Keys with dots complete escaped; several candidates complete as far as they agree.
        state.press(":")
        state.type(".settings.a")
        state.press("Tab", "Enter")
        #expect(state.document.path(of: state.selectedNode).description == "settings.app\\.name")
        state.press(":")
        state.type("targets.0.")
        state.press("Tab")
        #expect(state.message?.text == "4 keys: name  path  tags  …" || state.message?.text.hasPrefix("3 keys: name  path  tags") == true)
        state.press("Escape")
        // A path that is not there says what is.
        state.press(":")
        state.enter("targets.7")
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("3 items") == true)
    }

    @Test func colonTypeFindsTheNodesOfASchemaType() {
        var state = BrowserFixture.state(width: 100, height: 30)
        state.press(":")
        state.type("type Color")
        state.press("Tab")
        if case .command(let field)? = state.modal { #expect(field.text == "type ColorAsset") }
        state.press("Enter")
        #expect(!(state.search.current?.matches.isEmpty ?? true))
        #expect(state.document.role(of: state.selectedNode)?.label.contains("ColorAsset") == true)
    }

    // MARK: - The register

    @Test func copyThenPasteAfterAndIntoInTheFilesOwnStyle() throws {
        var state = try Self.state()
        state.go(to: "targets.2")
        state.press("y", "v")
        #expect(state.register?.value == .dictionary(["name": "Kit", "path": "Sources/Kit", "tags": ["core"]]))
        state.go(to: "targets.0")
        state.press("P")
        #expect(state.document.path(of: state.selectedNode).description == "targets.1")
        #expect(state.document.tree.value()[PlistPath(parsing: "targets.1.name")] == .string("Kit"))
        #expect(state.document.tree.value()[PlistPath(parsing: "targets")]?.arrayValue?.count == 4)
        // The pasted item is written as the file writes items: one line, `, ` between members.
        let text = String(decoding: state.session.bytes, as: UTF8.self)
        #expect(text.contains("{\"name\": \"App\", \"path\": \"Sources/App\", \"tags\": [\"ui\", \"app\"]},\n    {\"name\": \"Kit\""))
        // One undo step takes it back, byte for byte.
        state.press("u")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == Self.json)
        // Into a container: at its end.
        state.go(to: "targets.0.tags")
        state.press("+")
        #expect(state.document.path(of: state.selectedNode).description == "targets.0.tags.2")
    }

    @Test func aPastedMemberWhoseKeyIsTakenAsksForAnother() throws {
        var state = try Self.state()
        state.go(to: "settings.version")
        state.press("y", "v")
        state.go(to: "settings.app\\.name")
        state.press("P")
        guard case .edit(let editor)? = state.modal else { throw Failure("no key asked for") }
        #expect(editor.placeholder == "version 2")
        #expect(editor.label.contains("“version” is taken"))
        state.press("Enter")
        #expect(state.document.tree.value()[PlistPath(parsing: "settings")]?.dictionaryKeys == ["app.name", "version 2", "version"])
        // Into a dictionary where the key is free, it keeps its key.
        state.go(to: "targets.0")
        state.press("+")
        #expect(state.document.path(of: state.selectedNode).description == "targets.0.version")
    }

    @Test func deleteKeepsTheValueForPAndPastedTextIsAValue() throws {
        var state = try Self.state()
        state.go(to: "targets.1")
        state.press("x", "y")
        #expect(state.document.tree.value()[PlistPath(parsing: "targets")]?.arrayValue?.count == 2)
        state.go(to: "targets.1")
        state.press("P")
        #expect(state.document.tree.value()[PlistPath(parsing: "targets.2.name")] == .string("AppTests"))
        // Text pasted into the tree (another program's JSON) goes after the selection.
        state.go(to: "targets.0.tags.0")
        _ = state.update(.paste("{\"nested\": [1, 2.5, true]}"))
        #expect(state.document.tree.value()[PlistPath(parsing: "targets.0.tags.1")] == .dictionary(["nested": [1, 2.5, true]]))
        #expect(state.register?.origin == "the clipboard")
        _ = state.update(.paste("not a value {"))
        #expect(state.message?.isError == true)
        #expect(state.message?.text.hasPrefix("Pasted text is not a value") == true)
        // Nothing to paste yet says how to get something.
        var fresh = try Self.state()
        fresh.press("P")
        #expect(fresh.message?.text.hasPrefix("Nothing to paste yet") == true)
    }

    @Test func pastingReportsWhatItBrokeInTheSchema() {
        var state = BrowserFixture.state(width: 100, height: 30)
        // A color where an image's size goes: the schema's check says so at once.
        state.go(to: "domains.Game.groups.Palette.assets.2.color")
        state.press("y", "v")
        state.go(to: "domains")
        state.press("+")
        #expect(state.modal == nil, "the key “color” is free in domains")
        #expect(state.message?.isError == true, "\(state.message?.text ?? "")")
        #expect(state.message?.text.contains("new error") == true)
    }

    @Test func theRegisterOutlivesTheFileWhenAnotherIsOpened() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let first = folder.appendingPathComponent("one.json")
        let second = folder.appendingPathComponent("two.plist")
        try AtomicFile.write(Array(Self.json.utf8), to: first)
        try AtomicFile.write(try PlistValue.dictionary(["items": []]).serialized(as: .xml), to: second)
        let (file, _) = try OpenDocument.read(first)
        var state = BrowserFixture.state(width: 100, height: 30, document: try BrowserDocument.open(first), file: file)
        state.go(to: "targets.0")
        state.press("y", "v")
        state.press(":")
        state.type("e two.plist")
        let effects = state.press("Enter")
        #expect(effects.map(\.brief) == ["open two.plist"])
        for effect in effects { _ = state.update(BrowserApp.outcome(of: effect)) }
        #expect(state.document.fileName == "two.plist")
        #expect(state.message?.text.contains("P pastes a dictionary (3 entries) from targets.0") == true)
        state.go(to: "items")
        state.press("+")
        #expect(state.document.tree.value()[PlistPath(parsing: "items.0.path")] == .string("Sources/App"))
        // With unsaved changes, :e refuses and :e! goes ahead.
        state.press(":")
        state.type("e one.json")
        #expect(state.press("Enter").isEmpty)
        #expect(state.message?.text.contains("unsaved changes") == true)
    }

    /// After an edit that only sets a value, the search's matches are brought up to date
    /// without searching the file again: the edited value, and the color whose hex it changes.
    @Test func anEditedValueIsMatchedAgainWithoutANewSearch() throws {
        var state = BrowserFixture.state(width: 100, height: 30)
        _ = state.update(.started(width: 100, height: 30))
        _ = Self.search(&state, "#FF8000")
        #expect(Self.matchPaths(state) == ["domains.Game.groups.Palette.assets.0.color"])
        state.go(to: "domains.Game.groups.Palette.assets.0.color.green")
        var effects = state.press("i", "C-u")
        effects += state.type("0.75")
        effects += state.press("Enter")
        #expect(state.document.tree.scalarText(at: state.selectedNode) == "0.75")
        #expect(!effects.contains { $0.brief.hasPrefix("search") })
        #expect(Self.matchPaths(state) == [])
        state.press("n")
        #expect(state.message?.text == "Not found: “#FF8000”", "the search is there, its last match gone")
        _ = Self.search(&state, "#FFBF00")
        #expect(Self.matchPaths(state) == ["domains.Game.groups.Palette.assets.0.color"])
        // The value itself: a text search for it finds it as soon as it is typed.
        _ = Self.search(&state, "=0.5")
        let before = Self.matchPaths(state)
        state.go(to: "domains.Game.groups.Palette.assets.0.color.green")
        effects = state.press("i", "C-u")
        effects += state.type("0.5")
        effects += state.press("Enter")
        #expect(!effects.contains { $0.brief.hasPrefix("search") })
        #expect(
            Self.matchPaths(state)
                == (before + ["domains.Game.groups.Palette.assets.0.color.green"]).sorted {
                    state.document.tree.index(at: PlistPath(parsing: $0))! < state.document.tree.index(at: PlistPath(parsing: $1))!
                })
        #expect(state.search.current?.matches == BrowserState.matches(of: state.search.current!.query, in: state.document))
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
