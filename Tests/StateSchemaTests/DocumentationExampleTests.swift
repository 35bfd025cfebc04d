// swift-format-ignore-file
// (The article's examples are copied from this file, aligned comments and all.)
import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

// The code of Sources/StateSchema/StateSchema.docc, compiled and run here;
// `theArticleShowsThisCode` checks that the article shows exactly the text between the markers.

enum SchemaExample {
    static func check() throws -> (diagnostics: [String], inferred: String) {
        // README-DOCC-SCHEMA-BEGIN
        let schema = try SchemaFileParser.parse("""
            root Playlist

            struct Playlist {
                name: String
                tracks: [Track]
            }

            struct Track {
                title: String
                seconds: Int
                rating: Int8 = 0
            }
            """)
        let file = #"{"name": "Road", "tracks": [{"title": "A", "seconds": "200", "rating": 3}, {"title": "B", "seconds": 90, "rating": 300}], "mood": "up"}"#
        let tree = try SourceTree(parsing: Array(file.utf8))

        let document = SchemaValidator(schema: schema).validate(tree)
        for diagnostic in document.diagnostics {
            print(diagnostic)
        }
        // tracks.0.seconds: expected an integer (Int), found string "200"
        // tracks.1.rating: 300 is outside the range of Int8 (-128…127)
        // mood: warning: Playlist has no field "mood" (kept as it is)

        // No schema at hand: guess what values are from their shape alone.
        let guessed = SchemaInference.annotate(tree)
        for path: PlistPath in ["tracks", "tracks.1"] {
            print(path, guessed.role(of: tree.index(at: path)!)?.label ?? "?")
        }
        // tracks [Track]        (an array of like dictionaries, named after its key)
        // tracks.1 Track
        // README-DOCC-SCHEMA-END
        let labels = ["tracks", "tracks.1"].map { guessed.role(of: tree.index(at: PlistPath(parsing: $0))!)?.label ?? "?" }
        return (document.diagnostics.map(\.description), labels.joined(separator: " | "))
    }
}

@Suite struct DocumentationExampleTests {
    @Test func theSchemaCodeRuns() throws {
        let (diagnostics, inferred) = try SchemaExample.check()
        #expect(diagnostics == [
            #"tracks.0.seconds: expected an integer (Int), found string "200""#,
            "tracks.1.rating: 300 is outside the range of Int8 (-128…127)",
            #"mood: warning: Playlist has no field "mood" (kept as it is)"#,
        ])
        #expect(inferred == "[Track] | Track")
    }

    @Test func theArticleShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/StateSchema/StateSchema.docc/CheckingFilesAgainstASchema.md"), encoding: .utf8)
        let code = "```swift\n" + (try ReadmeSnippet.between("DOCC-SCHEMA", in: source)) + "\n```"
        #expect(article.contains(code), "CheckingFilesAgainstASchema.md's code differs from DocumentationExampleTests.swift")
    }
}
