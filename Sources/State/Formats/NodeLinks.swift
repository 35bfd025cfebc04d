import Foundation

/// Each node's parent and position among its siblings, for a `SourceTree`, made in one pass
/// over the node table: the one place key paths, depths and siblings are worked out — by the
/// browser for every row, by the validator for each diagnostic.
///
/// Two arrays of 4 bytes a node; on a million-node file a few milliseconds to build, after
/// which a key path costs its depth.
public struct NodeLinks: Sendable {
    /// Each node's parent (-1 for the root).
    public let parents: [Int32]
    /// Each node's position among its parent's children (the array index of an element).
    public let positions: [UInt32]

    /// Every node's parent and position in `tree`, in one pass — or, on a large tree and a
    /// machine with more than one core, in two halves at once (a 1 GB file has some 26 million
    /// nodes, and this was a third of its first screen).
    public init(_ tree: SourceTree) {
        self.init(tree, splittingAbove: 2_000_000, threads: Cores.available)
    }

    /// The same, split in two when the tree has more than `threshold` nodes and `threads > 1`
    /// (tests split small trees to compare the halves with one pass).
    package init(_ tree: SourceTree, splittingAbove threshold: Int, threads: Int) {
        let count = tree.nodes.count
        var parents: [Int32] = []
        var positions: [UInt32] = []
        tree.nodes.withUnsafeBufferPointer { nodes in
            // Written once each, never zero-filled first: the arrays are hundreds of MB on a
            // large file, and a fill is a second pass over all of it.
            parents = [Int32](unsafeUninitializedCapacity: count) { parentsMemory, parentsCount in
                positions = [UInt32](unsafeUninitializedCapacity: count) { positionsMemory, positionsCount in
                    let split = threads > 1 && count > threshold ? Self.split(nodes) : nil
                    if let split {
                        let memory = Halves(nodes: nodes, parents: parentsMemory, positions: positionsMemory)
                        DispatchQueue.concurrentPerform(iterations: 2) { half in
                            if half == 0 {
                                Self.fill(memory.nodes, from: 0, to: split.start, stack: [], parents: memory.parents, positions: memory.positions)
                            } else {
                                Self.fill(memory.nodes, from: split.start, to: count, stack: split.stack, parents: memory.parents, positions: memory.positions)
                            }
                        }
                    } else {
                        Self.fill(nodes, from: 0, to: count, stack: [], parents: parentsMemory, positions: positionsMemory)
                    }
                    positionsCount = count
                }
                parentsCount = count
            }
        }
        self.parents = parents
        self.positions = positions
    }

    /// The memory the two halves read and write: each writes only its own range of the two
    /// arrays, so sharing the pointers is safe — which Swift cannot see for itself.
    private struct Halves: @unchecked Sendable {
        let nodes: UnsafeBufferPointer<SourceNode>
        let parents: UnsafeMutableBufferPointer<Int32>
        let positions: UnsafeMutableBufferPointer<UInt32>
    }

    /// A container on the walk's path: its index, the index past its subtree, and the
    /// position of its next child.
    typealias Open = (node: Int, end: Int, next: UInt32)

    /// Fills `parents` and `positions` for the nodes `from..<to`, starting with the open
    /// containers `stack` (what a walk from the root has open when it reaches `from`).
    private static func fill(
        _ nodes: UnsafeBufferPointer<SourceNode>, from: Int, to: Int, stack initial: [Open], parents: UnsafeMutableBufferPointer<Int32>,
        positions: UnsafeMutableBufferPointer<UInt32>
    ) {
        var stack = initial
        for i in from..<to {
            while let top = stack.last, i >= top.end { stack.removeLast() }
            if let top = stack.last {
                parents[i] = Int32(top.node)
                positions[i] = top.next
                stack[stack.count - 1].next += 1
            } else {
                parents[i] = -1
                positions[i] = 0
            }
            if nodes[i].kind.isContainer, nodes[i].count > 0 {
                stack.append((i, i + 1 + Int(nodes[i].size), 0))
            }
        }
    }

    /// Where to cut the node table in two: a node that starts a child of some container, near
    /// the middle, and the containers a walk from the root has open when it reaches it. Found
    /// by going down from the root towards the middle node, taking the nearest child start at
    /// each level until one is close enough. Nil when the tree has no useful cut.
    static func split(_ nodes: UnsafeBufferPointer<SourceNode>) -> (start: Int, stack: [Open])? {
        let count = nodes.count
        let middle = count / 2
        var stack: [Open] = []
        var container = 0
        while nodes[container].kind.isContainer, nodes[container].count > 0 {
            let end = container + 1 + Int(nodes[container].size)
            // The children of `container`: find the one holding the middle, and the child
            // start nearest to the middle.
            var child = container + 1
            var position: UInt32 = 0
            var best: (start: Int, position: UInt32)?
            var holding: (node: Int, position: UInt32)?
            while child < end {
                let next = child + 1 + Int(nodes[child].size)
                if best == nil || abs(child - middle) < abs(best!.start - middle) { best = (child, position) }
                if child <= middle, middle < next { holding = (child, position) }
                if child > middle { break }
                child = next
                position += 1
            }
            guard let best else { return nil }
            if abs(best.start - middle) <= count / 8 || holding == nil {
                guard best.start > 0, best.start < count else { return nil }
                return (best.start, stack + [(container, end, best.position)])
            }
            // The middle is deep inside one child: cut inside it.
            stack.append((container, end, holding!.position + 1))
            container = holding!.node
        }
        return nil
    }

    /// The node's container, nil for the root.
    public func parent(of node: Int) -> Int? {
        let p = parents[node]
        return p < 0 ? nil : Int(p)
    }

    /// How many containers are above the node (0 for the root).
    public func depth(of node: Int) -> Int {
        var depth = 0
        var current = node
        while let p = parent(of: current) {
            depth += 1
            current = p
        }
        return depth
    }

    /// The node's key path in plutil's dot syntax: keys, and indexes for array elements.
    public func path(of node: Int, in tree: SourceTree) -> PlistPath {
        var components: [PlistPath.Component] = []
        var current = node
        while let p = parent(of: current) {
            components.append(tree[p].kind == .array ? .index(Int(positions[current])) : .key(tree.key(of: current) ?? ""))
            current = p
        }
        return PlistPath(components.reversed())
    }

    /// What a row calls the node: its key, its array index, or nil for the root.
    public func label(of node: Int, in tree: SourceTree) -> String? {
        guard let parent = parent(of: node) else { return nil }
        return tree[parent].kind == .array ? String(positions[node]) : tree.key(of: node)
    }

    /// The next sibling, or nil for the last child.
    public func nextSibling(of node: Int, in tree: SourceTree) -> Int? {
        guard let parent = parent(of: node) else { return nil }
        let next = node + 1 + Int(tree[node].size)
        return next <= parent + Int(tree[parent].size) ? next : nil
    }

    /// The previous sibling, or nil for the first child.
    public func previousSibling(of node: Int) -> Int? {
        guard let parent = parent(of: node), positions[node] > 0 else { return nil }
        // Walk back from the node: the sibling is the ancestor-or-self of node-1 whose parent is ours.
        var candidate = node - 1
        while let p = self.parent(of: candidate), p != parent { candidate = p }
        return candidate
    }
}
