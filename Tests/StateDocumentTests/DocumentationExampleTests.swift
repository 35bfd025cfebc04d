// swift-format-ignore-file
// (The article's examples are copied from this file, aligned comments and all.)
import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

// The code of Sources/StateDocument/StateDocument.docc, compiled and run here;
// `articlesShowThisCode` checks that the articles show exactly the text between the markers.

enum EditingExample {
    static let agent = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <!-- Synced every ten minutes; see the wiki before changing. -->
            <key>Label</key>
            <string>com.example.sync</string>
            <key>ProgramArguments</key>
            <array>
                <string>/usr/local/bin/sync</string>
            </array>
            <key>StartInterval</key>
            <integer>600</integer>
            <key>RunAtLoad</key>
            <true/>
        </dict>
        </plist>

        """

    static func edit(_ url: URL) throws -> (diff: String, refused: String, undone: Bool) {
        // README-DOCC-EDIT-BEGIN
        var (document, tree) = try OpenDocument.read(url)
        var session = EditSession(tree: tree)

        try session.apply(.set("StartInterval", 300))
        try session.apply(.insert(into: "ProgramArguments", key: nil, at: nil, value: "--quiet"))
        try session.apply(.rename("RunAtLoad", to: "KeepAlive"))
        _ = try session.undo()                                       // the rename, taken back

        print(LineDiff(old: session.savedBytes, new: session.bytes).unified(name: url.lastPathComponent))
        // --- a/com.example.sync.plist
        // +++ b/com.example.sync.plist
        // @@ -8,9 +8,10 @@
        // …
        //          <string>/usr/local/bin/sync</string>
        // +        <string>--quiet</string>
        //      </array>
        //      <key>StartInterval</key>
        // -    <integer>600</integer>
        // +    <integer>300</integer>
        // …

        (document, _) = try document.save(session.fileBytes)         // atomic; refused if changed on disk
        session.markSaved()
        // README-DOCC-EDIT-END
        let diff = LineDiff(old: Array(agent.utf8), new: session.bytes).unified(name: url.lastPathComponent)

        // Someone else writes the file; the next save is refused and leaves their bytes.
        try Array("changed elsewhere".utf8).write(to: url)
        try session.apply(.set("StartInterval", 60))
        var refused = ""
        do { _ = try document.save(session.fileBytes) } catch { refused = "\(error)" }
        return (diff, refused, session.canRedo == false && session.isDirty)
    }
}

extension Array where Element == UInt8 {
    fileprivate func write(to url: URL) throws { try Data(self).write(to: url) }
}

@Suite struct DocumentationExampleTests {
    @Test func theEditingCodeRuns() throws {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("com.example.sync.plist")
        try Array(EditingExample.agent.utf8).write(to: url)
        let (diff, refused, dirty) = try EditingExample.edit(url)
        // Exactly two lines changed: the comment, the indentation and every other byte kept.
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changed == ["+        <string>--quiet</string>", "-    <integer>600</integer>", "+    <integer>300</integer>"], "\(diff)")
        #expect(refused.contains("changed"), "\(refused)")
        #expect(try String(contentsOf: url, encoding: .utf8) == "changed elsewhere")
        #expect(dirty)
    }

    @Test func theArticleShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/StateDocument/StateDocument.docc/EditingInPlace.md"), encoding: .utf8)
        let code = "```swift\n" + (try ReadmeSnippet.between("DOCC-EDIT", in: source)) + "\n```"
        #expect(article.contains(code), "EditingInPlace.md's code differs from DocumentationExampleTests.swift")
    }
}
