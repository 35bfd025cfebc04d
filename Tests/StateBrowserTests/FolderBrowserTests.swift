import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// A folder in the browser, through `update` and the runtime's own file effects on real files:
/// picking across its files, one edit on many, and a save that writes only the changed files —
/// each with its own changed-on-disk check.
@Suite struct FolderBrowserTests {
    static func open() throws -> (state: BrowserState, folder: URL) {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.realShaped("Assets.xcassets"), to: folder)
        let (opened, tree) = try FolderDocument.open(folder)
        let document = try BrowserDocument.open(tree, from: nil, displayName: "Assets.xcassets/", discoversSchema: false)
        let state = BrowserState(document: document, width: 120, height: 30, theme: try BuiltInThemes.dark.theme(), folder: opened)
        return (state, folder)
    }

    /// Performs file effects as the runtime does.
    static func perform(_ effects: [Effect], on state: inout BrowserState) {
        for effect in effects {
            switch effect {
            case .save, .saveFolder, .reload, .open: perform(state.update(BrowserApp.outcome(of: effect)), on: &state)
            default: break
            }
        }
    }

    @Test func tenKeysPickEveryDarkColorOfTheCatalogAndOneSaveWritesTheirFiles() throws {
        var (state, folder) = try Self.open()
        #expect(state.message?.text == "31 files; Ctrl-S writes the ones changed")
        let before = try Self.files(folder)
        // `/dark⏎` finds the first dark appearance; p p J goes to its color; % picks every
        // color for the same appearances.
        state.press("/")
        state.enter("dark")
        state.press("p", "p", "J", "%")
        #expect(state.selectedPath.hasSuffix("Link\\.colorset.Contents\\.json.colors.1.color"))
        #expect(state.picked.count == 24)
        #expect(state.message?.text == "Picked every Color for luminosity dark: 24 (24 new) — 24 picked")
        state.enter(":lighten 10%")
        state.press("y")
        #expect(state.isDirty)
        // = lists each file's changes.
        state.press("=")
        guard case .changes(let changes)? = state.modal else {
            Issue.record("no diff")
            return
        }
        #expect(changes.diff.lines.filter { $0.kind == .hunk && $0.text.hasPrefix("===") }.count == 24)
        state.press("Escape")
        let effects = state.press("C-s")
        #expect(effects.map(\.brief) == ["save 24 files"])
        Self.perform(effects, on: &state)
        #expect(state.message?.text == "Saved 24 files")
        #expect(!state.isDirty)
        let after = try Self.files(folder)
        #expect(after.filter { before[$0.key] != $0.value }.count == 24)
        // Undone and saved again: the files are as they were.
        state.press("u")
        Self.perform(state.press("C-s"), on: &state)
        #expect(try Self.files(folder) == before)
    }

    @Test func aFileChangedOnDiskIsAskedAboutAndTheOthersAreSaved() throws {
        var (state, folder) = try Self.open()
        state.enter(":select **.info.author")
        state.enter(":=state")
        state.press("y")
        let changedElsewhere = folder.appendingPathComponent("Images/Logo.imageset/Contents.json")
        let theirs = Array(#"{"info": {"author": "someone else", "version": 1}}"#.utf8)
        try AtomicFile.write(theirs, to: changedElsewhere)
        Self.perform(state.press("C-s"), on: &state)
        guard case .confirm(let question)? = state.modal else {
            Issue.record("not asked: \(state.message?.text ?? "")")
            return
        }
        #expect(question.question == "Saved 30 files; 1 changed on disk since opened (Images/Logo.imageset/Contents.json).")
        #expect(try FileBytes.read(changedElsewhere) == theirs)
        #expect(state.isDirty)
        // n keeps their bytes; the edit stays pending.
        state.press("n")
        #expect(try FileBytes.read(changedElsewhere) == theirs)
        // o overwrites.
        Self.perform(state.press("C-s"), on: &state)
        let overwrite = state.press("o")
        #expect(overwrite.map(\.brief) == ["save 1 file!"])
        Self.perform(overwrite, on: &state)
        #expect(!state.isDirty)
        #expect(String(decoding: try FileBytes.read(changedElsewhere), as: UTF8.self).contains("\"author\" : \"state\""))
    }

    @Test func theFoldersStructureIsNotSavedAndSaysWhy() throws {
        var (state, _) = try Self.open()
        state.go(to: "Images.Logo\\.imageset")
        state.press("x")
        if case .confirm? = state.modal { state.press("y") }
        let effects = state.press("C-s")
        #expect(effects.isEmpty)
        #expect(state.message?.text.hasPrefix("Not saved: Images/Logo.imageset/Contents.json is no longer in the document") == true, "\(state.message?.text ?? "")")
        #expect(state.press(":").isEmpty)
        state.enter("w other.json")
        #expect(state.message?.text == "Not saved: a folder is saved file by file (:w); open a file alone to save it as another")
    }

    /// A color set's row shows its colors side by side with what each is for; an image set's,
    /// its scales.
    @Test func setsReadLikeXcodesAssetList() throws {
        var (state, _) = try Self.open()
        state.press("3")
        let screen = state.screen
        let y = try #require(screen.lines.firstIndex { $0.contains("Primary.colorset") })
        let line = screen.lines[y]
        #expect(line.contains("any") && line.contains("dark") && line.contains("hc"), "\(line)")
        // Each color's swatch: the set's own colors, in order.
        let primary = try #require(state.document.tree.index(at: PlistPath([.key("Colors"), .key("Brand"), .key("Primary.colorset")])))
        let colors = try #require(AssetSummary.colorSet(primary, in: state.document))
        #expect(colors.map(\.label) == ["any", "dark", "hc", "dark hc", "mac"])
        let swatches = (0..<screen.width).compactMap { x -> Color? in
            let background = screen[x, y].style.background
            return colors.contains { $0.color.map { c in Color.rgb(c.channels8.red, c.channels8.green, c.channels8.blue) } == background } ? background : nil
        }
        #expect(Set(swatches).count >= 3, "at least the first three swatches fit the row")
        let hero = try #require(state.document.tree.index(at: PlistPath([.key("Images"), .key("Hero.imageset")])))
        #expect(AssetSummary.imageSet(hero, in: state.document) == "1x 2x 3x · dark 1x 2x 3x  (6 files)")
        let icon = try #require(state.document.tree.index(at: PlistPath([.key("AppIcon.appiconset")])))
        #expect(AssetSummary.imageSet(icon, in: state.document)?.hasPrefix("iphone 20x20@2x 20x20@3x") == true)
        let gray = try #require(state.document.tree.index(at: PlistPath([.key("Colors"), .key("Chrome"), .key("Ink.colorset")])))
        #expect(AssetSummary.colorSet(gray, in: state.document) == [AssetSummary.Entry(color: nil, label: "any")])
    }

    /// Spelling, replacing and setting keys across the catalog, each one step.
    @Test func spellReplaceAndKeyOnTheCatalog() throws {
        var (state, _) = try Self.open()
        let primary = PlistPath([.key("Colors"), .key("Brand"), .key("Primary.colorset"), .key("Contents.json")])
        let red = primary.appending(.key("colors")).appending(.index(0)).appending(.key("color")).appending(.key("components")).appending(.key("red"))
        let before = try #require(state.document.tree.index(at: red).map { state.document.tree.scalarText(at: $0) })
        #expect(before == "0.324")
        state.enter(":select Colors.Brand.Primary\\.colorset.Contents\\.json.colors.*.color")
        state.enter(":spell hex")
        state.press("y")
        #expect(state.document.tree.index(at: red).map { state.document.tree.scalarText(at: $0) } == "0x53")
        // The same color, another spelling: the picker's value is unchanged at 8 bits.
        let color = try #require(state.document.tree.index(at: red.dropLast().dropLast()).flatMap { ColorSpelling.color(at: $0, in: state.document.tree) })
        #expect(color.hex == "#5327A6")
        // :replace with nothing picked: every color of the document that is this one.
        state.enter(":select!")
        state.enter(":replace #5327A6 #000000")
        guard case .changes(let preview)? = state.modal else {
            Issue.record("no preview: \(state.message?.text ?? "")")
            return
        }
        #expect(preview.edit?.label.hasPrefix("replace #5327A6 by #000000 on 1 value") == true, "\(preview.edit?.label ?? "")")
        state.press("y")
        #expect(state.document.tree.index(at: red).map { state.document.tree.scalarText(at: $0) } == "0x00")
        // :key sets where present, adds where missing.
        state.enter(":select **.info")
        state.enter(":key author state")
        state.press("y")
        #expect(state.message?.text == "Set author to state on 31 values")
        state.enter(":key comment checked")
        state.press("y")
        let info = try #require(state.document.tree.index(at: primary.appending(.key("info"))))
        #expect(state.document.tree.value(at: info) == ["author": "state", "version": 1, "comment": "checked"])
        for _ in 0..<4 { state.press("u") }
        #expect(!state.isDirty)
    }

    static func files(_ folder: URL) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for entry in try FolderFiles.list(folder) { result[entry.relativePath] = try FileBytes.read(entry.url) }
        return result
    }
}
