import Foundation
import State
import StateTestSupport
import Testing

/// The real `state` binary as an editor in tmux: find a ColorAsset, lower its red channel in
/// the color picker, save, quit — then Python's plistlib checks that exactly that value
/// changed, and for text formats that every other byte of the file is the same.
@Suite(.serialized, .slow, .tags(.tmux)) struct EditorEndToEndTests {
    static var state: String { Fixtures.stateExecutable.path }
    static let environment = BrowserEndToEndTests.environment

    /// A copy of the sample library in `format`, with its schema beside it.
    static func sampleCopy(_ format: String) throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let example = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary")
        try FileManager.default.copyItem(at: example.appendingPathComponent("AssetLibrary.schema"), to: folder.appendingPathComponent("AssetLibrary.schema"))
        let file = folder.appendingPathComponent("Library.\(format == "json" ? "json" : "plist")")
        let convert = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", example.appendingPathComponent("AssetLibrary.plist").path, "--to", format, "-o", file.path])
        #expect(convert.status == 0, "\(convert.stderr)")
        return file
    }

    @Test(arguments: ["xml", "json", "binary"])
    func pickerChangesOneChannelAndSaveChangesOnlyItsBytes(format: String) throws {
        let file = try Self.sampleCopy(format)
        let before = try Data(contentsOf: file)
        let pythonBefore = try PlistOracle.read(file)

        let tmux = try TmuxSession(width: 110, height: 32)
        try tmux.run("\(Self.environment) \(Self.state) \(file.path) 2>\(file.deletingLastPathComponent().path)/err.log; echo EXIT=$?", until: "BROWSE")
        try tmux.search("Accent")
        try tmux.waitFor(text: " domains.Game.groups.Palette.assets.0.name")
        try tmux.send("j", "j", until: " domains.Game.groups.Palette.assets.0.color")
        try tmux.send("i", until: "Color domains.Game.groups.Palette.assets.0.color")
        var screen = try tmux.waitFor(text: "▸ Red")
        #expect(screen.contains { $0.contains("▸ Red") && $0.contains("255") })
        // Coarse step down (16/255), then one fine step back up: 240.
        try tmux.send("H", until: "239")
        screen = try tmux.send("l", until: "#F08000")
        try tmux.send("Enter", until: "[+]")
        try tmux.send("C-s", until: "Saved ")
        #expect(try !tmux.screen().contains { $0.contains("[+]") })
        try tmux.send("q", until: "EXIT=0")
        #expect(try tmux.terminalRestored())

        // Python: one line of the canonical dump differs — the red channel, now 240/255.
        let pythonAfter = try PlistOracle.read(file)
        let old = pythonBefore.split(separator: "\n", omittingEmptySubsequences: false)
        let new = pythonAfter.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(old.count == new.count)
        let changed = zip(old, new).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.count == 1)
        if let (index, (was, now)) = changed.first {
            #expect(old[index - 1] == "key 726564", "the changed value is a red channel")
            #expect(was == "real \((1.0).bitPattern)")
            #expect(now == "real \((240.0 / 255).bitPattern)")
        }

        // Text formats: every byte outside the number is the same.
        guard format != "binary" else { return }
        let after = try Data(contentsOf: file)
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let suffix = zip(before.reversed(), after.reversed()).prefix { $0 == $1 }.count
        let oldMiddle = String(decoding: before[prefix..<(before.count - suffix)], as: UTF8.self)
        let newMiddle = String(decoding: after[prefix..<(after.count - suffix)], as: UTF8.self)
        #expect(Double(oldMiddle) == 1, "only the old number was replaced: \(oldMiddle)")
        #expect(Double(newMiddle) == 240.0 / 255, "only the new number was written: \(newMiddle)")
    }

    @Test func quitGuardDiffAndUndoInTheRealTerminal() throws {
        let file = try Self.sampleCopy("xml")
        let before = try Data(contentsOf: file)
        let tmux = try TmuxSession(width: 110, height: 32)
        try tmux.run("\(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        // Rename the library, look at the diff, then try to quit.
        try tmux.send("j", "i", "C-u")
        try tmux.enter("Renamed Library", until: "\"Renamed Library\"")
        try tmux.send("=", until: "Library.plist: -1 +1")
        let diff = try tmux.waitFor(text: "<string>Renamed Library</string>")
        #expect(diff.contains { $0.contains("-\t<string>Sample Library</string>") || $0.contains("-    <string>Sample Library</string>") })
        #expect(diff.contains { $0.contains("+") && $0.contains("<string>Renamed Library</string>") })
        try tmux.send("Escape")
        try tmux.send("q", until: "Unsaved changes to")
        try tmux.send("n", until: "BROWSE")
        // Undo makes the document clean again: quitting no longer asks.
        try tmux.send("u", until: "Undid set name")
        try tmux.send("q", until: "EXIT=0")
        #expect(try Data(contentsOf: file) == before)
    }

    /// `cat Info.plist | state`: the piped document is browsed and edited with keys from the
    /// terminal; Ctrl-S says it has no file, `:w FILE` saves it there.
    @Test func aPipedDocumentIsBrowsedAndSavedWithW() throws {
        let folder = try Fixtures.temporaryFolder()
        let saved = folder.appendingPathComponent("saved.plist")
        let tmux = try TmuxSession(width: 110, height: 32)
        try tmux.run("cat \(Fixtures.realShaped("Info.plist").path) | \(Self.environment) \(Self.state); echo EXIT=$?", until: "BROWSE  <stdin>")
        try tmux.send("j", "j", until: " CFBundleDisplayName")
        try tmux.replaceValue(with: "From a pipe")
        try tmux.waitFor(text: "\"From a pipe\"")
        try tmux.send("C-s", until: "Not saved: this document has no file")
        try tmux.send(":")
        try tmux.enter("w \(saved.path)", until: "BROWSE  saved.plist")
        try tmux.send("q", until: "EXIT=0")
        let original = try String(decoding: FileBytes.read(Fixtures.realShaped("Info.plist")), as: UTF8.self)
        #expect(try String(decoding: FileBytes.read(saved), as: UTF8.self) == original.replacingOccurrences(of: "Tide Notes<", with: "From a pipe<"))
    }

    /// The crash a new user hit on an ordinary Info.plist (`i` on a guessed type tag opened an
    /// empty conformer list, and Enter killed `state` with every unsaved edit): the role is
    /// no longer taken for a tag, and a guess never steers an edit — `i` edits the string, `t`
    /// offers the plain kinds — and the edit made before them is saved.
    @Test func emptyPickListsOnAnInfoPlistNeitherCrashNorLoseEdits() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let file = folder.appendingPathComponent("Info.plist")
        try FileManager.default.copyItem(at: Fixtures.realShaped("Info.plist"), to: file)
        let pythonBefore = try PlistOracle.read(file)
        let tmux = try TmuxSession(width: 110, height: 32)
        try tmux.run("\(Self.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "BROWSE")
        // An unsaved edit first: the display name.
        try tmux.send("j", "j", until: " CFBundleDisplayName")
        try tmux.replaceValue(with: "Tide Notes Pro")
        try tmux.waitFor(text: "\"Tide Notes Pro\"")
        // The original steps: expand all, go to a CFBundleTypeRole, edit it, and press what
        // would pick from a list.
        try tmux.send("e", "/")
        try tmux.type("CFBundleTypeRole")
        try tmux.send("Enter", "n", until: " CFBundleURLTypes.0.CFBundleTypeRole")
        var screen = try tmux.waitFor(text: "CFBundleTypeRole  \"Editor\"")
        #expect(!screen.contains { $0.contains("type tag") }, "an Info.plist string is not a type tag")
        try tmux.send("i", until: "CFBundleTypeRole (String)")
        screen = try tmux.send("Enter", "l", "Right", "z", "t", until: "Change the type of CFBundleURLTypes.0.CFBundleTypeRole")
        #expect(screen.contains { $0.contains("Boolean") })
        // The current kind is marked and selected.
        #expect(screen.contains { $0.contains("▸ String") && $0.contains("(now) \"Editor\"") })
        try tmux.send("Escape", "Enter", "Escape")
        try tmux.send("C-s", until: " Saved ")
        try tmux.send("q", until: "EXIT=0")
        #expect(try tmux.terminalRestored())
        // Python: the display name changed, and nothing else.
        let old = pythonBefore.split(separator: "\n", omittingEmptySubsequences: false)
        let new = try PlistOracle.read(file).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(old.count == new.count)
        let changed = zip(old, new).filter { $0.0 != $0.1 }
        #expect(changed.count == 1)
        #expect(changed.first.map { String($0.1) } == "str " + "Tide Notes Pro".utf8.map { String(format: "%02x", $0) }.joined())
    }
}
