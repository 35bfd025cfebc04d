import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Structure and value edits on real files in every format, checked three ways: the bytes
/// outside the edit are the file's own, Python's plistlib reads the result as the same
/// edit made on plain values, and undo gives back the original bytes exactly.
@Suite struct SourceEditorTests {
    /// The same edits for the plist fixture and for the JSON one, whose layout differs.
    static func operations(_ format: PlistFormat) -> [EditOperation] {
        let json = format == .json
        func p(_ path: String) -> PlistPath {
            PlistPath(
                parsing: json
                    ? path.replacingOccurrences(of: "Users.", with: "").replacingOccurrences(of: "User2", with: "u").replacingOccurrences(of: "Object.t_dic_imp", with: "t_dic")
                    : path)
        }
        return [
            .set(p("Users.t_imp.name"), "Jane <Roe> & \"co\""),
            .set(p("Users.t_arr.1"), ["id": 7, "name": "Nested", "tags": ["a", "b"], "empty": [:]]),
            .rename(p("Users.t_imp.email"), to: "mail"),
            .delete(p("Users.t_imp.id")),
            .delete(p("Users.t_arr.0")),
            .delete(p("Users.t_arr.2")),
            .delete(p("User2.id")),
            .insert(into: p("Users.t_imp"), key: "age", at: nil, value: 42),
            .insert(into: p("Users.t_imp"), key: "first", at: 0, value: ["x": 1.5]),
            .insert(into: p("Users.t_arr"), key: nil, at: 1, value: "inserted"),
            .insert(into: p("Users.t_arr"), key: nil, at: nil, value: ["id": 1]),
            .insert(into: p("Object.t_dic_imp"), key: "key2", at: 1, value: true),
            .move(p("Users.t_arr.0"), to: 2),
            .move(p("Users.t_imp.name"), to: 0),
            .duplicate(p("Users.t_arr.1"), key: nil),
            .duplicate(p("Users.t_imp.name"), key: "name2"),
        ]
    }

    static func fixture(_ format: PlistFormat) throws -> [UInt8] {
        let bytes = try FileBytes.read(Fixtures.state(format == .json ? "Data.json" : "Data.plist"))
        if format == .binary { return try PlistValue(parsing: bytes).serialized(as: .binary) }
        return bytes
    }

    @Test(.slow, .tags(.python), arguments: PlistFormat.valueFormats)
    func everyEditReadsBackAsTheValueEditAndUndoes(_ format: PlistFormat) throws {
        let original = try Self.fixture(format)
        let folder = try Fixtures.temporaryFolder()
        for (n, operation) in Self.operations(format).enumerated() {
            var session = EditSession(tree: try SourceTree(parsing: original))
            // A text edit is one byte edit (none when nothing changes).
            let patch = try session.apply(operation)
            if format != .binary { #expect(patch.edits.count <= 1) }
            let edit = patch.edits.first ?? ByteEdit(range: 0..<0, replacement: [])
            let before = try PlistValue(parsing: original)
            var expected = before
            try expected.apply(operation)
            // An edit that changes no byte (moving one of three identical items) is no edit:
            // the session stays clean, in every format.
            #expect(session.isDirty == (session.bytes != original), "\(format) \(operation)")
            if expected != before { #expect(session.isDirty, "\(format) \(operation)") }
            #expect(session.tree.value() == expected, "\(format) \(operation)")
            // An independent reader agrees.
            let url = folder.appendingPathComponent("edit\(n).\(format.rawValue)")
            try Data(session.bytes).write(to: url)
            let theirs = try PlistOracle.read(url)
            #expect(PlistOracle.difference(PlistOracle.canonical(expected), theirs) == nil, "\(format) \(operation)")
            if format != .binary {
                // Only the edited range changed, and it is small.
                #expect(Array(session.bytes[..<edit.range.lowerBound]) == Array(original[..<edit.range.lowerBound]))
                #expect(Array(session.bytes[(edit.range.lowerBound + edit.replacement.count)...]) == Array(original[edit.range.upperBound...]))
                // A moved item carries the items it passes; everything else stays within its entry.
                let limit = { if case .move = operation { return 1200 } else { return 420 } }()
                #expect(edit.range.count + edit.replacement.count < limit, "\(format) \(operation) touched \(edit.range.count) bytes")
            }
            let edited = session.bytes
            try session.undo()
            #expect(session.bytes == original, "\(format) undo \(operation)")
            #expect(!session.isDirty)
            try session.redo()
            #expect(session.bytes == edited)
        }
    }

    @Test func deletingRemovesTheEntryAndOneSeparatorOnly() throws {
        let xml = Array(
            """
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<integer>1</integer>
            \t<key>b</key>
            \t<real>2.50</real>
            \t<key>c</key>
            \t<array>
            \t\t<string>x</string>
            \t</array>
            </dict>
            </plist>
            """.utf8)
        var session = EditSession(tree: try SourceTree(parsing: xml))
        try session.apply(.delete("b"))
        // Its two lines go, and nothing else.
        #expect(String(decoding: session.bytes, as: UTF8.self) == String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "\t<key>b</key>\n\t<real>2.50</real>\n", with: ""))
        try session.apply(.delete("c.0"))
        #expect(String(decoding: session.bytes, as: UTF8.self).contains("\t<key>c</key>\n\t<array/>\n</dict>"), "an emptied array takes its empty form")
        try session.apply(.insert(into: "c", key: nil, at: nil, value: 3))
        #expect(String(decoding: session.bytes, as: UTF8.self).contains("\t<array>\n\t\t<integer>3</integer>\n\t</array>"))
        try session.apply(.insert(into: "", key: "d", at: nil, value: "new"))
        #expect(String(decoding: session.bytes, as: UTF8.self).hasSuffix("\t</array>\n\t<key>d</key>\n\t<string>new</string>\n</dict>\n</plist>"))
        // The number spelling of what was not edited is kept through a move.
        var second = EditSession(tree: try SourceTree(parsing: xml))
        try second.apply(.move("b", to: 0))
        #expect(String(decoding: second.bytes, as: UTF8.self).contains("<dict>\n\t<key>b</key>\n\t<real>2.50</real>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>c</key>"))
    }

    @Test func jsonKeepsItsCommasAndColons() throws {
        let json = Array("{\n    \"a\" : 1,\n    \"b\" : [1.0, 2.0],\n    \"c\" : {}\n}\n".utf8)
        var session = EditSession(tree: try SourceTree(parsing: json))
        try session.apply(.delete("a"))
        #expect(String(decoding: session.bytes, as: UTF8.self) == "{\n    \"b\" : [1.0, 2.0],\n    \"c\" : {}\n}\n")
        try session.apply(.insert(into: "b", key: nil, at: nil, value: 3))
        #expect(String(decoding: session.bytes, as: UTF8.self).contains("[1.0, 2.0, 3]"))
        try session.apply(.insert(into: "", key: "z", at: nil, value: true))
        #expect(String(decoding: session.bytes, as: UTF8.self).hasSuffix("\"c\" : {},\n    \"z\" : true\n}\n"))
        try session.apply(.rename("z", to: "y\"q"))
        #expect(String(decoding: session.bytes, as: UTF8.self).contains("\"y\\\"q\" : true"))
    }

    @Test func editsThatChangeNothingLeaveTheDocumentClean() throws {
        for format in [PlistFormat.xml, .binary] {
            var session = EditSession(tree: try SourceTree(parsing: try Self.fixture(format)))
            try session.apply(.rename("Users.t_imp.email", to: "email"))
            try session.apply(.move("Users.t_arr.1", to: 1))
            #expect(!session.isDirty, "\(format)")
            #expect(!session.canUndo)
            #expect(session.bytes == (try Self.fixture(format)))
        }
    }

    @Test func refusedEditsChangeNothingAndSayWhere() throws {
        var session = EditSession(tree: try SourceTree(parsing: try Self.fixture(.xml)))
        let before = session.bytes
        let cases: [(EditOperation, String)] = [
            (.set("Users.nope", 1), "Users.nope"),
            (.rename("Users.t_imp.email", to: "name"), "already has a key \"name\""),
            (.rename("Users.t_arr.0", to: "x"), "not a dictionary member"),
            (.delete(""), "root"),
            (.insert(into: "Users.t_arr", key: "k", at: nil, value: 1), "array items have no keys"),
            (.insert(into: "Users.t_imp", key: nil, at: nil, value: 1), "needs a key"),
            (.insert(into: "Users.t_imp.id", key: "k", at: nil, value: 1), "only dictionaries and arrays"),
            (.insert(into: "Users.t_arr", key: nil, at: 9, value: 1), "outside 0…3"),
            (.move("Users.t_arr.0", to: 3), "outside 0…2"),
            (.set("Users.t_imp.id", .null), "null"),
        ]
        for (operation, message) in cases {
            #expect {
                try session.apply(operation)
            } throws: { error in
                "\(error)".contains(message) && "\(error)".contains(operation.path.components.isEmpty ? "(root)" : operation.path.description)
            }
        }
        #expect(session.bytes == before)
        #expect(!session.isDirty && !session.canUndo)
    }
}
