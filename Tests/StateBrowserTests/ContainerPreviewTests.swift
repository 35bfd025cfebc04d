import State
import Testing

@testable import StateBrowser

/// Collapsed containers preview their first entries, identifying fields first.
@Suite struct ContainerPreviewTests {
    func preview(_ json: String, at path: PlistPath = PlistPath()) throws -> String {
        let tree = try SourceTree(parsing: Array(json.utf8))
        return ContainerPreview.text(of: try #require(tree.index(at: path)), in: tree)
    }

    @Test func firstEntriesWithTheNameFirst() throws {
        #expect(try preview(#"{"type": "Feature", "id": "AFG", "geometry": {"a": 1}, "tags": [], "n": 1.5}"#) == #"{id: "AFG", type: "Feature", geometry: {…}, tags: [], n: 1.5}"#)
        #expect(try preview(#"[1, "two", true, null, {}]"#) == #"[1, "two", true, null, {}]"#)
        #expect(try preview("[" + (1...12).map(String.init).joined(separator: ",") + "]") == "[1, 2, 3, 4, 5, 6, 7, 8, …]")
        // Long strings are cut; odd keys are quoted and escaped; wide numbers as written.
        #expect(
            try preview(#"{"a b": "0123456789012345678901234567890", "x\n": 123456789012345678901234567890}"#)
                == #"{"a b": "01234567890123456789012…", "x\n": 123456789012345678901234567890}"#)
    }
}
