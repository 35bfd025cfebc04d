import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// Seeded random keystrokes through `update`, checking every invariant after every message:
/// the keys of every table (the browser's and each modal's) plus letters, digits, Enter and
/// Esc, over the sample and documents shaped to break browsers. Effects are performed as the
/// runtime performs them (searches and checks at once, saves and reloads on real files in a
/// temporary folder) and their outcomes fed back as messages.
///
/// A failure names its seed; `STATE_TEST_SEED=<seed>` replays it.
@Suite(.serialized, .slow, .tags(.randomized)) struct RandomizedUpdateTests {
    static let totalSteps = 200_000

    /// Every key some table binds, once each, plus what a user types anywhere.
    static let keys: [Key] = {
        var keys: [Key] = []
        func add<A>(_ map: KeyMap<A>) {
            for binding in map.bindings { for sequence in binding.sequences { keys += sequence } }
        }
        add(KeyMap<BrowserAction>.browser)
        add(ChoiceList.keys)
        add(ColorPicker.keys)
        add(PendingChanges.keys)
        add(PendingChanges.editKeys)
        add(HelpOverlay.keys)
        add(MessageLog.keys)
        add(TextField.keys)
        add(TextArea.keys)
        add(ValueView.keys)
        keys += "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .:!#-_/".map { .character($0) }
        keys += [.enter, .enter, .escape, .escape, .backspace, .alt("x"), .function(5), .insert, .control("x")]
        var seen: [Key] = []
        for key in keys where !seen.contains(key) { seen.append(key) }
        return seen
    }()

    /// Commands on the picked values (or the selected row), each then answered by later keys
    /// (y applies the preview).
    static let pickCommands = [
        "lighten 10%", "darken 5%", "alpha 0.5", "hue 90", "color #123456", "=1", "=true", "+ 1", "* 2", "- 0.5", "delete", "rename k", "add k v",
        "select **", "select *", "select **[?a]", "select!", "saturate 20%",
    ]

    /// The documents, written to a folder as users have them.
    static func documents(in folder: URL) throws -> [(name: String, url: URL, schema: URL?)] {
        var files: [(String, [UInt8])] = [
            ("Info.plist", try FileBytes.read(Fixtures.realShaped("Info.plist"))),
            ("mixed.json", try FileBytes.read(Fixtures.realShaped("mixed.json"))),
            ("empty-dict.plist", try ShapedDocuments.emptyDictionary(.xml)),
            ("empty-array.json", try ShapedDocuments.emptyArray(.json)),
            ("nested-300.json", try ShapedDocuments.nested(depth: 300, as: .json)),
            ("archive.plist", try ShapedDocuments.keyedArchive()),
            ("Data.plist", try FileBytes.read(Fixtures.state("Data.plist"))),
        ]
        files.append(("AssetLibrary.plist", try FileBytes.read(AssetLibraryFixture.sample)))
        var out: [(String, URL, URL?)] = []
        for (name, bytes) in files {
            let url = folder.appendingPathComponent(name)
            try AtomicFile.write(bytes, to: url)
            out.append((name, url, name == "AssetLibrary.plist" ? AssetLibraryFixture.schema : nil))
        }
        return out
    }

    @Test func randomKeysNeverTrapAndKeepEveryInvariant() throws {
        var random = SeededGenerator.fromEnvironment()
        let seed = random.seed
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let documents = try Self.documents(in: folder)
        let perDocument = Self.totalSteps / documents.count
        var steps = 0
        var quits = 0
        var edits = 0
        for (name, url, schema) in documents {
            let started = Date()
            defer { print("randomized: \(name) \(perDocument) steps in \(Int(Date().timeIntervalSince(started) * 1000)) ms") }
            var state = try Self.open(url, schema: schema, random: &random)
            let originalSize = state.session.bytes.count
            for step in 0..<perDocument {
                steps += 1
                let message: BrowserMessage
                switch Int.random(in: 0..<200, using: &random) {
                case 0: message = .input(.resize(width: Int.random(in: 1...140, using: &random), height: Int.random(in: 1...50, using: &random)))
                case 1: message = .input(.idle)
                case 2...5:
                    // The mouse anywhere on (and off) the screen: wheel, presses, double clicks.
                    let kinds: [MouseEvent.Kind] = [.press, .press, .release, .wheelUp, .wheelDown]
                    let event = MouseEvent(
                        kinds.randomElement(using: &random)!, x: Int.random(in: -1...state.width, using: &random), y: Int.random(in: -1...state.height, using: &random),
                        clickCount: Int.random(in: 1...2, using: &random))
                    message = .input(.mouse(event))
                case 6:
                    // Pasted text: a value, text with line breaks and controls, or nothing.
                    let texts = ["{\"a\": [1, 2]}", "line one\nline two\r\n\ttabbed", "", "<plist><true/></plist>", "\u{1B}[31m not a key"]
                    message = .input(.paste(texts.randomElement(using: &random)!))
                case 7:
                    // A command on the picked values (typed in, then Enter as this step's key):
                    // random keys alone would hardly ever spell one.
                    let command = Self.pickCommands.randomElement(using: &random)!
                    for c in ":" + command { quits += Self.perform(state.update(.input(.key(.character(c)))), on: &state) }
                    message = .input(.key(.enter))
                default: message = .input(.key(Self.keys.randomElement(using: &random)!))
                }
                let generation = state.document.generation
                let wasDirty = state.isDirty
                let effects = state.update(message)
                quits += Self.perform(effects, on: &state)
                // The document's own structure changes only with a new document or a save.
                let documentChanged = state.document.generation != generation || state.isDirty != wasDirty
                if documentChanged { edits += 1 }
                let problems = state.invariantViolations(checkingDocument: documentChanged || step % 50 == 0)
                guard problems.isEmpty else {
                    Issue.record("seed \(seed), \(name), step \(step) after \(message): \(problems.prefix(5).joined(separator: "; "))")
                    return
                }
                // The views must draw whatever the state is (they index lists too).
                if step % 97 == 0 { _ = BrowserView.render(state) }
                // Start over now and then, so no run stays stuck in one corner — and when
                // duplicates have grown the file far past its size (each `D` of a deep subtree
                // doubles it), so that no seed spends minutes re-parsing megabytes.
                if step % 5000 == 4999 || state.session.bytes.count > max(64_000, 2 * originalSize) {
                    state = try Self.open(url, schema: schema, random: &random)
                }
            }
        }
        #expect(steps >= Self.totalSteps - documents.count)
        // The keys reached the editor, not only the movement keys.
        #expect(edits > 100, "only \(edits) edits in \(steps) steps (seed \(seed))")
        #expect(quits > 0)
    }

    static func open(_ url: URL, schema: URL?, random: inout SeededGenerator) throws -> BrowserState {
        let (file, _) = try OpenDocument.read(url)
        let document = try BrowserDocument.open(url, schema: schema, deferCheck: Bool.random(using: &random))
        var state = BrowserFixture.state(width: Int.random(in: 20...140, using: &random), height: Int.random(in: 5...50, using: &random), document: document, file: file)
        state.now = { Date(timeIntervalSinceReferenceDate: 0) }
        _ = perform(state.update(.started(width: state.width, height: state.height)), on: &state)
        return state
    }

    /// Performs effects the way the runtime does, feeding each outcome back; returns the quits.
    static func perform(_ effects: [Effect], on state: inout BrowserState, depth: Int = 0) -> Int {
        var quits = 0
        for effect in effects {
            var more: [Effect] = []
            switch effect {
            case .quit: quits += 1
            case .copy, .suspend, .redraw: break
            case .search(let query, let generation):
                guard generation == state.document.generation else { continue }
                more = state.update(.searchFinished(query, matches: BrowserState.matches(of: query, in: state.document), generation: generation))
            case .indexLines(let generation):
                guard generation == state.document.generation else { continue }
                more = state.update(.linesIndexed(LineIndex(tree: state.document.tree, generation: generation)))
            case .check(let generation):
                guard generation == state.document.generation else { continue }
                more = state.update(.checkFinished(state.document.fullCheck(), generation: generation))
            case .save, .saveFolder, .reload, .open:
                more = state.update(BrowserApp.outcome(of: effect))
            }
            if depth < 8 { quits += perform(more, on: &state, depth: depth + 1) }
        }
        return quits
    }
}
