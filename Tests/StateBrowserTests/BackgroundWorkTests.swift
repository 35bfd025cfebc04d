import Foundation
import State
import StateDocument
import StateSchema
import TerminalCore
import Testing

@testable import StateBrowser

/// The fast paths behind large files: byte-level search, the quick first check and the runtime's
/// background jobs — each checked against the slow, obvious way of getting the same answer.
@Suite struct BackgroundWorkTests {
    /// Text that tests every path of the search: entities and escapes (decoded), non-ASCII
    /// case (UTF-16 in binary plists, folded by decoding), numbers, dates, booleans and data.
    static let tricky: PlistValue = [
        "plain": "Accent Color",
        "a&b <escaped>": "Tom & \"Jerry\"\nline",
        "École": "ÉCOLE normale",
        "ünïcode": "Straße",
        "numbers": [42, -7, 0.5, 1e-05, 123456789],
        "flags": [true, false],
        "when": .date(Date(timeIntervalSinceReferenceDate: 700_000_000)),
        "blob": .data(Data("hello".utf8)),
        "K": "Kelvin \u{212A}",
        "": "",
    ]

    static let needles = [
        "accent", "Accent", "ACCENT", "color", "&", "tom & \"jerry\"", "\n", "<esc", "école", "ÉCOLE",
        "straße", "STRASSE", "42", "-7", "0.5", "e-05", "1e", "true", "fals", "2023", "t2", "T2", ":",
        "aGVsbG8", "k", "kelvin", "blob", "plain", "x", "é", "ü",
    ]

    /// What the search means, written the slow way: decode every key and value, lowercase both
    /// sides unless the query has a capital letter, and compare UTF-8.
    static func oracle(_ text: String, _ tree: SourceTree) -> [Int32] {
        let caseSensitive = text.contains { $0.isUppercase }
        func fold(_ s: String) -> [UInt8] { Array((caseSensitive ? s : s.lowercased()).utf8) }
        let needle = fold(text)
        func hit(_ s: String) -> Bool {
            let hay = fold(s)
            guard hay.count >= needle.count else { return false }
            return (0...(hay.count - needle.count)).contains { Array(hay[$0..<($0 + needle.count)]) == needle }
        }
        return (0..<tree.nodes.count).filter { node in
            if let key = tree.key(of: node), hit(key) { return true }
            return !tree[node].kind.isContainer && hit(tree.scalar(at: node).plainText)
        }.map { Int32($0) }
    }

    @Test(arguments: PlistFormat.valueFormats)
    func searchFindsWhatDecodingEverythingFinds(_ format: PlistFormat) throws {
        let tree = try SourceTree(parsing: try Self.tricky.serialized(as: format))
        var missed: [String] = []
        for needle in Self.needles {
            let fast = TextSearch(needle).matches(in: tree)
            #expect(fast == Self.oracle(needle, tree), "\(format) “\(needle)”")
            if fast.isEmpty { missed.append(needle) }
        }
        #expect(missed == ["ACCENT", "STRASSE", "x"], "every other needle is in the file")
        // The sample library too, in every format.
        let sample = BrowserFixture.sample.tree
        let converted = try SourceTree(parsing: try sample.value().serialized(as: format))
        for needle in ["asset", "Asset", "0.5", "icon", "1", "Glass"] {
            #expect(TextSearch(needle).matches(in: converted) == Self.oracle(needle, converted), "\(format) sample “\(needle)”")
        }
    }

    @Test func plainRangesAreTheDecodedText() throws {
        for format in PlistFormat.valueFormats {
            let tree = try SourceTree(parsing: try Self.tricky.serialized(as: format))
            var plain = 0
            tree.bytes.withUnsafeBufferPointer { buffer in
                for node in 0..<tree.nodes.count {
                    if let range = tree.plainKeyRange(of: node, in: buffer) {
                        #expect(String(decoding: buffer[range], as: UTF8.self) == tree.key(of: node), "\(format) key of \(node)")
                        plain += 1
                    }
                    if let range = tree.plainStringRange(of: node, in: buffer) {
                        #expect(.string(String(decoding: buffer[range], as: UTF8.self)) == tree.scalar(at: node), "\(format) string \(node)")
                        plain += 1
                    }
                }
            }
            #expect(plain > 10, "\(format): most text is plain")
        }
    }

    @Test func aDeferredCheckStartsShallowAndTheRuntimeFinishesIt() throws {
        let full = BrowserFixture.sample
        let quick = try BrowserDocument.open(AssetLibraryFixture.sample, deferCheck: true)
        #expect(quick.isCheckPending)
        #expect(!full.isCheckPending)
        #expect(quick.typed.roles.assignedCount < full.typed.roles.assignedCount)
        // Everything the quick pass says, the whole check says too.
        for node in 0..<quick.nodeCount where full.depth(of: node) <= BrowserDocument.quickCheckDepth {
            #expect(quick.role(of: node) == full.role(of: node), "\(quick.path(of: node))")
        }
        let backend = MemoryBackend(width: 100, height: 20)
        var app = BrowserApp(state: BrowserFixture.state(document: quick), backend: backend)
        app.waitForJobs()
        #expect(!app.isBusy)
        #expect(!app.state.document.isCheckPending)
        for node in 0..<full.nodeCount {
            #expect(app.state.document.role(of: node) == full.role(of: node))
        }
        #expect(app.state.document.typed.diagnostics == full.typed.diagnostics)
        backend.send(.key(.character("q")))
        app.step()
        #expect(!backend.screen.lines.last!.contains("checking"))
    }

    /// A large guessed document keeps its last guess across a structural edit — outside the
    /// changed subtree, moved with its nodes — and guesses again in the background, which
    /// then gives what a fresh document of the edited tree does.
    @Test func aLargeGuessedDocumentKeepsItsGuessAcrossAnEditUntilTheBackgroundCheck() throws {
        let people = (0..<50_001).map { i -> PlistValue in ["name": .string("P\(i)"), "age": .integer(Int128(i % 90)), "tint": "#FF8000"] }
        let tree = try SourceTree(parsing: try PlistValue.array(people).serialized(as: .json))
        #expect(tree.nodes.count > BrowserDocument.synchronousCheckLimit)
        var document = BrowserDocument(tree: tree, checker: .inference, fileName: "people.json", schemaName: nil, deferCheck: true)
        document.finishCheck(document.fullCheck())
        var session = EditSession(tree: tree)
        try session.apply([.delete("5.tint")])
        let changed = try #require(tree.index(at: "5"))
        let next = document.replacing(session.tree, change: TreeChange(path: "5", childMap: [0, 1]))
        #expect(next.isCheckPending)
        #expect(next.generation == document.generation + 1)
        for node in 0..<changed { #expect(next.role(of: node) == document.role(of: node)) }
        for node in (changed + 1)..<(changed + 3) { #expect(next.role(of: node) == nil, "the edited subtree waits for the check") }
        let oldAfter = changed + 4
        for node in oldAfter..<(oldAfter + 50) { #expect(next.role(of: node - 1) == document.role(of: node), "\(node)") }
        #expect(next.role(of: oldAfter + 9) != nil, "the colors after the edit keep their guessed role")
        var checked = next
        checked.finishCheck(next.fullCheck())
        let fresh = BrowserDocument(tree: session.tree, checker: .inference, fileName: "people.json", schemaName: nil)
        for node in stride(from: 0, to: fresh.nodeCount, by: 97) { #expect(checked.role(of: node) == fresh.role(of: node)) }
    }

    @Test func theStatusBarSaysWhileTheCheckRuns() throws {
        let quick = try BrowserDocument.open(AssetLibraryFixture.sample, deferCheck: true)
        let state = BrowserFixture.state(width: 120, document: quick)
        #expect(state.screen.lines.last!.contains("schema AssetLibrary.schema (checking…)"))
    }

    @Test func aSearchIsAnEffectTheRuntimeRunsInTheBackground() {
        var state = BrowserFixture.state()
        state.press("/")
        state.type("Glass")
        let effects = state.update(.key(.enter))
        #expect(effects == [.search(.text("Glass"), generation: state.document.generation)])
        #expect(state.message?.text == "Searching “Glass”…")
        #expect(state.search.current == nil)
        // A stale result (another query) is ignored; the right one selects the first match.
        _ = state.update(.searchFinished(.text("other"), matches: [1], generation: state.document.generation))
        #expect(state.search.current == nil)
        let matches = BrowserState.matches(of: .text("Glass"), in: state.document)
        // One for an older document (before an edit) is ignored too.
        _ = state.update(.searchFinished(.text("Glass"), matches: [1], generation: state.document.generation - 1))
        #expect(state.search.current == nil)
        _ = state.update(.searchFinished(.text("Glass"), matches: matches, generation: state.document.generation))
        #expect(!matches.isEmpty)
        #expect(state.selectedNode == Int(matches[0]))

        // Through the runtime, with the in-memory terminal.
        let backend = MemoryBackend(width: 100, height: 20)
        var app = BrowserApp(state: BrowserFixture.state(), backend: backend)
        backend.send(keys: [.character("/")] + "Glass".map { .character($0) } + [.enter])
        for _ in 0..<7 { app.step() }
        app.waitForJobs()
        #expect(app.state.search.current?.matches == BrowserState.matches(of: .text("Glass"), in: app.state.document))
        #expect(app.state.selectedNode == Int(matches[0]))
    }
}
