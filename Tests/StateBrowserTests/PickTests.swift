import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// Picking values and changing them all in one step, through `update` alone: every pick key,
/// each command on many, its preview, its one undo step, and its refusal by the schema.
@Suite struct PickTests {
    /// An iTerm2 color file's browser (seven colors, no schema).
    static func colors() throws -> BrowserState {
        let document = try BrowserDocument.open(Fixtures.realShaped("Harbor.itermcolors"))
        return BrowserFixture.state(width: 120, height: 30, document: document)
    }

    @Test func percentPicksEveryColorAndOneCommandLightensThemAllInOneStep() throws {
        var state = try Self.colors()
        let original = state.session.bytes
        state.press("j", "%")
        #expect(state.picked.count == 7)
        #expect(state.message?.text == "Picked every Color: 7 (7 new) — 7 picked")
        state.enter(":lighten 10%")
        guard case .changes(let preview)? = state.modal, let edit = preview.edit else {
            Issue.record("no preview: \(state.message?.text ?? "")")
            return
        }
        #expect(edit.label == "lighten 10% on 7 values")
        #expect(preview.diff.removedCount == 21 && preview.diff.addedCount == 21)
        #expect(state.session.bytes == original, "nothing changes before y")
        let steps = state.session.history.count
        state.press("y")
        #expect(state.modal == nil)
        #expect(state.session.history.count == steps + 1)
        #expect(state.session.bytes != original)
        // Each color is its old one 10 points lighter (HSL), written as the file writes reals.
        let tree = state.document.tree
        let old = try SourceTree(parsing: original)
        for entry in ColorSpelling.all(in: old) {
            let path = NodeLinks(old).path(of: entry.node, in: old)
            let node = try #require(tree.index(at: path))
            let now = try #require(ColorSpelling.color(at: node, in: tree))
            let want = ColorAdjustment.lighten(0.1).applied(to: entry.color)
            #expect(abs(now.red - want.red) < 1e-12 && abs(now.green - want.green) < 1e-12 && abs(now.blue - want.blue) < 1e-12 && now.alpha == entry.color.alpha, "\(path)")
        }
        // The picks stay (values were set in place): a second command acts on the same values.
        #expect(state.picked.count == 7)
        state.press("u")
        #expect(state.session.bytes == original)
        state.press("C-r")
        state.enter(":alpha 50%")
        state.press("y")
        state.press("u", "u")
        #expect(state.session.bytes == original)
        #expect(state.invariantViolations().isEmpty)
    }

    @Test func visualModeMatchesAndToggles() throws {
        var state = try Self.colors()
        state.press("j", "V", "j", "j")
        #expect(state.isPicked(state.selectedNode))
        #expect(state.selection == 3, "\(state.message?.text ?? "")")
        #expect(state.picked.isEmpty, "visual mode picks when it ends")
        #expect(state.picked.visualAnchor != nil)
        state.press("V")
        #expect(state.message?.text == "Picked 3 rows (3 new) — 3 picked")
        #expect(state.picked.count == 3)
        #expect(state.picked.visualAnchor == nil)
        // m toggles and moves on.
        state.press("k", "m")
        #expect(state.picked.count == 2)
        state.press("k", "m")
        #expect(state.picked.count == 3)
        state.press("Escape")
        #expect(state.picked.isEmpty)
        // & picks what the search found.
        state.press("/")
        state.enter("Cursor")
        state.press("&")
        #expect(state.picked.paths.map(\.description) == ["Cursor Color"])
        state.enter(":select *")
        #expect(state.picked.count == 7)
        state.enter(":select!")
        #expect(state.picked.isEmpty)
        state.enter(":select nothing.*")
        #expect(state.message?.text == "No value matches nothing.*")
        state.enter(":select a[b=\"c]")
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("the quoted value is not closed") == true)
    }

    @Test func numbersSetRenameAddAndDeleteOnMany() throws {
        let json = #"{"items": [{"n": 1, "w": 2.5}, {"n": 2, "w": 1}, {"n": 3, "name": "x"}]}"#
        let document = try BrowserDocument.open(try SourceTree(parsing: Array(json.utf8)), from: nil, displayName: "items.json")
        var state = BrowserFixture.state(document: document, file: nil)
        state.enter(":select items.*.n")
        state.enter(":* 3")
        state.press("y")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"items": [{"n": 3, "w": 2.5}, {"n": 6, "w": 1}, {"n": 9, "name": "x"}]}"#)
        state.enter(":- 0.5")
        state.press("y")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"items": [{"n": 2.5, "w": 2.5}, {"n": 5.5, "w": 1}, {"n": 8.5, "name": "x"}]}"#)
        state.enter(":=7")
        state.press("y")
        #expect(
            String(decoding: state.session.bytes, as: UTF8.self) == #"{"items": [{"n": 7.0, "w": 2.5}, {"n": 7.0, "w": 1}, {"n": 7.0, "name": "x"}]}"#,
            "each value stays the kind it is: these are reals now")
        state.enter(":rename count")
        state.press("y")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"items": [{"count": 7.0, "w": 2.5}, {"count": 7.0, "w": 1}, {"count": 7.0, "name": "x"}]}"#)
        // The renamed paths are gone: nothing is picked any more.
        #expect(state.picked.isEmpty)
        state.enter(":select items.*")
        state.enter(":add name y")
        #expect(state.modal != nil)
        state.press("y")
        #expect(
            String(decoding: state.session.bytes, as: UTF8.self)
                == #"{"items": [{"count": 7.0, "w": 2.5, "name": "y"}, {"count": 7.0, "w": 1, "name": "y"}, {"count": 7.0, "name": "x"}]}"#)
        #expect(state.message?.text == "Add name on 2 values (1 of 3 not dictionaries without name here, left alone)")
        state.enter(":select!")
        state.enter(":select items.*[name=y]")
        state.press("x")
        state.press("y")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"items": [{"count": 7.0, "name": "x"}]}"#)
        // Each was one step.
        for _ in 0..<6 { state.press("u") }
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == json)
        #expect(state.invariantViolations().isEmpty)
        // n leaves a preview without a change.
        state.enter(":select items.*.n")
        state.enter(":+ 1")
        state.press("n")
        #expect(state.message?.text == "Not applied")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == json)
    }

    @Test func anEditThatAddsSchemaErrorsIsRefusedWithTheReason() throws {
        var state = BrowserFixture.state(width: 120, height: 30)
        let original = state.session.bytes
        state.enter(":select **.red")
        let count = state.picked.count
        #expect(count > 3)
        // A channel above 1 does not fit the schema's color.
        state.enter(":=2")
        #expect(state.modal == nil)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.hasPrefix("Not applied: set to 2 would add \(count) schema errors: ") == true, "\(state.message?.text ?? "")")
        #expect(state.session.bytes == original)
        // Values that fit go through.
        state.enter(":=0.5")
        state.press("y")
        #expect(state.session.bytes != original)
        #expect(state.document.typed.errors.isEmpty)
    }

    @Test func colorCommandsLeaveNonColorsAloneAndSaySo() throws {
        var state = try Self.colors()
        state.enter(":select **")
        state.enter(":hue 120")
        guard case .changes(let preview)? = state.modal, let edit = preview.edit else {
            Issue.record("no preview: \(state.message?.text ?? "")")
            return
        }
        #expect(edit.label == "rotate hue 120° on 7 values (35 of 42 not colors here, left alone)")
        state.press("Escape")
        state.enter(":select!")
        state.press("g")
        state.enter(":lighten 10%")
        #expect(state.message?.text == "Nothing to lighten 10%: 1 value already as asked (1 of 1 not colors here, left alone)")
    }
}
