import Foundation
import OrderedCollections
import StateTestSupport
import Testing

@testable import State

/// Links made in two halves at once (large trees, several cores) are the links of one pass.
@Suite struct NodeLinksTests {
    func expectSameLinks(_ tree: SourceTree, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let one = NodeLinks(tree, splittingAbove: .max, threads: 1)
        let halves = NodeLinks(tree, splittingAbove: 0, threads: 2)
        #expect(one.parents == halves.parents && one.positions == halves.positions, "\(name)", sourceLocation: sourceLocation)
    }

    @Test func randomTreesSplitAnywhere() throws {
        var rng = SeededGenerator.fromEnvironment()
        for (round, format, bytes) in SpanConversionTests.randomFiles(200, using: &rng) {
            expectSameLinks(try SourceTree(parsing: bytes), "round \(round), \(format) (seed \(rng.seed))")
        }
    }

    /// Shapes that make the cut go deep: one huge child, a long array of scalars, a chain.
    @Test func lopsidedTrees() throws {
        let long = PlistValue.array((0..<5000).map { .integer(Int128($0)) })
        var chain = PlistValue.string("end")
        for i in 0..<200 { chain = i % 2 == 0 ? .array([chain, .integer(1)]) : .dictionary(["k": chain, "z": true]) }
        let shapes: [(String, PlistValue)] = [
            ("one big child", ["a": 1, "big": .dictionary(["inner": long, "x": 2]), "b": 3]),
            ("a long array", long),
            ("a chain", chain),
            ("big first", .array([long, 1, 2])),
            ("big last", .array([1, 2, long])),
            ("empty containers", .array([.array([]), .dictionary([:]), long, .array([])])),
            ("a scalar", "alone"),
        ]
        for (name, value) in shapes {
            for format in [PlistFormat.xml, .binary, .json] {
                expectSameLinks(try SourceTree(parsing: try value.serialized(as: format)), "\(name) as \(format)")
            }
        }
        // The cut is near the middle when the shape allows it.
        let tree = try SourceTree(parsing: try PlistValue.array((0..<1000).map { _ in ["a": 1, "b": [1, 2]] }).serialized(as: .json))
        let cut = try #require(tree.nodes.withUnsafeBufferPointer { NodeLinks.split($0) })
        #expect(abs(cut.start - tree.nodes.count / 2) <= tree.nodes.count / 8)
    }
}
