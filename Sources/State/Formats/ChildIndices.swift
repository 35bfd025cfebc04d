import Foundation
import OrderedCollections

/// The direct children of a container node, skipping over each child's subtree.
public struct ChildIndices: Sequence, Sendable {
    @usableFromInline let nodes: [SourceNode]
    @usableFromInline let parent: Int

    @inlinable init(nodes: [SourceNode], parent: Int) {
        self.nodes = nodes
        self.parent = parent
    }

    @inlinable public func makeIterator() -> Iterator {
        Iterator(nodes: nodes, upcoming: parent + 1, remaining: Int(nodes[parent].kind.isContainer ? nodes[parent].count : 0))
    }

    @inlinable public var underestimatedCount: Int { Int(nodes[parent].kind.isContainer ? nodes[parent].count : 0) }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let nodes: [SourceNode]
        @usableFromInline var upcoming: Int
        @usableFromInline var remaining: Int

        @inlinable init(nodes: [SourceNode], upcoming: Int, remaining: Int) {
            self.nodes = nodes
            self.upcoming = upcoming
            self.remaining = remaining
        }

        @inlinable public mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            let current = upcoming
            upcoming += 1 + Int(nodes[current].size)
            remaining -= 1
            return current
        }
    }
}
