import Foundation
import OrderedCollections
import StateTestSupport
import Testing

@testable import State

/// Values built in two halves at once (large subtrees, several cores) are the values of one
/// pass, whatever the shape, the format and the subtree asked for.
@Suite struct ValueBuilderTests {
    func expectSameValues(_ tree: SourceTree, at index: Int = SourceTree.root, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let one = tree.value(at: index, splittingAbove: .max, threads: 1)
        let halves = tree.value(at: index, splittingAbove: 0, threads: 2)
        #expect(one == halves, "\(name)", sourceLocation: sourceLocation)
    }

    @Test func randomTreesSplitAnywhere() throws {
        var rng = SeededGenerator.fromEnvironment()
        for (round, format, bytes) in SpanConversionTests.randomFiles(200, using: &rng) {
            let tree = try SourceTree(parsing: bytes)
            expectSameValues(tree, "round \(round), \(format) (seed \(rng.seed))")
            // A subtree asked for on its own splits inside it.
            let inner = Int.random(in: 0..<tree.nodes.count, using: &rng)
            expectSameValues(tree, at: inner, "round \(round), \(format), node \(inner) (seed \(rng.seed))")
        }
    }

    /// Shapes that make the cut go deep or find nothing to cut, keys written twice (the last
    /// value is kept, at the first one's place), and UIDs spelled as CF$UID dictionaries on
    /// both sides of the cut.
    @Test func lopsidedTreesDuplicateKeysAndUIDs() throws {
        let long = PlistValue.array((0..<3000).map { .integer(Int128($0)) })
        var chain = PlistValue.string("end")
        for i in 0..<200 { chain = i % 2 == 0 ? .array([chain, .integer(1)]) : .dictionary(["k": chain, "z": true]) }
        let uids = PlistValue.array((0..<500).map { .uid(UInt64($0)) })
        let shapes: [(String, PlistValue)] = [
            ("one big child", ["a": 1, "big": .dictionary(["inner": long, "x": 2]), "b": 3]),
            ("a long array", long), ("a chain", chain), ("big first", .array([long, 1, 2])),
            ("big last", .array([1, 2, long])), ("empty containers", .array([.array([]), .dictionary([:]), long, .array([])])),
            ("a scalar", "alone"), ("one child", .array([.array([])])), ("uids", ["$objects": uids, "$top": ["root": .uid(1)]]),
        ]
        for (name, value) in shapes {
            for format in [PlistFormat.xml, .binary, .json, .openStep] {
                guard let bytes = try? value.serialized(as: format) else { continue }
                let tree = try SourceTree(parsing: bytes)
                expectSameValues(tree, "\(name) as \(format)")
                if format != .json && format != .openStep { #expect(tree.value(at: 0, splittingAbove: 0, threads: 2) == value, "\(name) as \(format)") }
            }
        }
        let doubled = Array("{\"a\": 1, \"k\": [1, 2], \"b\": 2, \"k\": [3, 4, 5], \"c\": [6, 7]}".utf8)
        let tree = try SourceTree(parsing: doubled)
        expectSameValues(tree, "a key written twice")
        #expect(tree.value(at: 0, splittingAbove: 0, threads: 2) == ["a": 1, "k": [3, 4, 5], "b": 2, "c": [6, 7]])
        // Keys equal as strings are one key, spelled as it first was: `é` composed, then
        // decomposed (a small dictionary, made at once, and one past a hash table's size).
        for filler in [0, 20] {
            let others = (0..<filler).map { ", \"k\($0)\": \($0)" }.joined()
            let canonical = try SourceTree(parsing: Array("{\"caf\u{E9}\": 1, \"x\": 0\(others), \"cafe\u{301}\": 2}".utf8))
            let members = try #require(canonical.value().dictionaryValue)
            #expect(members.count == 2 + filler && members["café"] == 2)
            #expect(members.keys.first.map { Array($0.unicodeScalars) } == Array("caf\u{E9}".unicodeScalars))
        }
    }

    @Test func theCutIsNearTheMiddleOfWhereMostNodesAre() throws {
        let records = PlistValue.array((0..<1000).map { _ in ["a": 1, "b": [1, 2]] })
        let tree = try SourceTree(parsing: try PlistValue.dictionary(["name": "x", "records": records]).serialized(as: .json))
        let cut = try #require(ValueBuilder.split(tree.nodes, under: 0))
        #expect(cut.container == 2)
        #expect(abs((cut.middle - cut.container) - tree.nodes.count / 2) <= tree.nodes.count / 8)
        #expect(cut.end == tree.nodes.count)
    }
}
