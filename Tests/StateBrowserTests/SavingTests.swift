import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// Saving from the browser through the runtime, on real files: Ctrl-S writes the session's
/// bytes atomically; a file changed on disk is not overwritten without asking; a failed save
/// keeps the edits (and `:wq` does not quit); save-as converts; reload drops the edits.
@Suite struct SavingTests {
    /// A copy of the sample and its schema in a fresh folder, opened as `state` opens it.
    static func open() throws -> (BrowserApp, MemoryBackend, URL) {
        let url = try Fixtures.sampleCopy()
        let stamp = AtomicFile.stamp(of: url)
        let document = try BrowserDocument.open(url)
        let backend = MemoryBackend(width: 100, height: 30)
        let state = BrowserFixture.state(document: document, file: OpenDocument(url: url, stamp: stamp))
        return (BrowserApp(state: state, backend: backend), backend, url)
    }

    static func keys(_ names: String...) -> [InputEvent] { names.map { .key(Key(named: $0)!) } }

    /// Sends events and runs the app until they are used up; false when it quit.
    static func run(_ app: inout BrowserApp, _ backend: MemoryBackend, _ events: [InputEvent]) -> Bool {
        for event in events { backend.send(event) }
        for _ in events where !app.step() { return false }
        return true
    }

    @Test func ctrlSWritesExactlyTheSessionsBytes() throws {
        var (app, backend, url) = try Self.open()
        let original = try Data(contentsOf: url)
        // name → toggle nothing; edit the library name.
        #expect(Self.run(&app, backend, Self.keys("j", "i", "C-u") + "Saved".map { .key(.character($0)) } + Self.keys("Enter", "C-s")))
        #expect(!app.state.isDirty)
        #expect(app.state.message?.text.hasPrefix("Saved AssetLibrary.plist") == true)
        let saved = try Data(contentsOf: url)
        #expect(Array(saved) == app.state.session.bytes)
        #expect(
            String(decoding: saved, as: UTF8.self)
                == String(decoding: original, as: UTF8.self).replacingOccurrences(of: "<string>Sample Library</string>", with: "<string>Saved</string>"))
        // Nothing left in the folder but the file and its schema: no temporary files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted() == ["AssetLibrary.plist", "AssetLibrary.schema"])
    }

    @Test func aFileChangedOnDiskIsOverwrittenOnlyWhenAsked() throws {
        var (app, backend, url) = try Self.open()
        // Someone else writes the file after it was opened.
        let theirs = Data("<plist><string>theirs</string></plist>".utf8)
        try theirs.write(to: url)
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter", "C-s")))
        guard case .confirm(let question)? = app.state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("changed on disk"))
        #expect(try Data(contentsOf: url) == theirs)
        // Cancel keeps both: their file, our edits.
        #expect(Self.run(&app, backend, Self.keys("n")))
        #expect(app.state.isDirty)
        #expect(try Data(contentsOf: url) == theirs)
        // Overwrite when asked.
        #expect(Self.run(&app, backend, Self.keys("C-s", "o")))
        #expect(!app.state.isDirty)
        #expect(try Array(Data(contentsOf: url)) == app.state.session.bytes)
    }

    @Test func reloadDropsTheEditsAndReadsTheFileAgain() throws {
        var (app, backend, url) = try Self.open()
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter")))
        #expect(app.state.isDirty)
        var changed = try String(contentsOf: url, encoding: .utf8)
        changed = changed.replacingOccurrences(of: "Sample Library", with: "Edited Elsewhere")
        try changed.write(to: url, atomically: false, encoding: .utf8)
        #expect(Self.run(&app, backend, Self.keys(":") + "e!".map { .key(.character($0)) } + Self.keys("Enter")))
        #expect(!app.state.isDirty)
        #expect(app.state.document.tree.value(at: app.state.selectedNode) == .string("Edited Elsewhere"))
        #expect(app.state.selectedPath == "name")
    }

    @Test func aFailedSaveKeepsTheEditsAndDoesNotQuit() throws {
        var (app, backend, url) = try Self.open()
        // The folder goes away (permissions would not stop root): no save can succeed.
        try FileManager.default.removeItem(at: url.deletingLastPathComponent())
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter", ":", "w", "q", "Enter")), ":wq did not quit")
        guard case .confirm(let question)? = app.state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("changed on disk"))
        // Overwriting fails too: the edits stay, and the message says why.
        #expect(Self.run(&app, backend, Self.keys("o")))
        #expect(app.state.isDirty)
        #expect(app.state.message?.text.hasPrefix("Not saved") == true, "\(app.state.message?.text ?? "")")
        #expect(app.state.document.tree.value(at: app.state.selectedNode) == .string("Sample Library!"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test(.slow, .tags(.python)) func saveAsConvertsAndTheDocumentFollows() throws {
        var (app, backend, url) = try Self.open()
        let copy = url.deletingLastPathComponent().appendingPathComponent("copy.json")
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter", ":") + "w \(copy.path)".map { .key(.character($0)) } + Self.keys("Enter")))
        #expect(app.state.document.tree.format == .json)
        #expect(!app.state.isDirty)
        #expect(app.state.screen.lines.last!.contains("copy.json  JSON"))
        // Python reads the JSON as the edited document (dates written as ISO strings).
        let python = try PlistOracle.read(copy)
        #expect(python.contains("str " + "Sample Library!".utf8.map { String(format: "%02x", $0) }.joined()))
        // The original file was not touched.
        #expect(try Data(contentsOf: url) == Data(BrowserFixture.sample.tree.bytes))
    }

    static func typed(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// `:w FILE` onto an existing file asks before replacing it (`:w!` does not), a word where
    /// a format goes must be a format, and the document stays on its own file until a save as
    /// succeeds.
    @Test func writingOverAnotherFileAsks() throws {
        var (app, backend, url) = try Self.open()
        let other = url.deletingLastPathComponent().appendingPathComponent("important.plist")
        let theirs = Data("<plist><string>important</string></plist>".utf8)
        try theirs.write(to: other)
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter", ":") + Self.typed("w \(other.path)") + Self.keys("Enter")))
        guard case .confirm(let question)? = app.state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("important.plist already exists"))
        #expect(Self.run(&app, backend, Self.keys("n")))
        #expect(try Data(contentsOf: other) == theirs)
        #expect(app.state.document.fileName != other.path, "the document stays on its own file")
        #expect(app.state.isDirty)
        // A format that is not one is refused; nothing named "out.json yaml" appears.
        #expect(Self.run(&app, backend, Self.keys(":") + Self.typed("w out.json yaml") + Self.keys("Enter")))
        #expect(app.state.message?.text == "Not saved: “yaml” is not a format (xml|binary|json|jsonc|openstep)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted() == ["AssetLibrary.plist", "AssetLibrary.schema", "important.plist"])
        // `:w!` replaces it without asking; then `o` after asking would have done the same.
        #expect(Self.run(&app, backend, Self.keys(":") + Self.typed("w! \(other.path)") + Self.keys("Enter")))
        #expect(try Array(Data(contentsOf: other)) == app.state.session.bytes)
        #expect(app.state.document.fileName == other.path)
    }

    /// A read-only file says `[RO]`; saving it asks, and `w` writes it anyway (keeping its
    /// permissions); a folder that takes no new files fails in one sentence.
    @Test func readOnlyFilesAskAndUnwritableFoldersSayWhy() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("Locked.plist")
        try FileManager.default.copyItem(at: AssetLibraryFixture.sample, to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        let (file, tree) = try OpenDocument.read(url)
        #expect(file.isReadOnly)
        let backend = MemoryBackend(width: 120, height: 30)
        var app = BrowserApp(
            state: BrowserFixture.state(width: 120, height: 30, document: BrowserDocument(tree: tree, checker: .inference, fileName: "Locked.plist", schemaName: nil), file: file),
            backend: backend)
        #expect(Self.run(&app, backend, Self.keys("j", "i", "End", "!", "Enter")))
        #expect(app.state.screen.lines.last!.contains("Locked.plist [RO] [+]"))
        #expect(Self.run(&app, backend, Self.keys("C-s")))
        guard case .confirm(let question)? = app.state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("Locked.plist is read-only"))
        #expect(Self.run(&app, backend, Self.keys("w")))
        #expect(!app.state.isDirty)
        #expect(try Array(Data(contentsOf: url)) == app.state.session.bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o444, "the file is still read-only")

        // A folder nobody may add files to (a regular file stands where the folder would be,
        // since permissions do not stop the superuser).
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        #expect(Self.run(&app, backend, Self.keys("i", "End", "?", "Enter", ":") + Self.typed("w \(blocker.path)/copy.plist") + Self.keys("Enter")))
        let text = app.state.message?.text ?? ""
        #expect(text.hasPrefix("Not saved: cannot save \(blocker.path)/copy.plist: "), "\(text)")
        #expect(!text.contains("\n"))
    }
}
