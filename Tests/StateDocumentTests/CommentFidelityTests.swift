import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Structure edits on files with comments and blank lines (a LaunchAgent, spaced JSON): the
/// edit takes the entry's own lines and nothing else — never a comment or a blank line that
/// belongs to its neighbours — and every value reads back as the edit says (plistlib agrees).
@Suite struct CommentFidelityTests {
    static let agent = Fixtures.realShaped("com.example.backup.plist")

    static func session(_ url: URL) throws -> (EditSession, String) {
        let bytes = try FileBytes.read(url)
        return (EditSession(tree: try SourceTree(parsing: bytes)), String(decoding: bytes, as: UTF8.self))
    }

    static func comments(_ text: String) -> [String] {
        text.components(separatedBy: "<!--").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    /// What lies between the items of a container, in order (comments and blank lines live
    /// here): item bytes blanked out, the rest kept.
    static func gaps(of path: PlistPath, in tree: SourceTree) -> [String] {
        let node = tree.index(at: path)!
        let children = Array(tree.children(of: node))
        return zip(children, children.dropFirst()).map { a, b in
            let start = Int(tree[b].hasKey ? tree[b].keyStart : tree[b].start)
            return String(decoding: tree.bytes[Int(tree[a].end)..<start], as: UTF8.self)
        }
    }

    /// Applies `operation` and checks the values against the value-level edit and plistlib.
    static func apply(_ operation: EditOperation, to url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> (String, EditSession) {
        var (session, _) = try session(url)
        var expected = session.tree.value()
        try expected.apply(operation)
        try session.apply(operation)
        #expect(session.tree.value() == expected, sourceLocation: sourceLocation)
        let folder = try Fixtures.temporaryFolder()
        let out = folder.appendingPathComponent(url.lastPathComponent)
        try Data(session.bytes).write(to: out)
        #expect(PlistOracle.difference(PlistOracle.canonical(expected), try PlistOracle.read(out)) == nil, sourceLocation: sourceLocation)
        return (String(decoding: session.bytes, as: UTF8.self), session)
    }

    @Test(.slow, .tags(.python)) func deletesTakeTheEntryAndLeaveCommentsAndBlankLines() throws {
        let original = try Self.session(Self.agent).1
        let cases: [(EditOperation, removed: String, kept: String)] = [
            // After a commented-out block: the block stays.
            (.delete("WorkingDirectory"), "\t<key>WorkingDirectory</key>\n\t<string>/Users/example</string>\n", ""),
            // The first entry, between the file's comment and a blank line.
            (.delete("Label"), "\t<key>Label</key>\n\t<string>com.example.backup</string>\n", ""),
            // An item after a commented-out item.
            (.delete("ProgramArguments.2"), "\t\t<string>--target=/Volumes/Backup</string>\n", ""),
            // Before a commented-out item.
            (.delete("ProgramArguments.1"), "\t\t<string>--quiet</string>\n", ""),
            // With a comment after it on its line: the comment stays, on its own line.
            (.delete("StandardOutPath"), "<key>StandardOutPath</key>\n\t<string>/tmp/backup.out</string> ", ""),
            // After a comment, before a blank line… inside a dictionary.
            (.delete("StartCalendarInterval.Minute"), "\t\t<key>Minute</key>\n\t\t<integer>30</integer>\n", ""),
        ]
        for (operation, removed, _) in cases {
            let (text, _) = try Self.apply(operation, to: Self.agent)
            guard let range = original.range(of: removed) else {
                Issue.record("test text not in the fixture: \(removed)")
                continue
            }
            #expect(text == original.replacingCharacters(in: range, with: ""), "\(operation)")
            #expect(Self.comments(text) == Self.comments(original), "\(operation)")
        }
    }

    @Test(.slow, .tags(.python)) func emptyingAContainerKeepsTheCommentsInside() throws {
        var (session, _) = try Self.session(Self.agent)
        for _ in 0..<3 { try session.apply(.delete("ProgramArguments.0")) }
        let text = String(decoding: session.bytes, as: UTF8.self)
        #expect(text.contains("<array>\n\t\t<!-- <string>-v</string> (verbose) -->\n\t</array>"), "\(text)")
        #expect(session.tree.value()["ProgramArguments"] == .array([]))
        #expect(Self.comments(text) == Self.comments(String(decoding: try FileBytes.read(Self.agent), as: UTF8.self)))
    }

    @Test(.slow, .tags(.python)) func movesDuplicatesAndInsertsLeaveEveryGapWhereItWas() throws {
        let original = try Self.session(Self.agent)
        let gapsBefore = Self.gaps(of: PlistPath(), in: original.0.tree)
        // A move rotates entries; the gaps (comments, blank lines) stay in their places.
        let (moved, movedSession) = try Self.apply(.move("WorkingDirectory", to: 0), to: Self.agent)
        #expect(Self.gaps(of: PlistPath(), in: movedSession.tree) == gapsBefore)
        // Comments inside a moved entry move with it: the same comments, once each.
        #expect(Self.comments(moved).sorted() == Self.comments(original.1).sorted())
        // A duplicate and an insert add one plain gap each, with no comment in it.
        let (duplicated, duplicatedSession) = try Self.apply(.duplicate("StartCalendarInterval", key: "StartCalendarInterval 2"), to: Self.agent)
        #expect(Self.comments(duplicated) == Self.comments(original.1))
        #expect(Self.gaps(of: PlistPath(), in: duplicatedSession.tree).filter { !gapsBefore.contains($0) } == [])
        #expect(Self.gaps(of: PlistPath(), in: duplicatedSession.tree).count == gapsBefore.count + 1)
        let (inserted, insertedSession) = try Self.apply(.insert(into: "ProgramArguments", key: nil, at: 1, value: "--verbose"), to: Self.agent)
        #expect(Self.comments(inserted) == Self.comments(original.1))
        #expect(Self.gaps(of: "ProgramArguments", in: insertedSession.tree).contains("\n\t\t"))
        #expect(
            inserted.contains("\t\t<string>--quiet</string>\n\t\t<string>--verbose</string>\n\t\t<!-- <string>-v</string> (verbose) -->")
                || inserted.contains("\t\t<string>--verbose</string>\n\t\t<string>--quiet</string>"))
    }

    /// JSON with blank lines between groups of entries: a delete takes the entry and the
    /// separator before it, and keeps the blank line that follows.
    @Test(.slow, .tags(.python)) func spacedJSONKeepsItsGroups() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("settings.json")
        let original = "{\n  \"name\": \"x\",\n\n  \"scripts\": {\n    \"build\": \"tsc\"\n  },\n\n  \"version\": \"1.0\",\n  \"private\": true\n}\n"
        try Data(original.utf8).write(to: url)
        let (deleted, _) = try Self.apply(.delete("scripts"), to: url)
        #expect(deleted == "{\n  \"name\": \"x\",\n\n  \"version\": \"1.0\",\n  \"private\": true\n}\n")
        let (last, _) = try Self.apply(.delete("private"), to: url)
        #expect(last == "{\n  \"name\": \"x\",\n\n  \"scripts\": {\n    \"build\": \"tsc\"\n  },\n\n  \"version\": \"1.0\"\n}\n")
        let (moved, movedSession) = try Self.apply(.move("version", to: 0), to: url)
        #expect(Self.gaps(of: PlistPath(), in: movedSession.tree) == Self.gaps(of: PlistPath(), in: try SourceTree(parsing: Array(original.utf8))))
        #expect(moved.hasPrefix("{\n  \"version\": \"1.0\",\n\n  \"name\": \"x\",\n\n  \"scripts\""))
    }
}
