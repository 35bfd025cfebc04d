import Foundation
import State
import StateDocument
import StateSchema
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// The editor through `update` alone: each editor, the structure edits, undo/redo, the quit
/// guard and the command line, on the real sample file and its schema. Every edit is checked
/// in the session's bytes — only the edited value's bytes change.
@Suite struct EditingTests {
    /// A binary plist's null objects are said when the file opens, not first when a
    /// conversion to XML fails.
    @Test func nullObjectsAreSaidWhenABinaryFileOpens() throws {
        let bytes = try BinaryPlistWriter.document(["list": [1, .null, .null], "name": "x"], keepingNull: true)
        let document = try BrowserDocument.open(try SourceTree(parsing: bytes), from: nil, displayName: "nulls.plist")
        let state = BrowserFixture.state(document: document, file: nil)
        #expect(state.message?.text == "2 null objects (first at list.1): kept when saved, but XML cannot hold them")
        #expect(BrowserFixture.state().message == nil, "files without nulls open without a note")
    }

    static let fixedNow = Date(timeIntervalSinceReferenceDate: 815_000_000)

    static func state(width: Int = 100, height: Int = 30) -> BrowserState {
        var state = BrowserFixture.state(width: width, height: height)
        state.now = { fixedNow }
        return state
    }

    /// The bytes that differ between two versions: (old middle, new middle).
    static func changedBytes(_ old: [UInt8], _ new: [UInt8]) -> (String, String) {
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
        let cut = min(suffix, min(old.count, new.count) - prefix)
        return (String(decoding: old[prefix..<(old.count - cut)], as: UTF8.self), String(decoding: new[prefix..<(new.count - cut)], as: UTF8.self))
    }

    /// The sample file's text with the first `target` after `anchor` replaced.
    static func replacing(_ target: String, after anchor: String, with replacement: String) -> String {
        let text = String(decoding: BrowserFixture.sample.tree.bytes, as: UTF8.self)
        let start = text.range(of: anchor)!.upperBound
        return text.replacingCharacters(in: text.range(of: target, range: start..<text.endIndex)!, with: replacement)
    }

    // MARK: - Value editors

    @Test func aStringIsEditedInPlaceAndOnlyItsBytesChange() throws {
        var state = Self.state()
        let original = state.session.bytes
        state.go(to: "name")
        state.press("i")
        guard case .edit(let editor)? = state.modal else { Issue.record("no editor"); return }
        #expect(editor.field.text == "Sample Library")
        state.press("C-u")
        state.enter("Ünïcode Library 🎨")
        #expect(state.modal == nil)
        #expect(state.isDirty)
        #expect(state.document.tree.value(at: state.selectedNode) == .string("Ünïcode Library 🎨"))
        let (old, new) = Self.changedBytes(original, state.session.bytes)
        #expect(old == "Sample Library" && new == "Ünïcode Library 🎨")
        #expect(state.screen.lines.last!.contains("[+]"))
    }

    @Test func numbersAreCheckedAgainstTheFieldsWidth() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Sounds.assets.0.channels")
        state.press("i")
        state.press("C-u")
        state.enter("300")
        // Refused: the editor stays open with the reason, and nothing changed.
        guard case .edit(let editor)? = state.modal else { Issue.record("the editor closed"); return }
        #expect(editor.error?.contains("Int8") == true, "\(editor.error ?? "")")
        #expect(state.message?.isError == true)
        #expect(!state.isDirty)
        state.press("C-u")
        state.enter("two")
        #expect(state.message?.text.contains("not a whole number") == true)
        state.press("C-u")
        state.enter("6")
        #expect(state.modal == nil)
        #expect(state.document.tree.scalar(at: state.selectedNode) == .integer(6))
    }

    @Test func anInt16FieldRefuses40000() throws {
        let folder = try Fixtures.temporaryFolder()
        try "struct Tile {\n  height: Int16\n  weight: Double\n}\nroot Tile\n".write(to: folder.appendingPathComponent("Tile.schema"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("tile.json")
        try #"{"height": 12, "weight": 1.5}"#.write(to: file, atomically: true, encoding: .utf8)
        var state = BrowserFixture.state(document: try BrowserDocument.open(file))
        state.go(to: "height")
        state.press("i", "C-u")
        state.enter("40000")
        guard case .edit(let editor)? = state.modal else { Issue.record("the editor closed"); return }
        #expect(editor.error?.contains("Int16") == true, "\(editor.error ?? "")")
        #expect(state.session.bytes == Array(#"{"height": 12, "weight": 1.5}"#.utf8))
        state.press("C-u")
        state.enter("-32768")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"height": -32768, "weight": 1.5}"#)
        // A real stays a real.
        state.go(to: "weight")
        state.press("i", "C-u")
        state.enter("2.25")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == #"{"height": -32768, "weight": 2.25}"#)
    }

    @Test func boolsToggleDatesURLsAndDataParse() throws {
        var state = Self.state()
        let loops = "domains.Game.groups.Sounds.assets.0.loops"
        state.go(to: loops)
        state.press("i")
        #expect(state.modal == nil)
        #expect(state.document.tree.scalar(at: state.selectedNode) == .bool(true))

        state.go(to: "domains.Game.groups.Sounds.assets.0.created")
        state.press("i", "C-u")
        state.enter("yesterday")
        #expect(state.message?.text.contains("is not a date: write it as 2026-11-21") == true)
        state.press("C-u")
        state.enter("2027-01-02T03:04:05Z")
        #expect(state.modal == nil)
        let expected = try ValueEntry.parse("2027-01-02T03:04:05Z", as: .date)
        #expect(state.document.tree.scalar(at: state.selectedNode) == expected)

        state.go(to: "domains.Game.groups.Sounds.assets.0.url")
        state.press("i", "C-u")
        state.enter("just words")
        #expect(state.modal != nil, "a URL without a scheme is refused")
        state.press("C-u")
        state.enter("https://example.com/jump.caf")
        #expect(state.modal == nil)
        #expect(state.document.tree.scalar(at: state.selectedNode) == .string("https://example.com/jump.caf"))

        state.go(to: "domains.Game.groups.Sprites.assets.0.thumbnail")
        state.press("i", "C-u")
        state.enter("0xdeadbeef")
        #expect(state.document.tree.scalar(at: state.selectedNode) == .data(Data([0xDE, 0xAD, 0xBE, 0xEF])))
        // Four edits, four undo steps, and the file is back byte for byte.
        state.press("u", "u", "u", "u")
        #expect(state.session.bytes == BrowserFixture.sample.tree.bytes)
        #expect(!state.isDirty)
    }

    @Test func enumCasesArePickedFromAList() throws {
        var state = Self.state()
        // A plain enum: { "Rendering": "original" } → the tag changes, nothing else.
        state.go(to: "domains.Game.groups.Sprites.assets.0.rendering")
        state.press("i")
        guard case .choice(let list)? = state.modal else { Issue.record("no list"); return }
        #expect(list.items.map(\.label) == ["original", "template"])
        #expect(list.selection == 0)
        state.press("j", "Enter")
        let (old, new) = Self.changedBytes(BrowserFixture.sample.tree.bytes, state.session.bytes)
        #expect(old == "original" && new == "template")
        #expect(state.document.role(of: state.selectedNode)?.kind == .enumValue("Rendering", caseName: "template"))
        // A raw-value enum: { "value": "caf" } → the raw value changes.
        state.go(to: "domains.Game.groups.Sounds.assets.0.format")
        state.press("i")
        state.enter("w")
        let wav: PlistValue = ["value": "wav"]
        #expect(state.document.tree.value(at: state.selectedNode) == wav)
        #expect(state.message?.text.contains(".wav") == true)
    }

    @Test func keysAreRenamedAndDuplicateKeysRefused() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette.name")
        state.press("r", "C-u")
        state.enter("assets")
        guard case .edit(let editor)? = state.modal else { Issue.record("the editor closed"); return }
        #expect(editor.error?.contains("already has a key") == true)
        state.press("C-u")
        state.enter("title")
        #expect(state.selectedPath == "domains.Game.groups.Palette.title")
        #expect(String(decoding: state.session.bytes, as: UTF8.self) == Self.replacing("<key>name</key>", after: "<key>Palette</key>", with: "<key>title</key>"))
        // The schema now misses a required field: the diagnostics follow the edit at once.
        #expect(state.message?.text.contains("new error") == true)
        #expect(state.document.typed.errors.contains { $0.path.description == "domains.Game.groups.Palette" })
        state.press("u")
        #expect(state.document.typed.errors.isEmpty)
    }

    // MARK: - The color picker

    @Test func theColorPickerStepsTypesAndAppliesChannelByChannel() throws {
        var state = Self.state()
        let color = "domains.Game.groups.Palette.assets.0.color"
        state.go(to: color)
        state.press("i")
        guard case .color(let picker)? = state.modal else { Issue.record("no picker"); return }
        #expect(picker.original.hex == "#FF8000")
        state.press("h")  // red 254
        state.press("j", "L")  // green 128 + 16
        state.press("j", "j", "2", "0", "0", "Enter")  // alpha typed: 200
        guard case .color(let changed)? = state.modal else { Issue.record("the picker closed"); return }
        #expect(changed.color.hex == "#FE9000C8")
        state.press("Enter")
        #expect(state.modal == nil)
        let value = state.document.tree.value(at: try #require(state.document.tree.index(at: PlistPath(parsing: color))))
        let expected: PlistValue = ["red": .real(254.0 / 255), "green": .real(144.0 / 255), "blue": .real(0), "alpha": .real(200.0 / 255)]
        #expect(value == expected)
        // Blue was not touched: its bytes are the file's.
        #expect(String(decoding: state.session.bytes, as: UTF8.self).contains("<key>blue</key>\n\t\t\t\t\t\t\t\t<real>0</real>"))
        // One undo step for the whole color.
        state.press("u")
        #expect(state.session.bytes == BrowserFixture.sample.tree.bytes)
    }

    @Test func theColorPickerTakesHexAndHSVAndEscCancels() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette.assets.0.color")
        state.press("i", "#")
        state.enter("zz")
        guard case .color(let refused)? = state.modal else { Issue.record("the picker closed"); return }
        #expect(refused.error?.contains("not a color") == true)
        state.press("C-u")
        state.enter("336699")
        guard case .color(let hex)? = state.modal else { Issue.record("the picker closed"); return }
        #expect(hex.color.hex == "#336699")
        #expect(hex.amount(.hue).rounded() == 210)
        // Hue typed as 30° keeps saturation and value.
        state.press("j", "j", "j", "j")
        #expect({ if case .color(let p)? = state.modal { p.channel == .hue } else { false } }())
        state.press("3", "0", "Enter")
        guard case .color(let hsv)? = state.modal else { Issue.record("the picker closed"); return }
        #expect(hsv.color.hex == "#996633")
        state.press("Escape")
        #expect(state.modal == nil)
        #expect(!state.isDirty)
        #expect(state.message?.text == "Color not changed")
    }

    @Test func pickedColorsKeepTheFilesNumberStyle() throws {
        // Three decimals everywhere: new values are written with three decimals too.
        let tree = try SourceTree(
            parsing: Array(
                "<plist><dict><key>red</key><real>0.500</real><key>green</key><real>0.250</real><key>blue</key><real>1.000</real><key>alpha</key><integer>1</integer></dict></plist>"
                    .utf8))
        let ops = try ColorEdit.operations(RGBAColor(red8: 128, green8: 64, blue8: 255, alpha8: 255), at: PlistPath(), node: 0, in: tree)
        #expect(ops == [.set("red", .real(0.502)), .set("green", .real(0.251))])
        // A whole alpha in an integer stays an integer.
        let half = try ColorEdit.operations(RGBAColor(red: 0.5, green: 0.25, blue: 1, alpha: 0), at: PlistPath(), node: 0, in: tree)
        #expect(half == [.set("alpha", .integer(0))])
    }

    // MARK: - Structure

    @Test func addingAFieldOffersTheMissingOnesWithDefaultsInSchemaOrder() throws {
        var state = Self.state()
        // Background has no tags.
        state.go(to: "domains.Game.groups.Palette.assets.1")
        state.press("a")
        guard case .choice(let list)? = state.modal else { Issue.record("no list"); return }
        #expect(list.items.map(\.label) == ["tags", "Other key…"])
        state.press("Enter")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.1.tags")
        #expect(state.document.tree.key(of: state.selectedNode - 1 - Int(state.document.tree[state.selectedNode - 1].size)) != nil)
        #expect(state.document.tree.value(at: state.document.parent(of: state.selectedNode)!).dictionaryKeys == ["Asset", "name", "created", "color", "tags"])
        #expect(state.document.typed.errors.isEmpty)
        // A model with every field still shows the list, so the user sees why only an unknown
        // key is offered.
        state.go(to: "domains.Game.groups.Sprites")
        state.press("a")
        guard case .choice(let complete)? = state.modal else { Issue.record("no list for a complete model"); return }
        #expect(complete.title == "Add to AssetGroup (every field is there)")
        #expect(complete.items.map(\.label) == ["Other key…"])
    }

    @Test func anInstanceOfAPickedConformerIsInsertedWithItsTagAndDefaults() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Sounds.assets")
        state.press("a")
        guard case .choice(let list)? = state.modal else { Issue.record("no list"); return }
        #expect(list.items.map(\.label) == ["ColorAsset", "SoundAsset", "ImageAsset"])
        state.press("j", "Enter")
        #expect(state.selectedPath == "domains.Game.groups.Sounds.assets.2")
        let value = state.document.tree.value(at: state.selectedNode)
        #expect(value.dictionaryKeys == ["Asset", "name", "created", "url", "format", "duration", "loops", "channels"])
        #expect(value[.key("Asset")] == .string("SoundAsset"))
        #expect(value[.key("created")] == .date(Self.fixedNow))
        #expect(value[.key("channels")] == .integer(2))
        #expect(state.document.role(of: state.selectedNode)?.kind == .conformer("SoundAsset", protocolName: "Asset"))
        #expect(state.document.typed.errors.isEmpty, "\(state.document.typed.errors)")
        // Written like its siblings: indented with the file's tabs.
        #expect(String(decoding: state.session.bytes, as: UTF8.self).contains("\t\t\t\t\t\t<dict>\n\t\t\t\t\t\t\t<key>Asset</key>\n\t\t\t\t\t\t\t<string>SoundAsset</string>"))
    }

    @Test func changingAConformerKeepsTheFieldsThatStillApply() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette.assets.0")
        state.press("t")
        guard case .choice(let list)? = state.modal else { Issue.record("no list"); return }
        #expect(list.items[list.selection].label == "ColorAsset")
        state.press("G", "Enter")
        let value = state.document.tree.value(at: state.selectedNode)
        #expect(value.dictionaryKeys == ["Asset", "name", "created", "url", "size", "rendering"])
        #expect(value[.key("name")] == .string("Accent"))
        #expect(state.message?.text.contains("dropped color, tags") == true)
        #expect(state.document.role(of: state.selectedNode)?.kind == .conformer("ImageAsset", protocolName: "Asset"))
        state.press("u")
        #expect(state.session.bytes == BrowserFixture.sample.tree.bytes)
    }

    @Test func deletingASubtreeAsksFirst() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette.assets.1")
        state.press("x")
        guard case .confirm(let question)? = state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("Delete domains.Game.groups.Palette.assets.1 and the 8 values in it?"))
        state.press("n")
        #expect(state.modal == nil && !state.isDirty)
        state.press("x", "y")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.1")
        #expect(state.document.tree.value(at: state.selectedNode)[.key("name")] == .string("Glass"))
        // A scalar goes at once; the selection moves to the next sibling.
        state.go(to: "domains.Game.groups.Palette.assets.1.name")
        state.press("x")
        #expect(state.modal == nil)
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.1.created")
        #expect(state.message?.text.contains("new error") == true)
    }

    @Test func itemsAreDuplicatedAndMoved() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette.assets.0.tags.0")
        state.press("D")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0.tags.1")
        state.press("]")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0.tags.2")
        let tags: PlistValue = ["brand", "buttons", "brand"]
        #expect(state.document.tree.value(at: state.document.parent(of: state.selectedNode)!) == tags)
        state.press("]")
        #expect(state.message?.text == "Already the last")
        state.press("[", "[", "[")
        #expect(state.message?.text == "Already the first")
        let moved: PlistValue = ["brand", "brand", "buttons"]
        #expect(state.document.tree.value(at: state.document.parent(of: state.selectedNode)!) == moved)
        // A dictionary member's copy needs a key: suggested, and checked.
        state.go(to: "domains.Game.groups.Palette.assets.0.name")
        state.press("D")
        guard case .edit(let editor)? = state.modal else { Issue.record("no key editor"); return }
        #expect(editor.field.text.isEmpty && editor.placeholder == "name 2", "suggested, not typed: typing replaces it")
        state.press("Enter")
        #expect(state.selectedPath == "domains.Game.groups.Palette.assets.0.name 2")
    }

    @Test func untypedValuesChangeTypeAndAddAnyKind() throws {
        var state = BrowserFixture.state(document: try BrowserDocument.open(Fixtures.state("Data.json")))
        state.now = { Self.fixedNow }
        let root = state.document.tree
        state.go(to: PlistPath(parsing: NodeLinks(root).path(of: root.nodes.indices.first { root[$0].kind == .string }!, in: root).description).description)
        let path = state.selectedPath
        state.press("t")
        guard case .choice(let list)? = state.modal else { Issue.record("no list: \(state.message?.text ?? "")"); return }
        #expect(list.items.map(\.label) == ["String", "Integer", "Real", "Boolean", "Date", "Data", "Dictionary", "Array"])
        state.press("G", "Enter")
        #expect(state.selectedPath == path)
        #expect(state.document.tree.value(at: state.selectedNode) == .array([]))
        state.press("a")
        guard case .choice? = state.modal else { Issue.record("no kind list"); return }
        state.press("j", "Enter")  // Integer, then its editor opens
        guard case .edit? = state.modal else { Issue.record("no editor for the new item"); return }
        state.press("C-u")
        state.enter("42")
        let items: PlistValue = [42]
        #expect(state.document.tree.value(at: state.document.parent(of: state.selectedNode)!) == items)
    }

    // MARK: - Undo, the outline, quitting, commands

    @Test func undoAndRedoWalkTheHistoryExactly() throws {
        var state = Self.state()
        var versions = [state.session.bytes]
        for (path, text) in [("name", "One"), ("domains.Game.groups.Palette.name", "Two"), ("domains.App.groups.Icons.name", "Three")] {
            state.go(to: path)
            state.press("i", "C-u")
            state.enter(text)
            versions.append(state.session.bytes)
        }
        for version in versions.reversed().dropFirst() {
            state.press("u")
            #expect(state.session.bytes == version)
        }
        state.press("u")
        #expect(state.message?.text == "Nothing to undo")
        #expect(!state.isDirty)
        state.press("C-r", "C-r")
        #expect(state.session.bytes == versions[2])
        #expect(state.isDirty)
        // A new edit drops what could be redone.
        state.go(to: "name")
        state.press("D", "Enter")
        state.press("C-r")
        #expect(state.message?.text == "Nothing to redo")
    }

    @Test func theOutlineKeepsWhatWasExpandedAcrossEdits() throws {
        var state = Self.state()
        state.press("e")
        let rowsBefore = state.treePane.outline.count
        state.go(to: "domains.Game.groups.Palette.assets.1")
        state.press("x", "y")
        // Everything else stays expanded: only the deleted item's rows are gone.
        #expect(state.treePane.outline.count == rowsBefore - 9)
        #expect(state.treePane.outline.isExpanded(try #require(state.document.tree.index(at: "domains.App"))))
        #expect(state.treePane.outline.isExpanded(try #require(state.document.tree.index(at: "domains.Game.groups.Palette.assets.2.color"))))
        state.press("u")
        #expect(state.treePane.outline.count == rowsBefore - 8, "the restored item comes back collapsed")
    }

    @Test func quittingWithUnsavedChangesAsks() throws {
        var state = Self.state()
        #expect(state.press("q") == [.quit])
        state.go(to: "domains.Game.groups.Sounds.assets.0.loops")
        state.press("i")
        #expect(state.press("q").isEmpty)
        guard case .confirm(let question)? = state.modal else { Issue.record("no question"); return }
        #expect(question.text.contains("Unsaved changes to AssetLibrary.plist"))
        #expect(state.press("n").isEmpty)
        #expect(state.press("C-c").isEmpty)
        // Save and quit: the quit waits for the save to succeed.
        #expect(state.press("s").map(\.brief) == ["save"])
        #expect(state.quitsAfterSave)
        state.press("q")
        #expect(state.press("q") == [.quit])
    }

    @Test func theCommandLineSavesQuitsAndConverts() throws {
        var state = Self.state()
        state.press(":")
        state.type("w")
        #expect(state.press("Enter").isEmpty)
        #expect(state.message?.text == "No changes to save")
        state.go(to: "domains.Game.groups.Sounds.assets.0.loops")
        state.press("i", ":")
        state.type("w")
        #expect(state.press("Enter").map(\.brief) == ["save"])
        state.press(":")
        state.type("w copy.json")
        #expect(state.press("Enter").map(\.brief) == ["save as copy.json (json)"])
        state.press(":")
        state.type("w copy.plist bplist")
        #expect(state.press("Enter").map(\.brief) == ["save as copy.plist (binary)"])
        state.press(":")
        state.type("wq")
        let effects = state.press("Enter")
        #expect(effects.map(\.brief) == ["save"])
        // The quit comes with the news that the save worked, and only then.
        guard case .save(let request)? = effects.first else { return }
        var failed = state
        #expect(failed.update(.saveFailed(request, reason: "disk full")).isEmpty)
        #expect(failed.message?.text == "Not saved: disk full")
        #expect(state.update(.saved(request, file: request.file, notes: [])) == [.quit])
        #expect(!state.isDirty)
        state.press(":")
        state.type("q!")
        #expect(state.press("Enter") == [.quit])
        state.press(":")
        state.enter("frobnicate")
        #expect(state.message?.isError == true)
    }

    @Test func theRootAndSchemaFixedTypesRefuseWithReasons() {
        var state = Self.state()
        state.press("g", "x")
        #expect(state.message?.text == "The root cannot be deleted")
        state.press("i")
        #expect(state.message?.isError == true)
        state.go(to: "domains.Game.groups.Palette.assets.0.name")
        state.press("t")
        #expect(state.message?.text.contains("The schema says this is String") == true)
        #expect(!state.isDirty)
    }

    /// The add-key prompt starts empty with a suggestion (typing does not append to it), Esc on
    /// the new entry's value takes the entry back, and a typed date may carry an offset or be a
    /// day alone.
    @Test func promptsStartEmptyAndACancelledAddLeavesNothing() throws {
        var state = Self.state()
        state.go(to: "domains.Game.groups.Palette")
        let before = state.session.bytes
        state.press("a")
        guard case .choice(let list)? = state.modal else { Issue.record("no field list"); return }
        // Other key… : a key the model does not declare.
        state.press("G", "Enter")
        guard case .edit(let keyEditor)? = state.modal else { Issue.record("no key prompt"); return }
        #expect(keyEditor.field.text.isEmpty)
        #expect(keyEditor.placeholder == "key")
        #expect(state.screen.lines[state.height - 2].contains("key  (Enter takes it)"))
        state.type("note")
        guard case .edit(let typing)? = state.modal else { Issue.record("key prompt closed"); return }
        #expect(typing.field.text == "note", "typing replaces the suggestion")
        state.press("Enter")
        guard case .edit(let valueEditor)? = state.modal else { Issue.record("no value editor"); return }
        #expect(valueEditor.cancelUndoes)
        #expect(state.isDirty)
        state.press("Escape")
        #expect(state.modal == nil)
        #expect(state.message?.text == "Not added")
        #expect(state.session.bytes == before, "nothing left behind")
        #expect(!state.isDirty)
        _ = list

        // Dates as people type them.
        state.go(to: "domains.Game.groups.Sounds.assets.0.created")
        state.press("i", "C-u")
        state.enter("2027-01-02T05:04:05+02:00")
        #expect(state.document.tree.value(at: state.selectedNode) == .date(try #require(ISO8601DateFormatter().date(from: "2027-01-02T03:04:05Z"))))
        state.press("i", "C-u")
        state.enter("2027-01-02")
        #expect(state.document.tree.value(at: state.selectedNode) == .date(try #require(ISO8601DateFormatter().date(from: "2027-01-02T00:00:00Z"))))
    }

    /// Quotes, control and bidirectional characters in values are shown escaped.
    @Test func valuesAreShownUnambiguously() throws {
        let value: PlistValue = ["quoted": "new \"value\"", "bidi": "abc\u{202E}def", "lines": "one\ntwo"]
        let document = BrowserDocument(tree: try SourceTree(parsing: value.serialized(as: .json)), checker: .inference, fileName: "x.json", schemaName: nil)
        let text = BrowserFixture.state(document: document).screen.lines.joined(separator: "\n")
        #expect(text.contains(#""new \"value\"""#))
        #expect(text.contains(#""abc\u{202E}def""#))
        #expect(text.contains(#""one\ntwo""#))
        #expect(!text.contains("\u{202E}d"))
    }
}

extension BrowserState {
    /// Selects the node at `path` (revealing it), as a user would by navigating there.
    mutating func go(to path: String) {
        guard let node = document.tree.index(at: PlistPath(parsing: path)) else { fatalError("no node at \(path)") }
        selectNode(node)
    }
}

extension PlistValue {
    var dictionaryKeys: [String] {
        if case .dictionary(let d) = self { return Array(d.keys) }
        return []
    }
}
