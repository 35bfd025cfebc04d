import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// JSON with comments and trailing commas (a VS Code `settings.json`): read as JSONC, values
/// checked against Python's json (after its comments are taken out), every edit a splice that
/// keeps every comment, and conversions that say the comments are dropped.
@Suite struct JSONCTests {
    static var url: URL { Fixtures.realShaped("settings.json") }
    static var text: String { get throws { String(decoding: try FileBytes.read(url), as: UTF8.self) } }

    func session() throws -> EditSession { EditSession(tree: try SourceTree(contentsOf: Self.url)) }

    func after(_ operations: EditOperation...) throws -> String {
        var session = try session()
        for operation in operations { try session.apply(operation) }
        // Every edited file still reads as JSONC, and Python reads the same values.
        let url = try Fixtures.temporaryFolder().appendingPathComponent("edited.json")
        try Data(session.fileBytes).write(to: url)
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(session.tree.value()))
        #expect(session.tree.format == .jsonc)
        return String(decoding: session.bytes, as: UTF8.self)
    }

    @Test(.tags(.python)) func readsAsPythonDoesAndStoresBackIdentically() throws {
        let tree = try SourceTree(contentsOf: Self.url)
        #expect(tree.format == .jsonc)
        #expect(try PlistOracle.read(Self.url) == PlistOracle.canonical(tree.value()))
        #expect(tree.value()[#"editor\.rulers"#] == [100, 120])
        #expect(tree.value()[#"swift\.path"#] == "/usr/bin")
        var warnings: [PlistWarning] = []
        #expect(try tree.serialized(as: .jsonc, warnings: &warnings) == tree.bytes)
        #expect(warnings.isEmpty)
        // Plain JSON stays JSON, and is JSONC as it is.
        let strict = try SourceTree(parsing: Array(#"{"a": [1, 2]}"#.utf8))
        #expect(strict.format == .json)
        #expect(try strict.serialized(as: .jsonc, warnings: &warnings) == strict.bytes)
    }

    @Test(.tags(.python)) func setRenameAndMoveChangeOnlyTheirBytes() throws {
        let text = try Self.text
        #expect(
            try after(.set(#"editor\.fontSize"#, 14))
                == text.replacingOccurrences(of: #""editor.fontSize": 13"#, with: #""editor.fontSize": 14"#))
        #expect(
            try after(.rename(#"files\.exclude.**/\.build"#, to: "**/.index-build"))
                == text.replacingOccurrences(of: #""**/.build": true, // SwiftPM"#, with: #""**/.index-build": true, // SwiftPM"#))
        #expect(try after(.set(#"editor\.rulers.1"#, 80)) == text.replacingOccurrences(of: "[100, 120,]", with: "[100, 80,]"))
    }

    @Test(.tags(.python)) func deletesTakeTheirOwnLinesAndLeaveEveryComment() throws {
        let text = try Self.text
        // An entry with a comment on its line: the entry and its comma go, the comment stays.
        #expect(
            try after(.delete(#"editor\.tabSize"#))
                == text.replacingOccurrences(of: #"    "editor.tabSize": 4, // the team's width"#, with: "    // the team's width"))
        // An entry on lines of its own, with a comment block above it that stays.
        #expect(
            try after(.delete(#"editor\.formatOnSave"#))
                == text.replacingOccurrences(of: "(its tables get reflowed). */\n    \"editor.formatOnSave\": true,\n", with: "(its tables get reflowed). */\n"))
        // The last entry without a trailing comma takes the comma before it.
        #expect(
            try after(.delete(#"terminal\.integrated\.env\.linux.TERM"#))
                == text.replacingOccurrences(
                    of: "\"terminal.integrated.env.linux\": {\n        \"TERM\": \"xterm-256color\"\n    },", with: "\"terminal.integrated.env.linux\": {},"))
        // The last entry with its trailing comma and a block comment after it.
        #expect(
            try after(.delete(#"workbench\.colorCustomizations.editorCursor\.foreground"#))
                == text.replacingOccurrences(of: "\n        \"editorCursor.foreground\": \"#FF8000\", /* the accent */", with: "\n        /* the accent */"))
        #expect(try after(.delete(#"telemetry\.telemetryLevel"#)) == text.replacingOccurrences(of: "\n    \"telemetry.telemetryLevel\": \"off\",", with: ""))
    }

    @Test(.tags(.python)) func insertsUseTheFilesOwnSeparatorsAndNoComments() throws {
        let text = try Self.text
        // At the end of a dictionary with a trailing comma: the comma moves to the new entry.
        #expect(
            try after(.insert(into: #"files\.exclude"#, key: "**/node_modules", at: nil, value: true))
                == text.replacingOccurrences(of: "\"**/DerivedData\": true,\n", with: "\"**/DerivedData\": true,\n        \"**/node_modules\": true,\n"))
        // Between two entries whose gap holds a comment: the comment is not copied.
        #expect(
            try after(.insert(into: #"files\.exclude"#, key: "**/.index-build", at: 1, value: true))
                == text.replacingOccurrences(of: "\"**/.swiftpm\": true,", with: "\"**/.index-build\": true,\n        \"**/.swiftpm\": true,"))
        #expect(
            try after(.insert(into: #"files\.associations"#, key: "*.xcstrings", at: nil, value: "json"))
                == text.replacingOccurrences(of: #""*.strings": "plaintext"}"#, with: #""*.strings": "plaintext", "*.xcstrings": "json"}"#))
    }

    @Test func convertingDropsTheCommentsWithAWarning() throws {
        let tree = try SourceTree(contentsOf: Self.url)
        for format in [PlistFormat.json, .xml, .binary] {
            var warnings: [PlistWarning] = []
            let out = try tree.serialized(as: format, warnings: &warnings)
            #expect(warnings.map(\.message) == ["comments and trailing commas are not kept: \(format) has none"])
            #expect(try SourceTree(parsing: out).value() == tree.value())
        }
    }

    @Test func badCommentsAreLocated() throws {
        #expect(throws: PlistError("unterminated comment (/* without */)", at: .text(line: 2, column: 3, offset: 11))) {
            try SourceTree(parsing: Array("{\"a\": 1,\n  /* open\n}".utf8))
        }
        #expect(throws: PlistError("expected a value, found '/' (a comment starts with // or /*)", at: .text(line: 1, column: 7, offset: 6))) {
            try SourceTree(parsing: Array(#"{"a": / 2}"#.utf8))
        }
        // Only one trailing comma, only before a closing bracket.
        #expect(throws: PlistError.self) { try SourceTree(parsing: Array("[1,,]".utf8)) }
        #expect(throws: PlistError.self) { try SourceTree(parsing: Array("[,]".utf8)) }
        #expect(throws: PlistError.self) { try SourceTree(parsing: Array("{\"a\": 1,]".utf8)) }
    }

    /// Random damage to the settings file: a tree or a located error, never a crash.
    @Test func mutatedJSONCNeverCrashes() throws {
        let original = try FileBytes.read(Self.url)
        var rng = SeededGenerator(seed: 0x4A53_4F4E_43)
        expectDamagedCopiesReadOrSayWhere(original, special: "/*,\n", copies: 3000, using: &rng)
    }
}
