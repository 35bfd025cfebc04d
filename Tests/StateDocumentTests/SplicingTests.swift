import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// An edit inside one value below the root is parsed alone (`SourceTree.splicing`): a scalar
/// for a new value, the container for a key, a member deleted or inserted, a value of another
/// type. The tree it gives must be the one parsing the whole new text gives — node for node,
/// byte for byte.
@Suite struct SplicingTests {
    static let replacements: [PlistValue] = [
        0, 7, -123_456_789, .integer(Int128(UInt64.max)), 0.5, -2.25e-8, 1e300, true, false, "", "x", "a longer string with spaces",
        "escapes: <&> \" \\ \n\t\r", "日本語 🍎 e\u{301}", .date(Date(timeIntervalSinceReferenceDate: 784_111_777)), .data(Data([1, 2, 3, 250])),
    ]

    func document(_ format: PlistFormat) throws -> SourceTree {
        var value = SampleValues.everything(includeUID: false)
        if format.isJSON { value = SampleValues.jsonSafe() }
        let library: PlistValue = ["items": .array((0..<20).map { ["n": .integer(Int128($0)), "name": .string("item \($0)"), "on": .bool($0 % 2 == 0)] }), "all": value]
        var warnings: [PlistWarning] = []
        var bytes = try library.serialized(as: format == .jsonc ? .json : format, warnings: &warnings)
        if format == .jsonc {
            // Comments and a trailing comma where JSONC has them.
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"items\": [", with: "// the items\n\"items\": [ /* many */").utf8)
        }
        return try SourceTree(parsing: bytes, as: format)
    }

    @Test(arguments: [PlistFormat.json, .xml, .jsonc])
    func randomScalarEditsEqualAWholeParse(format: PlistFormat) throws {
        var rng = SeededGenerator.fromEnvironment()
        var tree = try document(format)
        var spliced = 0
        for step in 0..<400 {
            let scalars = (0..<tree.nodes.count).filter { !tree[$0].kind.isContainer }
            let node = scalars.randomElement(using: &rng)!
            let path = NodeLinks(tree).path(of: node, in: tree)
            let value = Self.replacements.randomElement(using: &rng)!
            guard let edit = try? SourceEditor.edit(.set(path, value), in: tree) else { continue }
            let whole = try SourceTree(parsing: edit.applied(to: tree.bytes), as: format)
            if let quick = tree.splicing(edit.range, with: edit.replacement) {
                spliced += 1
                #expect(quick.bytes == whole.bytes, "step \(step), \(path) (seed \(rng.seed))")
                #expect(quick.nodes == whole.nodes, "step \(step), \(path) = \(value) (seed \(rng.seed))")
                #expect(quick.invariantViolations().isEmpty)
                // And back: the inverse edit is a splice too.
                let back = edit.inverse(in: tree.bytes)
                if let undone = quick.splicing(back.range, with: back.replacement) {
                    #expect(undone.nodes == tree.nodes && undone.bytes == tree.bytes, "undo of step \(step) (seed \(rng.seed))")
                }
            }
            tree = whole
        }
        // Setting a scalar is what the fast path is for: nearly every step takes it.
        #expect(spliced > 300, "\(spliced) of 400")
    }

    /// Random structural edits anywhere below the root — deletes, inserts, renames, moves,
    /// duplicates, containers set in place of values — splice the value holding them.
    @Test(arguments: [PlistFormat.json, .xml, .jsonc])
    func randomStructuralEditsEqualAWholeParse(format: PlistFormat) throws {
        var rng = SeededGenerator.fromEnvironment()
        var tree = try document(format)
        var spliced = 0
        var tried = 0
        for step in 0..<300 {
            // Deletes can leave little: start again from the whole document then.
            if tree.nodes.count < 20 { tree = try document(format) }
            guard let operation = Self.structuralEdit(in: tree, using: &rng) else { continue }
            guard let patch = try? SourceEditor.patch(operation, in: tree), patch.edits.count == 1 else { continue }
            let edit = patch.edits[0]
            tried += 1
            let whole = try SourceTree(parsing: edit.applied(to: tree.bytes), as: format)
            if let quick = tree.splicing(edit.range, with: edit.replacement) {
                spliced += 1
                #expect(quick.bytes == whole.bytes, "step \(step), \(operation) (seed \(rng.seed))")
                #expect(quick.nodes == whole.nodes, "step \(step), \(operation) (seed \(rng.seed))")
                #expect(quick.invariantViolations().isEmpty, "step \(step), \(operation) (seed \(rng.seed))")
                let back = edit.inverse(in: tree.bytes)
                if let undone = quick.splicing(back.range, with: back.replacement) {
                    #expect(undone.nodes == tree.nodes && undone.bytes == tree.bytes, "undo of step \(step), \(operation) (seed \(rng.seed))")
                }
            }
            tree = whole
        }
        // Only edits of the root's own members are parsed whole: most steps splice.
        #expect(tried > 100 && spliced * 2 > tried, "\(format): \(spliced) of \(tried)")
    }

    /// A structural edit of a random node below the root (nil when the tree has none).
    static func structuralEdit(in tree: SourceTree, using rng: inout SeededGenerator) -> EditOperation? {
        let links = NodeLinks(tree)
        guard tree.nodes.count > 1 else { return nil }
        let node = Int.random(in: 1..<tree.nodes.count, using: &rng)
        let path = links.path(of: node, in: tree)
        let small: [PlistValue] = [[], [:], [1, "two"], ["k": 3, "l": ["m": true]], "s", 4.5]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .delete(path)
        case 1:
            guard tree[node].kind.isContainer else { return .set(path, small.randomElement(using: &rng)!) }
            let key: String? = tree[node].kind == .dictionary ? "new\(Int.random(in: 0..<1_000_000, using: &rng))" : nil
            let at = Int.random(in: 0...Int(tree[node].count), using: &rng)
            return .insert(into: path, key: key, at: at, value: small.randomElement(using: &rng)!)
        case 2:
            guard tree[node].hasKey else { return .delete(path) }
            return .rename(path, to: "renamed\(Int.random(in: 0..<1_000_000, using: &rng))")
        case 3:
            guard let parent = links.parent(of: node), tree[parent].count > 1 else { return .set(path, small.randomElement(using: &rng)!) }
            return .move(path, to: Int.random(in: 0..<Int(tree[parent].count), using: &rng))
        case 4: return .duplicate(path, key: tree[node].hasKey ? "copy\(Int.random(in: 0..<1_000_000, using: &rng))" : nil)
        default: return .set(path, small.randomElement(using: &rng)!)
        }
    }

    /// Edits of the root's own text leave the whole parse to the caller; below the root, the
    /// value holding an edit is parsed, or the container around it.
    @Test func onlyTheRootsOwnTextIsNotSpliced() throws {
        let tree = try SourceTree(parsing: Array(#"{"a": [1, 2], "b": {"c": "d"}}"#.utf8))
        for operation: EditOperation in [.rename("b", to: "e"), .delete("a"), .insert(into: "", key: "z", at: nil, value: 3)] {
            let edit = try SourceEditor.edit(operation, in: tree)
            #expect(tree.splicing(edit.range, with: edit.replacement) == nil, "\(operation)")
        }
        // Below the root they are.
        for operation: EditOperation in [.delete("a.0"), .insert(into: "a", key: nil, at: nil, value: 3), .set("a.0", [1, 2]), .rename("b.c", to: "e")] {
            let edit = try SourceEditor.edit(operation, in: tree)
            let whole = try SourceTree(parsing: edit.applied(to: tree.bytes))
            #expect(tree.splicing(edit.range, with: edit.replacement)?.nodes == whole.nodes, "\(operation)")
        }
        // Text that is not one value where the scalar was (`1, 3` is two items, ` 4` a value
        // with a space before it): the array around it is parsed instead.
        for text in ["1, 3", " 4"] {
            let whole = try SourceTree(parsing: ByteEdit(range: 7..<8, replacement: Array(text.utf8)).applied(to: tree.bytes))
            #expect(tree.splicing(7..<8, with: Array(text.utf8))?.nodes == whole.nodes, "\(text)")
        }
    }

    /// A session's undo and redo go through the same path; the session's tree is always the
    /// parse of its bytes.
    @Test func sessionsWithUndoAndRedoStayExact() throws {
        var rng = SeededGenerator.fromEnvironment()
        for format in [PlistFormat.json, .xml] {
            var session = EditSession(tree: try document(format))
            for step in 0..<200 {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: try session.undo()
                case 1: try session.redo()
                case 2:
                    if let operation = Self.structuralEdit(in: session.tree, using: &rng) { _ = try? session.apply(operation) }
                default:
                    let tree = session.tree
                    // (Structural deletes may have left no scalar at all.)
                    guard let node = (0..<tree.nodes.count).filter({ !tree[$0].kind.isContainer }).randomElement(using: &rng) else { continue }
                    _ = try? session.apply(.set(NodeLinks(tree).path(of: node, in: tree), Self.replacements.randomElement(using: &rng)!))
                }
                let whole = try SourceTree(parsing: session.bytes, as: format)
                #expect(session.tree.nodes == whole.nodes, "\(format) step \(step) (seed \(rng.seed))")
            }
        }
    }
}
