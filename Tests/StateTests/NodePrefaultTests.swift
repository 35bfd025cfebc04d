import Foundation
import Testing

@testable import State

/// A large parse's node table is faulted in on another core while the parser fills it
/// (`NodePrefault`): whatever the helper does, the nodes the parser wrote are the nodes the
/// table holds, and the parse's end waits for the helper to be gone.
@Suite struct NodePrefaultTests {
    func node(_ i: Int) -> SourceNode {
        var node = SourceNode(kind: i % 3 == 0 ? .string : .integer, start: i &* 7, end: i &* 7 + 5, keyStart: UInt32(truncatingIfNeeded: i &* 13))
        node.count = UInt32(truncatingIfNeeded: i)
        node.size = UInt32(truncatingIfNeeded: i >> 3)
        return node
    }

    @Test func theNodesWrittenAreTheNodesKept() throws {
        let count = 3_000_000
        var nodes: [SourceNode] = []
        nodes.reserveCapacity(count + count / 2)
        // Started as a parser starts it (the table empty), at a size below the real floor.
        let helper = NodePrefault.start(for: &nodes, smallest: 1 << 20)
        #if os(Linux)
            if Cores.available > 1 { #expect(helper != nil) }
        #endif
        for i in 0..<count {
            nodes.append(node(i))
            // As a parser does at a container's end: now and then, not for every node.
            if i % 1000 == 999 { helper?.report(nodes.count) }
        }
        helper?.finish()
        #expect(nodes.count == count)
        var wrong = 0
        for i in 0..<count where nodes[i] != node(i) { wrong += 1 }
        #expect(wrong == 0)
    }

    @Test func aParseThatNeverReportsEndsAtOnce() {
        var nodes: [SourceNode] = []
        nodes.reserveCapacity(4 << 20)
        let helper = NodePrefault.start(for: &nodes, smallest: 1 << 20)
        let start = Date()
        helper?.finish()
        // A second finish (a parser's error path after its end) does not wait again.
        helper?.finish()
        #expect(Date().timeIntervalSince(start) < 1)
    }
}
