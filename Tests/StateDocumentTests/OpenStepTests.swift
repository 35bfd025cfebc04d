import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// OpenStep property lists — a `project.pbxproj` shaped like Xcode's (51 objects of 12 `isa`
/// kinds) and a UTF-16 `Localizable.strings` — read as CoreFoundation reads them (the
/// toolchain's `plutil` is the oracle), stored back byte for byte, and edited one splice at a
/// time in the file's own layout.
@Suite struct OpenStepTests {
    static var project: URL { Fixtures.realShaped("project.pbxproj") }
    static var strings: URL { Fixtures.realShaped("Localizable.strings") }

    static func text(_ url: URL) throws -> String {
        let tree = try SourceTree(contentsOf: url)
        return String(decoding: tree.bytes, as: UTF8.self)
    }

    /// The object id whose annotation comment is `comment` (`9D74… /* NoteList.swift in Sources */`).
    static func id(_ comment: String, in text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.contains("/* \(comment) */ = ") })
        return String(line.trimmingCharacters(in: .whitespaces).prefix(24))
    }

    /// Applies `operations` to `url`'s file; checks that CoreFoundation reads what was written
    /// and reads the same values; returns the new text.
    func after(_ url: URL, _ operations: EditOperation...) throws -> String {
        var session = EditSession(tree: try SourceTree(contentsOf: url))
        for operation in operations { try session.apply(operation) }
        let file = try Fixtures.temporaryFolder().appendingPathComponent(url.lastPathComponent)
        try Data(session.fileBytes).write(to: file)
        #expect(try PlistOracle.readThroughPlutil(file) == PlistOracle.canonical(session.tree.value(), sortingKeys: true))
        #expect(session.tree.format == .openStep)
        return String(decoding: session.bytes, as: UTF8.self)
    }

    @Test(.tags(.python)) func readsAsCoreFoundationDoesAndStoresBackIdentically() throws {
        for url in [Self.project, Self.strings] {
            let tree = try SourceTree(contentsOf: url)
            #expect(tree.format == .openStep)
            #expect(try PlistOracle.readThroughPlutil(url) == PlistOracle.canonical(tree.value(), sortingKeys: true))
            var warnings: [PlistWarning] = []
            #expect(try tree.serialized(as: .openStep, warnings: &warnings) == FileBytes.read(url))
            #expect(tree.invariantViolations().isEmpty)
        }
        let project = try SourceTree(contentsOf: Self.project)
        guard case .dictionary(let objects)? = project.value()["objects"] else {
            Issue.record("no objects")
            return
        }
        #expect(objects.count == 51)
        let strings = try SourceTree(contentsOf: Self.strings)
        #expect(strings.encoding == .utf16(bigEndian: false, byteOrderMark: true))
        #expect(strings.value()["Escaped"] == "Tab\there, café, \"quoted\"")
        #expect(strings.value()["Japanese"] == "ノートを保存しました")
    }

    @Test(.tags(.python)) func pbxprojEditsAreSplicesInXcodesLayout() throws {
        let text = try Self.text(Self.project)
        let noteList = try Self.id("NoteList.swift in Sources", in: text)
        let debug = try Self.id("Debug", in: text)
        let dependency = try Self.id("PBXTargetDependency", in: text)
        let fileRef = try Self.id("Store.swift", in: text)
        // A value: only its bytes.
        #expect(try after(Self.project, .set("objectVersion", "60")) == text.replacingOccurrences(of: "objectVersion = 56;", with: "objectVersion = 60;"))
        // A one-line object goes with its line; a multi-line one with its lines; the section
        // comments around them stay.
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix("\t\t\(noteList) ") })
        #expect(try after(Self.project, .delete(PlistPath(parsing: "objects.\(noteList)"))) == text.replacingOccurrences(of: "\n" + line, with: ""))
        let deleted = try after(Self.project, .delete(PlistPath(parsing: "objects.\(dependency)")))
        #expect(deleted.contains("/* Begin PBXTargetDependency section */\n/* End PBXTargetDependency section */"))
        #expect(deleted.count < text.count && !deleted.contains("isa = PBXTargetDependency"))
        // A build setting: set, added (quoted only when it must be), an array item appended
        // with Xcode's trailing comma and one removed.
        let settings = "objects.\(debug).buildSettings"
        let edited = try after(
            Self.project, .set(PlistPath(parsing: "\(settings).SDKROOT"), "macosx"),
            .insert(into: PlistPath(parsing: settings), key: "OTHER_SWIFT_FLAGS", at: nil, value: "-warnings-as-errors"),
            .insert(into: PlistPath(parsing: "\(settings).GCC_PREPROCESSOR_DEFINITIONS"), key: nil, at: nil, value: "FEATURE_X=1"),
            .delete(PlistPath(parsing: "\(settings).GCC_PREPROCESSOR_DEFINITIONS.0")))
        #expect(
            edited
                == text.replacingOccurrences(
                    of: "\t\t\t\t\t\"DEBUG=1\",\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t);",
                    with: "\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t\t\"FEATURE_X=1\",\n\t\t\t\t);"
                )
                .replacingOccurrences(
                    of: "\t\t\t\tSDKROOT = iphoneos;\n\t\t\t\tSWIFT_OPTIMIZATION_LEVEL = \"-Onone\";\n",
                    with: "\t\t\t\tSDKROOT = macosx;\n\t\t\t\tSWIFT_OPTIMIZATION_LEVEL = \"-Onone\";\n\t\t\t\tOTHER_SWIFT_FLAGS = -warnings-as-errors;\n"))
        // A new object in Xcode's tab layout, and a rename that keeps the annotation comment.
        let added = try after(
            Self.project, .insert(into: "objects", key: "AAAABBBBCCCCDDDDEEEEFFFF", at: nil, value: ["isa": "PBXBuildFile", "fileRef": .string(fileRef)]))
        #expect(added.contains("\t\tAAAABBBBCCCCDDDDEEEEFFFF = {\n\t\t\tisa = PBXBuildFile;\n\t\t\tfileRef = \(fileRef);\n\t\t};\n/* End XCConfigurationList section */"))
        let renamed = try after(Self.project, .rename(PlistPath(parsing: "objects.\(noteList)"), to: "0123456789ABCDEF01234567"))
        #expect(
            renamed
                == text.replacingOccurrences(of: "\t\t\(noteList) /* NoteList.swift in Sources */ = {", with: "\t\t0123456789ABCDEF01234567 /* NoteList.swift in Sources */ = {"))
    }

    /// An id set to another's: Xcode's annotation after it names what the id refers to, so
    /// it follows the id — the new object's annotation, or none for an id that names nothing
    /// (`state set` and the browser's edits alike); a comment that is not the old object's
    /// annotation is the user's, and stays.
    @Test(.tags(.python)) func anIdSetToAnotherTakesItsAnnotation() throws {
        let text = try Self.text(Self.project)
        let buildFile = try Self.id("AppDelegate.swift in Sources", in: text)
        let appDelegate = try Self.id("AppDelegate.swift", in: text)
        let sceneDelegate = try Self.id("SceneDelegate.swift", in: text)
        let old = "fileRef = \(appDelegate) /* AppDelegate.swift */;"
        #expect(text.contains(old))
        let fileRef = PlistPath(parsing: "objects.\(buildFile).fileRef")
        #expect(try after(Self.project, .set(fileRef, .string(sceneDelegate))) == text.replacingOccurrences(of: old, with: "fileRef = \(sceneDelegate) /* SceneDelegate.swift */;"))
        #expect(try after(Self.project, .set(fileRef, "000000000000000000000000")) == text.replacingOccurrences(of: old, with: "fileRef = 000000000000000000000000;"))
        // Set again to what it was: nothing but the value is written.
        #expect(try after(Self.project, .set(fileRef, .string(appDelegate))) == text)
        // An item of a list (`files = ( … /* Assets.xcassets in Resources */, … )`).
        let assets = try Self.id("Assets.xcassets in Resources", in: text)
        let strings = try Self.id("Localizable.strings in Resources", in: text)
        let item = "\t\t\t\t\(assets) /* Assets.xcassets in Resources */,\n"
        #expect(text.contains(item))
        let phase = try Self.id("Resources", in: text)
        #expect(
            try after(Self.project, .set(PlistPath(parsing: "objects.\(phase).files.0"), .string(strings)))
                == text.replacingOccurrences(of: item, with: "\t\t\t\t\(strings) /* Localizable.strings in Resources */,\n"))
        // A comment that is not the object's annotation is the user's.
        let file = try Fixtures.temporaryFolder().appendingPathComponent("project.pbxproj")
        try Data(text.replacingOccurrences(of: old, with: "fileRef = \(appDelegate) /* keep me */;").utf8).write(to: file)
        #expect(try after(file, .set(fileRef, .string(sceneDelegate))).contains("fileRef = \(sceneDelegate) /* keep me */;"))
    }

    @Test(.tags(.python)) func stringsFilesStayUTF16AndQuoted() throws {
        let text = try Self.text(Self.strings)
        let utf16 = { (text: String) -> [UInt8] in [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        var session = EditSession(tree: try SourceTree(contentsOf: Self.strings))
        try session.apply(.set("Delete", "Supprimer"))
        try session.apply(.insert(into: PlistPath(), key: "Rename", at: nil, value: "Renommer"))
        try session.apply(.delete("NoteCount"))
        let expected = text.replacingOccurrences(of: "\"Delete\" = \"Delete\";", with: "\"Delete\" = \"Supprimer\";")
            .replacingOccurrences(of: "\"NoteCount\" = \"%d notes\";\n", with: "")
            .replacingOccurrences(of: "\"Japanese\" = \"ノートを保存しました\";\n", with: "\"Japanese\" = \"ノートを保存しました\";\n\"Rename\" = \"Renommer\";\n")
        #expect(session.fileBytes == utf16(expected))
        let file = try Fixtures.temporaryFolder().appendingPathComponent("Localizable.strings")
        try Data(session.fileBytes).write(to: file)
        #expect(try PlistOracle.readThroughPlutil(file) == PlistOracle.canonical(session.tree.value(), sortingKeys: true))
        // Deleting the last entry keeps the comment above it; a file of comments takes a new one.
        var empty = EditSession(tree: try SourceTree(parsing: Array("/* nothing yet */\n".utf8)))
        #expect(empty.tree.format == .openStep && empty.tree.value() == .dictionary([:]))
        try empty.apply(.insert(into: PlistPath(), key: "A", at: nil, value: "B"))
        #expect(String(decoding: empty.bytes, as: UTF8.self) == "/* nothing yet */\n\"A\" = \"B\";\n")
        try empty.apply(.delete("A"))
        #expect(String(decoding: empty.bytes, as: UTF8.self) == "/* nothing yet */\n")
    }

    @Test func valuesOpenStepHasNotAreRefusedOrWrittenAsText() throws {
        var session = EditSession(tree: try SourceTree(contentsOf: Self.project))
        try session.apply(.set("objectVersion", 61))
        #expect(session.tree.value()["objectVersion"] == "61", "a number is written as its text, a string")
        #expect(
            throws: PlistError("OpenStep property lists hold only strings, data, arrays and dictionaries; a bool has no spelling (write it as a string)", at: .keyPath("classes.x"))
        ) {
            try session.apply(.insert(into: "classes", key: "x", at: nil, value: true))
        }
        try session.apply(.set("classes", ["blob": .data(Data([0x0F, 0xBD, 0x7E, 0x00, 0x01]))]))
        #expect(String(decoding: session.bytes, as: UTF8.self).contains("blob = <0fbd7e00 01>;"))
        #expect(session.tree.value()["classes.blob"] == .data(Data([0x0F, 0xBD, 0x7E, 0x00, 0x01])))
    }

    @Test func conversionsToAndFromOpenStep() throws {
        var warnings: [PlistWarning] = []
        let project = try SourceTree(contentsOf: Self.project)
        for format in PlistFormat.valueFormats {
            #expect(try SourceTree(parsing: try project.serialized(as: format, warnings: &warnings)).value() == project.value())
        }
        // To OpenStep: a dictionary of strings becomes a `.strings` file; nothing else does.
        let strings = try SourceTree(parsing: Array(#"{"Hello": "Bonjour", "Quote": "say \"hi\"\n"}"#.utf8))
        let written = try strings.serialized(as: .openStep, warnings: &warnings)
        #expect(String(decoding: written, as: UTF8.self) == "\"Hello\" = \"Bonjour\";\n\"Quote\" = \"say \\\"hi\\\"\\n\";\n")
        #expect(try SourceTree(parsing: written).value() == strings.value())
        #expect(throws: PlistError("OpenStep is written only for .strings-shaped data (a dictionary of strings); this is an integer", at: .keyPath("n"))) {
            try SourceTree(parsing: Array(#"{"n": 1}"#.utf8)).serialized(as: .openStep, warnings: &warnings)
        }
        #expect(throws: PlistError("OpenStep is written only for .strings-shaped data (a dictionary of strings); this is an array")) {
            try SourceTree(parsing: Array("[1]".utf8)).serialized(as: .openStep, warnings: &warnings)
        }
    }

    @Test(arguments: [
        ("{ a = b; }", PlistFormat.openStep), ("{\"a\" = \"b\";}", .openStep), ("{\"a\": \"b\"}", .json), ("{}", .json), ("[1]", .json),
        ("( a, b )", .openStep), ("<0fbd>", .openStep), ("<?xml version=\"1.0\"?><plist><true/></plist>", .xml), ("\"a\" = \"b\";", .openStep),
        ("\"just a string\"", .json), ("key = value;", .openStep), ("42", .json), ("-1.5", .json), ("true", .json), ("<dict/>", .xml),
        ("// !$*UTF8*$!\n{ archiveVersion = 1; }", .openStep), ("// settings\n{\"a\": 1}", .jsonc), ("/* only a comment */", .openStep),
        ("'single quoted'", .openStep),
    ])
    func formatIsFoundByContent(text: String, format: PlistFormat) throws {
        #expect(try SourceTree(parsing: Array(text.utf8)).format == format)
    }

    @Test func escapesDecodeAsCoreFoundationDoes() throws {
        let tree = try SourceTree(parsing: Array(#"{ a = "tab\there\nline"; b = "caf\U00e9 \UD83D\UDE00"; c = "\351\101\\"; d = 'it\'s'; }"#.utf8))
        #expect(tree.value()["a"] == "tab\there\nline")
        #expect(tree.value()["b"] == "café 😀")
        #expect(tree.value()["c"] == "ØA\\", "octal escapes name NeXTSTEP characters")
        _ = tree
    }

    @Test func badFilesAreLocated() {
        let cases: [(String, String, Int, Int)] = [
            ("{ a = b }", "expected ';' after the value, found '}'", 1, 9),
            ("{ a b; }", "expected '=' after the key, found 'b'", 1, 5),
            ("{ a = \"open; }", "unterminated string", 1, 7),
            ("( a, b", "unexpected end of input: array is not closed", 1, 1),
            ("{ a = <0fb>; }", "data with an odd number of hex digits", 1, 7),
            ("{ a = <0fzz>; }", "'z' in data (hex digits and spaces expected)", 1, 10),
            ("{ a = b; } extra", "unexpected 'e' after the property list", 1, 12),
            ("{\n  a = /* open\n}", "unterminated comment (/* without */)", 2, 7),
            ("{ a = @; }", "expected a value, found '@'", 1, 7),
        ]
        for (text, message, line, column) in cases {
            let error = #expect(throws: PlistError.self) { try SourceTree(parsing: Array(text.utf8)) }
            #expect(error?.message == message, "\(text)")
            if case .text(let l, let c, _)? = error?.location { #expect(l == line && c == column, "\(text): \(l):\(c)") } else { Issue.record("no line for \(text)") }
        }
    }

    /// Random damage to both fixtures: a tree or a located error, never a crash.
    @Test(arguments: ["project.pbxproj", "Localizable.strings"]) func mutatedFilesNeverCrash(name: String) throws {
        let original = try FileBytes.read(Fixtures.realShaped(name))
        var rng = SeededGenerator(seed: 0x4F50_454E + UInt64(name.count))
        expectDamagedCopiesReadOrSayWhere(original, special: "/*;=\"(<", copies: 1500, keepingFileBytes: true, using: &rng)
    }
}
