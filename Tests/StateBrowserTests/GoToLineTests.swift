import Foundation
import State
import StateBrowser
import StateTestSupport
import Testing

/// `:N` selects what is written on line N of the file — next to an error's line and column.
@Suite struct GoToLineTests {
    @Test func aLineSelectsTheValueWrittenThere() throws {
        let text = """
            {
              "name": "Harbor",
              "targets": [
                {"id": 1,
                 "path": "Sources/App"}
              ],
              "version": 3
            }
            """
        let document = try BrowserDocument.open(try SourceTree(parsing: Array(text.utf8)), from: nil, displayName: "a.json")
        var state = BrowserFixture.state(document: document, file: nil)
        func go(_ line: Int) -> String {
            state.press(":")
            state.enter("\(line)")
            return state.document.path(of: state.selectedNode).description
        }
        #expect(go(2) == "name")
        #expect(go(5) == "targets.0.path")
        #expect(go(4) == "targets.0", "the first value that starts on the line")
        #expect(go(7) == "version")
        #expect(go(8) == "", "the root's closing brace")
        _ = go(40)
        #expect(state.message?.text == "The file has 8 lines")
    }
}
