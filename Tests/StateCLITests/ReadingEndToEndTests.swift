import Foundation
import State
import StateTestSupport
import Testing

/// Long values, the mouse, bracketed paste and copy/paste between files in the real binary,
/// in tmux; saved files are read back by Python.
@Suite(.serialized, .slow, .tags(.tmux)) struct ReadingEndToEndTests {
    static var state: String { Fixtures.stateExecutable.path }
    static let environment = BrowserEndToEndTests.environment

    static let readme =
        "# Clipboard Tools\n\nKeeps a history of the clipboard.\n\tTabbed line.\n" + String(repeating: "A long paragraph that wraps in the detail pane. ", count: 12)

    /// An Alfred-workflow-shaped info.plist with a long readme.
    static func workflow(in folder: URL) throws -> URL {
        let value: PlistValue = [
            "bundleid": "com.example.clipboard", "name": "Clipboard Tools",
            "objects": [["uid": "A1", "type": "keyword", "config": ["keyword": "clip"]], ["uid": "B2", "type": "script"]],
            "readme": .string(readme), "version": "1.2",
        ]
        let url = folder.appendingPathComponent("info.plist")
        try AtomicFile.write(try value.serialized(as: .xml), to: url)
        return url
    }

    /// The browser in tmux on a new workflow file (`options` before its name), showing it.
    static func browseWorkflow(_ options: String = "", in folder: URL) throws -> (tmux: TmuxSession, file: URL) {
        let file = try workflow(in: folder)
        let tmux = try TmuxSession(width: 110, height: 24)
        try tmux.run("\(environment) \(state) \(options.isEmpty ? "" : options + " ")\(file.path); echo EXIT=$?", until: "BROWSE")
        return (tmux, file)
    }

    @Test func theDetailPaneWrapsAndScrollsByKeysAndWheelAndClicksSelectAndToggle() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let (tmux, _) = try Self.browseWorkflow("", in: folder)
        // The readme, wrapped in the detail pane with its line breaks and tab shown.
        var screen = try tmux.send("G", "k", until: "# Clipboard Tools↵")
        #expect(screen.contains { $0.contains("⇥Tabbed line.↵") })
        #expect(screen.contains { $0.contains("↓ more }") })
        // } scrolls it; so does the wheel over it (the tree's selection stays).
        try tmux.send("}")
        screen = try tmux.waitFor("the pane to scroll") { !$0.contains { $0.contains("# Clipboard Tools↵") } }
        try tmux.send("{", until: "# Clipboard Tools↵")
        try tmux.waitFor(text: "Path      readme")
        try tmux.mouse(.wheelDown, x: 90, y: 10)
        screen = try tmux.waitFor("the wheel to scroll the pane") { !$0.contains { $0.contains("Path      readme") } }
        #expect(screen.contains { $0.contains("5/6  ?:help") }, "the selection did not move")
        // A click on the objects row's ▸ expands it; a click on a row selects it.
        try tmux.mouse(.click, x: 3, y: 3)
        screen = try tmux.waitFor(text: "▾ objects")
        #expect(screen.contains { $0.contains("▸ 0") })
        try tmux.mouse(.click, x: 20, y: 1)
        try tmux.waitFor(text: "2/8")
        // v shows the readme in full, wrapped to the window.
        screen = try tmux.send("G", "k", "v", until: "readme (String,")
        #expect(screen.contains { $0.contains("A long paragraph that wraps in the detail pane. A long") })
        try tmux.send("q", until: "BROWSE")
        try tmux.send("q", until: "EXIT=0")
    }

    @Test func aBracketedPasteGoesIntoTheTextEditorWholeAndIsSaved() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let (tmux, file) = try Self.browseWorkflow(in: folder)
        let before = try FileBytes.read(file)
        try tmux.send("G", "k", "i", until: "Ctrl-S accepts")
        try tmux.send("M-<")
        // Pasted lines arrive as one piece: the Enter between them is no key, nothing is run.
        try tmux.paste("Pasted line one\nPasted\tline two\nq\n")
        var screen = try tmux.waitFor(text: "Pasted⇥line two")
        #expect(screen.contains { $0.contains("line 4/") }, "the cursor after the paste")
        try tmux.send("C-s", until: "Set readme")
        screen = try tmux.send("C-s", until: "Saved")
        try tmux.send("q", until: "EXIT=0")
        let expected: PlistValue = [
            "bundleid": "com.example.clipboard", "name": "Clipboard Tools",
            "objects": [["uid": "A1", "type": "keyword", "config": ["keyword": "clip"]], ["uid": "B2", "type": "script"]],
            "readme": .string("Pasted line one\nPasted\tline two\nq\n" + Self.readme), "version": "1.2",
        ]
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(expected))
        // Only the readme's bytes changed.
        let after = try FileBytes.read(file)
        let start = before.firstRange(of: Array("<key>readme</key>".utf8))!.upperBound
        #expect(after.prefix(start) == before.prefix(start))
        let tail = before.count - before.firstRange(of: Array("<key>version</key>".utf8))!.lowerBound
        #expect(after.suffix(tail) == before.suffix(tail))
    }

    @Test func aSubtreeCopiedInOneFileIsPastedIntoTheNextOpenedWithE() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let source = try Self.workflow(in: folder)
        let target = folder.appendingPathComponent("other.json")
        let targetText = "{\n  \"name\": \"Other\",\n  \"objects\": [\n    {\"uid\": \"Z9\", \"type\": \"output\"}\n  ],\n  \"version\": 2\n}\n"
        try AtomicFile.write(Array(targetText.utf8), to: target)
        let sourceBefore = try FileBytes.read(source)
        let tmux = try TmuxSession(width: 110, height: 24)
        try tmux.run("\(Self.environment) \(Self.state) \(source.path); echo EXIT=$?", until: "BROWSE")
        try tmux.enter(":objects.0", until: "At objects.0")
        try tmux.send("y", "v", until: "P pastes it")
        try tmux.enter(":e other.json", until: "Opened other.json")
        try tmux.enter(":objects.0", until: "At objects.0")
        try tmux.send("P", until: "Pasted a dictionary (3 entries)")
        try tmux.send("C-s", until: "Saved")
        try tmux.send("q", until: "EXIT=0")
        // The source is untouched; the target has the item after its first, in its own style,
        // and every byte outside the pasted line is as it was.
        #expect(try FileBytes.read(source) == sourceBefore)
        let pasted = "    {\"uid\": \"A1\", \"type\": \"keyword\", \"config\": {\"keyword\": \"clip\"}},\n"
        let after = String(decoding: try FileBytes.read(target), as: UTF8.self)
        let insertAt = targetText.range(of: "    {\"uid\": \"Z9\", \"type\": \"output\"}")!.upperBound
        var expected = targetText
        expected.insert(contentsOf: ",\n" + pasted.dropLast(2), at: insertAt)
        #expect(after == expected)
        let value: PlistValue = [
            "name": "Other", "objects": [["uid": "Z9", "type": "output"], ["uid": "A1", "type": "keyword", "config": ["keyword": "clip"]]], "version": 2,
        ]
        #expect(try PlistOracle.read(target) == PlistOracle.canonical(value))
    }

    @Test func withNoMouseReportsAreDroppedWholeAndTheTerminalKeepsItsSelection() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let (tmux, file) = try Self.browseWorkflow("--no-mouse", in: folder)
        // The program did not ask for reports, so tmux keeps the mouse for itself.
        #expect(try tmux.tmux(["display-message", "-p", "-t", "main", "#{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        // Reports sent anyway (a program before left the mouse on) change nothing: no digit
        // of them expands to a depth, no `m` is a key.
        try tmux.mouse(.click, x: 3, y: 3)
        try tmux.mouse(.wheelDown, x: 3, y: 3)
        let screen = try tmux.send("j", until: "2/6")
        #expect(screen.contains { $0.contains("▸ objects") })
        #expect(!screen.contains { $0.contains("does nothing") })
        try tmux.send("q", until: "EXIT=0")
        // Without --no-mouse the program asks for them.
        try tmux.run("\(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        #expect(try tmux.tmux(["display-message", "-p", "-t", "main", "#{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        try tmux.send("q", until: "EXIT=0")
    }
}
