import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// An edit inside one scalar is parsed alone (`SourceTree.splicing`); the tree it gives must be
/// the one parsing the whole new text gives — node for node, byte for byte.
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

    /// Edits that are not inside one scalar leave the whole parse to the caller.
    @Test func structureAndKeysAreNotSpliced() throws {
        let tree = try SourceTree(parsing: Array(#"{"a": [1, 2], "b": {"c": "d"}}"#.utf8))
        for operation: EditOperation in [.rename("b", to: "e"), .delete("a.0"), .insert(into: "a", key: nil, at: nil, value: 3), .set("a", [1]), .set("a.0", [1, 2])] {
            let edit = try SourceEditor.edit(operation, in: tree)
            #expect(tree.splicing(edit.range, with: edit.replacement) == nil, "\(operation)")
        }
        // Text that is not one value where the scalar was (`1, 3` would be two items).
        let range = 7..<8
        #expect(tree.splicing(range, with: Array("1, 3".utf8)) == nil)
        #expect(tree.splicing(range, with: Array(" 4".utf8)) == nil)
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
                default:
                    let tree = session.tree
                    let node = (0..<tree.nodes.count).filter { !tree[$0].kind.isContainer }.randomElement(using: &rng)!
                    try? session.apply(.set(NodeLinks(tree).path(of: node, in: tree), Self.replacements.randomElement(using: &rng)!))
                }
                let whole = try SourceTree(parsing: session.bytes, as: format)
                #expect(session.tree.nodes == whole.nodes, "\(format) step \(step) (seed \(rng.seed))")
            }
        }
    }
}
