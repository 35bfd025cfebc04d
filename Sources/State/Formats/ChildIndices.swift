import Foundation
import OrderedCollections

/// The direct children of a container node, skipping over each child's subtree.
public struct ChildIndices: Sequence, Sendable {
    let nodes: [SourceNode]
    let parent: Int

    public func makeIterator() -> Iterator {
        Iterator(nodes: nodes, upcoming: parent + 1, remaining: Int(nodes[parent].kind.isContainer ? nodes[parent].count : 0))
    }

    public var underestimatedCount: Int { Int(nodes[parent].kind.isContainer ? nodes[parent].count : 0) }

    public struct Iterator: IteratorProtocol {
        let nodes: [SourceNode]
        var upcoming: Int
        var remaining: Int

        public mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            let current = upcoming
            upcoming += 1 + Int(nodes[current].size)
            remaining -= 1
            return current
        }
    }
}
