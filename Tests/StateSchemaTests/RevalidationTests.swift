import AssetLibraryExample
import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

/// `SchemaValidator.revalidating` — only the edited values checked again after an edit that
/// kept the tree's shape — against the whole check of the edited file, over random edits of
/// the sample library: the same role on every node, the same diagnostics.
@Suite struct RevalidationTests {
    let validator = SchemaValidator(schema: try! SchemaLoader.load(AssetLibrary.sampleFileURL.deletingPathExtension().appendingPathExtension("schema")))

    /// Texts a scalar may become: valid and invalid numbers, colors, strings where numbers go,
    /// dates, booleans — in XML, the sample's format.
    static let replacements = [
        "<real>0.25</real>", "<real>1.35</real>", "<real>-2</real>", "<integer>7</integer>", "<integer>64</integer>", "<string>64</string>",
        "<string>#FF8800</string>", "<string>not a color</string>", "<string>template</string>", "<string>stencil</string>",
        "<true/>", "<date>2026-01-01T00:00:00Z</date>", "<string></string>", "<string>https://example.com/a b</string>",
    ]

    @Test func onlyTheEditedValuesCheckedEqualsTheWholeCheck() throws {
        var random = SeededGenerator.fromEnvironment()
        let seed = random.seed
        var bytes = Array(try AssetLibrary.sample.string(format: .xml).utf8)
        var tree = try SourceTree(parsing: bytes)
        var typed = validator.validate(tree)
        var revalidated = 0
        var refused = 0
        for step in 0..<300 {
            // One to three scalars at once (a color's channels are set together).
            let scalars = (0..<tree.nodes.count).filter { !tree[$0].kind.isContainer }
            let edited = Array(Set((0..<Int.random(in: 1...3, using: &random)).map { _ in scalars.randomElement(using: &random)! })).sorted()
            var next = bytes
            for node in edited.reversed() {
                next.replaceSubrange(tree[node].byteRange, with: Array(Self.replacements.randomElement(using: &random)!.utf8))
            }
            let nextTree = try SourceTree(parsing: next)
            #expect(nextTree.nodes.count == tree.nodes.count)
            let whole = validator.validate(nextTree)
            if let incremental = validator.revalidating(typed, scalars: edited, in: nextTree, links: NodeLinks(nextTree)) {
                revalidated += 1
                guard Self.same(incremental, whole, in: nextTree, "seed \(seed), step \(step)") else { return }
            } else {
                refused += 1
                continue
            }
            // Go on from the edited file half of the time, so errors pile up and go away (a
            // broken type tag would leave most nodes without a role: that file is left).
            if Bool.random(using: &random) {
                bytes = next
                tree = nextTree
                typed = whole
            }
        }
        // Most random values are plain fields; some are type tags and enum cases, refused.
        #expect(revalidated > 100, "seed \(seed)")
        #expect(refused > 10, "seed \(seed)")
    }

    @Test func editsThatReachBeyondTheValueAreRefused() throws {
        let text = try AssetLibrary.sample.string(format: .xml)
        let tree = try SourceTree(parsing: Array(text.utf8))
        let typed = validator.validate(tree)
        let links = NodeLinks(tree)
        // The conformer's tag, an enum's case and the model version decide more than themselves.
        for path: PlistPath in ["domains.Game.groups.Palette.assets.0.Asset", "domains.Game.groups.Sprites.assets.1.rendering.Rendering", "model_version"] {
            let node = try #require(tree.index(at: path), "\(path)")
            #expect(validator.revalidating(typed, scalars: [node], in: tree, links: links) == nil, "\(path)")
        }
        // A color's channel is checked with its color, an error where a whole check finds it.
        let red = try #require(tree.index(at: "domains.Game.groups.Palette.assets.0.color.red"))
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(tree[red].byteRange, with: Array("<real>4</real>".utf8))
        let edited = try SourceTree(parsing: bytes)
        let incremental = try #require(validator.revalidating(typed, scalars: [red], in: edited, links: links))
        #expect(incremental.diagnostics.map(\.description) == validator.validate(edited).diagnostics.map(\.description))
        #expect(incremental.diagnostics.count == 1)
    }

    /// `revalidating(_:subtree:grown:in:links:)` — only the changed subtree checked again after
    /// a member was deleted, duplicated or renamed, or a value replaced by another — against the
    /// whole check of the edited file: the same role on every node, the same diagnostics.
    @Test func aChangedSubtreeCheckedAloneEqualsTheWholeCheck() throws {
        var random = SeededGenerator.fromEnvironment()
        let seed = random.seed
        let original = Array(try AssetLibrary.sample.string(format: .xml).utf8)
        var bytes = original
        var tree = try SourceTree(parsing: bytes)
        var typed = validator.validate(tree)
        var revalidated = 0
        for step in 0..<300 {
            if tree.nodes.count < 40 {
                bytes = original
                tree = try SourceTree(parsing: bytes)
                typed = validator.validate(tree)
            }
            let links = NodeLinks(tree)
            let node = Int.random(in: 1..<tree.nodes.count, using: &random)
            guard let parent = links.parent(of: node) else { continue }
            let start = tree[node].hasKey ? Int(tree[node].keyStart) : Int(tree[node].start)
            let member = start..<Int(tree[node].end)
            let value = Array(bytes[tree[node].byteRange])
            var next = bytes
            var changed = parent
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                next.removeSubrange(member)
            case 1:
                let copy = tree[node].hasKey ? Array("<key>copy\(step)</key>".utf8) + value : value
                next.insert(contentsOf: copy, at: member.upperBound)
            case 2:
                guard tree[node].hasKey else { continue }
                let key = ["name", "color", "tags", "zzz", "Asset", "model_version", "assets"].randomElement(using: &random)!
                next.replaceSubrange(start..<Int(tree[node].start), with: Array("<key>\(key)</key>".utf8))
            default:
                let other = Int.random(in: 1..<tree.nodes.count, using: &random)
                next.replaceSubrange(tree[node].byteRange, with: Array(bytes[tree[other].byteRange]))
                changed = node
            }
            guard let nextTree = try? SourceTree(parsing: next) else { continue }
            let whole = validator.validate(nextTree)
            let nextLinks = NodeLinks(nextTree)
            guard let incremental = validator.revalidating(typed, subtree: changed, grown: nextTree.nodes.count - tree.nodes.count, in: nextTree, links: nextLinks) else {
                continue
            }
            revalidated += 1
            guard Self.same(incremental, whole, in: nextTree, "seed \(seed), step \(step)") else { return }
            #expect(incremental.diagnostics.map(\.node).sorted() == whole.diagnostics.map(\.node).sorted(), "seed \(seed), step \(step)")
            bytes = next
            tree = nextTree
            typed = whole
        }
        // Edits inside the library's models, nearly all of them; the root's members are not.
        #expect(revalidated > 150, "seed \(seed): \(revalidated)")
    }

    /// Whether an incremental check equals the whole check of `tree`: the same role on every
    /// node, the same diagnostics. Records the first difference.
    static func same(_ incremental: TypedDocument, _ whole: TypedDocument, in tree: SourceTree, _ context: String) -> Bool {
        let links = NodeLinks(tree)
        for node in 0..<tree.nodes.count where incremental.role(of: node) != whole.role(of: node) {
            Issue.record(
                "\(context): \(links.path(of: node, in: tree)) is \(incremental.role(of: node)?.label ?? "nothing"), the whole check says \(whole.role(of: node)?.label ?? "nothing")"
            )
            return false
        }
        let got = incremental.diagnostics.map(\.description).sorted()
        let expected = whole.diagnostics.map(\.description).sorted()
        guard got == expected else {
            Issue.record("\(context): diagnostics \(got) expected \(expected)")
            return false
        }
        return true
    }
}
