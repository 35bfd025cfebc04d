import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Edits change only the bytes of what was edited; everything else is copied from the file.
@Suite struct EditTests {
    /// The bytes before and after `range` are unchanged, and the bytes inside became `replacement`.
    func expectSplice(_ original: [UInt8], _ edited: [UInt8], replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let oldBytes = Array(old.utf8)
        guard let start = original.firstRange(of: oldBytes)?.lowerBound else {
            Issue.record("\(old) not in the original", sourceLocation: sourceLocation)
            return
        }
        var expected = original
        expected.replaceSubrange(start..<(start + oldBytes.count), with: Array(new.utf8))
        #expect(String(decoding: edited, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func unEditedDocumentsSaveByteForByte() throws {
        for name in ["Data.plist", "Data.json"] {
            let bytes = try FileBytes.read(Fixtures.state(name))
            let document = try SessionDocument(parsing: bytes)
            #expect(!document.isDirty)
            #expect(try document.serialized() == bytes)
        }
    }

    @Test func oneXMLValueChangesOnlyItsBytes() throws {
        let bytes = try FileBytes.read(Fixtures.state("Data.plist"))
        var document = try SessionDocument(parsing: bytes)
        try document.setValue("Jane <Roe>", at: "Users.t_imp.name")
        #expect(document.isDirty)
        let edited = try document.serialized()
        expectSplice(bytes, edited, replacing: "<string>John Doe</string>", with: "<string>Jane &lt;Roe&gt;</string>")
        #expect(try PlistValue(parsing: edited)["Users.t_imp.name"] == "Jane <Roe>")
    }

    @Test func oneJSONValueChangesOnlyItsBytes() throws {
        let bytes = try FileBytes.read(Fixtures.state("Data.json"))
        var document = try SessionDocument(parsing: bytes)
        try document.setValue(11, at: "t.id")
        let edited = try document.serialized()
        expectSplice(bytes, edited, replacing: "\"id\": 10", with: "\"id\": 11")
    }

    /// Comments, DOCTYPE, entity escapes, number spellings and empty-container spellings around
    /// an edit are all kept.
    @Test func everythingAroundAnEditIsKept() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- kept -->
            <plist version="1.0">
            <dict>
                <key>caf&#233; &amp; bar</key>   <integer>0x1F</integer>
                <key>real</key><real>1E3</real>
                <key>edit me</key>
                <string>old</string>
                <key>empty</key><dict></dict>
                <key>self-closed</key><array/>
                <!-- also kept -->
            </dict>
            </plist>
            """
        let bytes = Array(xml.utf8)
        var document = try SessionDocument(parsing: bytes)
        try document.setValue("new & improved", at: "edit me")
        expectSplice(bytes, try document.serialized(), replacing: "<string>old</string>", with: "<string>new &amp; improved</string>")
        #expect(document.value(at: "café & bar") == 31)

        let json = #"{"n": 1E3, "s": "caf\u00e9", "edit": [1, 2],"t":true}"#
        let jsonBytes = Array(json.utf8)
        var jsonDocument = try SessionDocument(parsing: jsonBytes)
        try jsonDocument.setValue(3, at: "edit.1")
        expectSplice(jsonBytes, try jsonDocument.serialized(), replacing: "[1, 2]", with: "[1, 3]")
    }

    @Test func typeChangesAndContainersAreWrittenInTheFilesStyle() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>color</key>
              <string>red</string>
              <key>after</key>
              <integer>0x10</integer>
            </dict>
            </plist>

            """
        var document = try SessionDocument(parsing: Array(xml.utf8))
        try document.setValue(["red": 1.0, "green": 0.5, "tags": []], at: "color")
        let edited = String(decoding: try document.serialized(), as: UTF8.self)
        #expect(
            edited == """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                  <key>color</key>
                  <dict>
                    <key>red</key>
                    <real>1</real>
                    <key>green</key>
                    <real>0.5</real>
                    <key>tags</key>
                    <array/>
                  </dict>
                  <key>after</key>
                  <integer>0x10</integer>
                </dict>
                </plist>

                """)
        // Editing inside the replaced subtree edits the replacement.
        try document.setValue(0.25, at: "color.green")
        #expect(document.value(at: "color.green") == 0.25)
        #expect(document.value(at: "after") == 16)
    }

    @Test func jsonSpliceFollowsIndentAndSeparator() throws {
        let json = "{\n    \"a\" : 1,\n    \"b\" : [true]\n}\n"
        var document = try SessionDocument(parsing: Array(json.utf8))
        try document.setValue(["x": "y"], at: "a")
        #expect(String(decoding: try document.serialized(), as: UTF8.self) == "{\n    \"a\" : {\n        \"x\" : \"y\"\n    },\n    \"b\" : [true]\n}\n")
        var compact = try SessionDocument(parsing: Array(#"{"a":[1,2],"b":null}"#.utf8))
        try compact.setValue(["k": [1]], at: "b")
        #expect(String(decoding: try compact.serialized(), as: UTF8.self) == #"{"a":[1,2],"b":{"k":[1]}}"#)
    }

    @Test func crlfAndTabsAreKept() throws {
        let xml = "<plist>\r\n<dict>\r\n\t<key>a</key>\r\n\t<string>x</string>\r\n</dict>\r\n</plist>\r\n"
        var document = try SessionDocument(parsing: Array(xml.utf8))
        try document.setValue(["n": 1], at: "a")
        #expect(
            String(decoding: try document.serialized(), as: UTF8.self)
                == "<plist>\r\n<dict>\r\n\t<key>a</key>\r\n\t<dict>\r\n\t\t<key>n</key>\r\n\t\t<integer>1</integer>\r\n\t</dict>\r\n</dict>\r\n</plist>\r\n")
    }

    @Test func binaryEditsReEncode() throws {
        let value = SampleValues.everything()
        var document = try SessionDocument(parsing: try value.serialized(as: .binary))
        try document.setValue("changed", at: "nested.a.2.deep.deeper")
        let edited = try document.serialized()
        guard case .dictionary(var expected) = value else { return }
        expected["nested"] = ["a": [1, 2, ["deep": ["deeper": "changed"]]], "b": [[], [:]]]
        #expect(try PlistValue(parsing: edited) == .dictionary(expected))
    }

    @Test func missingPathsAndImpossibleValuesAreErrors() throws {
        var document = try SessionDocument(parsing: try FileBytes.read(Fixtures.state("Data.plist")))
        #expect(throws: PlistError.self) { try document.setValue(1, at: "Users.nobody.name") }
        // The edit itself is refused, with the key path: the file is never left unwritable.
        #expect {
            try document.setValue(.null, at: "Users.t_imp.id")
        } throws: { error in
            (error as? PlistError)?.description == "Users.t_imp.id: null cannot be stored in a property list"
        }
        #expect(!document.isDirty)
        var json = try SessionDocument(parsing: Array(#"{"when": 1}"#.utf8))
        #expect(throws: PlistError.self) { try json.setValue(.uid(3), at: "when") }
        #expect(!json.isDirty)
    }

    /// Python reads the edited file: exactly the edited value differs.
    @Test(.slow, .tags(.python), arguments: [PlistFormat.xml, .binary, .json])
    func pythonSeesExactlyTheEdit(format: PlistFormat) throws {
        let value = format == .json ? SampleValues.jsonSafe() : SampleValues.everything()
        var document = try SessionDocument(parsing: try value.serialized(as: format))
        try document.setValue(0.75, at: "nested.a.0")
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("edited")
        try AtomicFile.write(try document.serialized(), to: url)
        guard case .dictionary(var expected) = value else { return }
        expected["nested"] = ["a": [0.75, 2, ["deep": ["deeper": "bottom"]]], "b": [[], [:]]]
        let difference = PlistOracle.difference(PlistOracle.canonical(.dictionary(expected)), try PlistOracle.read(url))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Edits that change nothing — a value set to itself, a step whose operations cancel out —
    /// add no undo step and leave the session clean.
    @Test func editsThatChangeNothingAreNoEdits() throws {
        var session = EditSession(tree: try SourceTree(parsing: Array(#"{"a": 1, "b": [1, 2]}"#.utf8)))
        try session.apply(.set("a", 1))
        #expect(!session.isDirty && !session.canUndo)
        try session.apply([.set("a", 2), .set("a", 1)])
        #expect(!session.isDirty && !session.canUndo)
        try session.apply([.set("a", 2), .set("b.0", 3)])
        #expect(session.isDirty && session.canUndo)
    }

    /// A step of several operations is made on the tree in place and taken back whole when one
    /// fails; undo and redo make each of its edits in turn.
    @Test func aStepIsAllOrNothing() throws {
        let text = #"{"a": 1, "b": [1, 2], "c": "x"}"#
        var session = EditSession(tree: try SourceTree(parsing: Array(text.utf8)))
        #expect(throws: (any Error).self) { try session.apply([.set("a", 22), .set("b.1", "two"), .set("missing.key", 3)]) }
        #expect(String(decoding: session.bytes, as: UTF8.self) == text)
        #expect(!session.isDirty && !session.canUndo)
        #expect(session.tree.invariantViolations().isEmpty)
        let patches = try session.apply([.set("c", "longer"), .set("a", 22)])
        let edited = #"{"a": 22, "b": [1, 2], "c": "longer"}"#
        #expect(String(decoding: session.bytes, as: UTF8.self) == edited)
        // The patches returned make both changes, one after the other, from the old text.
        #expect(patches.count == 2)
        #expect(String(decoding: patches.reduce(Array(text.utf8)) { $1.applied(to: $0) }, as: UTF8.self) == edited)
        try session.undo()
        #expect(String(decoding: session.bytes, as: UTF8.self) == text)
        try session.redo()
        #expect(String(decoding: session.bytes, as: UTF8.self) == edited)
        #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes)
    }

    /// The saved bytes (for the diff before saving) are made from the history: after undos,
    /// redos, a save, and an edit that drops the undone steps the saved state was among.
    @Test func savedBytesFollowTheHistory() throws {
        let text = #"{"a": 1, "b": 2}"#
        var session = EditSession(tree: try SourceTree(parsing: Array(text.utf8)))
        try session.apply(.set("a", 10))
        try session.apply([.set("a", 11), .set("b", 20)])
        #expect(String(decoding: session.savedBytes, as: UTF8.self) == text)
        session.markSaved()
        let saved = session.bytes
        try session.undo()
        try session.undo()
        #expect(session.savedBytes == saved)
        try session.redo()
        #expect(session.savedBytes == saved && session.isDirty)
        // A new edit here drops the step that led to the save: its bytes are kept.
        try session.apply(.set("b", 30))
        #expect(session.savedBytes == saved && session.isDirty)
        try session.undo()
        #expect(session.savedBytes == saved && session.isDirty)
        #expect(session.invariantViolations().isEmpty)
    }
}

/// The edit engine as these tests drive it: values set by key path, then the file's bytes.
/// (It was once a separate `PlistDocument` type; the session is now the one edit engine.)
struct SessionDocument {
    var session: EditSession

    init(parsing bytes: [UInt8]) throws {
        session = EditSession(tree: try SourceTree(parsing: bytes))
    }

    var isDirty: Bool { session.isDirty }

    mutating func setValue(_ value: PlistValue, at path: PlistPath) throws {
        try session.apply(.set(path, value))
    }

    func serialized() throws -> [UInt8] { session.bytes }

    func value(at path: PlistPath) -> PlistValue? { session.tree.index(at: path).map { session.tree.value(at: $0) } }
}

/// `setNumber` writes a JSON number as given, and nothing else takes it.
@Suite struct WideNumberEditTests {
    @Test func onlyJSONTakesANumberSpelledAsGiven() throws {
        var session = EditSession(tree: try SourceTree(parsing: Array(#"{"a": 1, "b": [2]}"#.utf8)))
        try session.apply(.setNumber("b.0", text: "1e400"))
        #expect(String(decoding: session.bytes, as: UTF8.self) == #"{"a": 1, "b": [1e400]}"#)
        #expect(session.tree[session.tree.index(at: "b.0")!].isWideNumber)
        // Not a number token: refused with the path, nothing changed.
        #expect(throws: PlistError.self) { try session.apply(.setNumber("a", text: "1e400 ")) }
        #expect(throws: PlistError.self) { try session.apply(.setNumber("a", text: "0x10")) }
        var xml = EditSession(tree: try SourceTree(parsing: Array("<plist><array><integer>1</integer></array></plist>".utf8)))
        #expect(
            throws: PlistError("the number 1e400 is beyond what property lists hold (64-bit integers and Doubles); only JSON keeps it", at: .keyPath("0"))
        ) { try xml.apply(.setNumber("0", text: "1e400")) }
        var binary = EditSession(tree: try SourceTree(parsing: try PlistValue.array([1]).serialized(as: .binary)))
        #expect(throws: PlistError.self) { try binary.apply(.setNumber("0", text: "1e400")) }
        #expect(String(decoding: session.bytes, as: UTF8.self) == #"{"a": 1, "b": [1e400]}"#)
    }
}
