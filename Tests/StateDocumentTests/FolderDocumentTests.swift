import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// A folder as one document: made of its files' own bytes, split back into exactly the files
/// an edit changed, refusing edits of the folder's own structure.
@Suite struct FolderDocumentTests {
    func catalog() throws -> URL {
        let copy = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.realShaped("Assets.xcassets"), to: copy)
        return copy
    }

    @Test func aCatalogIsOneJSONDocumentOfItsFilesValues() throws {
        let folder = try catalog()
        let (document, tree) = try FolderDocument.open(folder)
        #expect(document.format == .json)
        #expect(document.members.count == 31)
        #expect(document.placeholders.isEmpty)
        // Each member's value is its file's root value, byte for byte, and reads as the file does.
        for member in document.members {
            let file = try SourceTree(contentsOf: folder.appendingPathComponent(member.relativePath))
            let node = try #require(tree.index(at: member.path))
            #expect(Array(tree.bytes[tree.nodes[node].byteRange]) == Array(file.bytes[file.nodes[0].byteRange]), "\(member.relativePath)")
            #expect(tree.value(at: node) == file.value())
        }
        #expect(try document.changes(in: tree).isEmpty)
        #expect(tree.index(at: PlistPath([.key("Colors"), .key("Brand"), .key("Primary.colorset"), .key("Contents.json"), .key("colors")])) != nil)
    }

    @Test func anEditChangesExactlyItsFile() throws {
        let folder = try catalog()
        var (document, tree) = try FolderDocument.open(folder)
        var session = EditSession(tree: tree)
        let path = PlistPath([.key("Colors"), .key("Brand"), .key("Primary.colorset"), .key("Contents.json"), .key("info"), .key("author")])
        _ = try session.apply(.set(path, "state"))
        tree = session.tree
        let changes = try document.changes(in: tree)
        #expect(changes.map(\.relativePath) == ["Colors/Brand/Primary.colorset/Contents.json"])
        let url = folder.appendingPathComponent("Colors/Brand/Primary.colorset/Contents.json")
        let original = String(decoding: try FileBytes.read(url), as: UTF8.self)
        #expect(String(decoding: changes[0].bytes, as: UTF8.self) == original.replacingOccurrences(of: "\"author\" : \"xcode\"", with: "\"author\" : \"state\""))
        // Once written, the file is the folder's state on disk: nothing pending.
        let written = try document.members[changes[0].member].file.save(changes[0].bytes)
        document.recordSaved(member: changes[0].member, bytes: changes[0].bytes, file: written.document)
        #expect(try document.changes(in: tree).isEmpty)
        #expect(document.pendingDiff(in: tree).isEmpty)
        // The diff of a pending edit names the file.
        _ = try session.apply(.set(path, "again"))
        let diff = document.pendingDiff(in: session.tree)
        #expect(diff.lines.first?.text == "=== Colors/Brand/Primary.colorset/Contents.json ===")
        #expect(diff.removedCount == 1 && diff.addedCount == 1)
    }

    @Test func theFoldersOwnStructureIsNotEditedHere() throws {
        let folder = try catalog()
        let (document, tree) = try FolderDocument.open(folder)
        for operation: EditOperation in [
            .delete(PlistPath([.key("Images"), .key("Logo.imageset")])),
            .rename(PlistPath([.key("Contents.json")]), to: "Other.json"),
            .insert(into: PlistPath([.key("Colors")]), key: "New.colorset", at: nil, value: [:]),
        ] {
            var session = EditSession(tree: tree)
            _ = try session.apply(operation)
            #expect(throws: FolderDocument.StructureError.self, "\(operation)") { try document.changes(in: session.tree) }
        }
    }

    @Test func filesThatCannotBePartOfItAreShownAndNeverWritten() throws {
        let folder = try catalog()
        try Data("{ \"colors\" : [".utf8).write(to: folder.appendingPathComponent("Colors/Broken.json"))
        try FileManager.default.copyItem(at: Fixtures.realShaped("Info.plist"), to: folder.appendingPathComponent("Info.plist"))
        try PlistValue.dictionary(["a": 1]).serialized(as: .binary).withUnsafeBufferPointer { try Data($0).write(to: folder.appendingPathComponent("bin.plist")) }
        let (document, tree) = try FolderDocument.open(folder)
        #expect(document.members.count == 31)
        #expect(Set(document.placeholders.map(\.relativePath)) == ["Colors/Broken.json", "Info.plist", "bin.plist"])
        let broken = try #require(document.placeholders.first { $0.relativePath == "Colors/Broken.json" })
        #expect(broken.reason.hasPrefix("not read: "))
        #expect(broken.reason.contains("line 1, column"))
        let text = try #require(tree.index(at: broken.path).map { tree.scalarText(at: $0) })
        #expect(text.hasPrefix("⚠ not read: "))
        #expect(document.placeholders.first { $0.relativePath == "Info.plist" }?.reason == "an XML property list in a folder of JSON: open it alone (state Info.plist)")
        #expect(document.placeholders.first { $0.relativePath == "bin.plist" }?.reason == "a binary property list: open it alone (state bin.plist)")
        // An edit of a placeholder is refused at save, not silently dropped.
        var session = EditSession(tree: tree)
        _ = try session.apply(.set(broken.path, "fixed"))
        #expect(throws: FolderDocument.StructureError.self) { try document.changes(in: session.tree) }
    }

    /// A folder of XML property lists (LaunchAgents, say): each file keeps its declaration,
    /// DOCTYPE and comments around the value.
    @Test func aFolderOfXMLPropertyListsKeepsEachFilesProlog() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("LaunchAgents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let agent = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- runs the backup every hour -->
            <plist version="1.0">
            <dict>
            \t<key>Label</key>
            \t<string>com.example.NAME</string>
            \t<key>StartInterval</key>
            \t<integer>3600</integer>
            </dict>
            </plist>

            """
        // A name with & is escaped in the document's keys (and in the file, as XML wants it).
        for name in ["backup", "sync & clean"] {
            let text = agent.replacingOccurrences(of: "NAME", with: name.replacingOccurrences(of: "&", with: "&amp;"))
            try Data(text.utf8).write(to: folder.appendingPathComponent("com.example.\(name).plist"))
        }
        let (document, tree) = try FolderDocument.open(folder)
        #expect(document.format == .xml)
        #expect(document.members.count == 2)
        var session = EditSession(tree: tree)
        _ = try session.apply(.set(PlistPath([.key("com.example.sync & clean.plist"), .key("StartInterval")]), .integer(60)))
        let changes = try document.changes(in: session.tree)
        #expect(changes.count == 1)
        #expect(String(decoding: changes[0].bytes, as: UTF8.self) == agent.replacingOccurrences(of: "NAME", with: "sync &amp; clean").replacingOccurrences(of: "3600", with: "60"))
    }

    @Test func aFolderWithNothingToReadSaysSo() throws {
        let folder = try Fixtures.temporaryFolder()
        try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("image.png"))
        #expect(throws: PlistError.self) { try FolderDocument.open(folder) }
    }
}
