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

    /// Every node's parent and position in `tree`, in one pass.
    public init(_ tree: SourceTree) {
        let count = tree.nodes.count
        var parents = [Int32](repeating: -1, count: count)
        var positions = [UInt32](repeating: 0, count: count)
        tree.nodes.withUnsafeBufferPointer { nodes in
            // (container index, index past its subtree, next child position)
            var stack: [(node: Int, end: Int, next: UInt32)] = []
            for i in 0..<count {
                while let top = stack.last, i >= top.end { stack.removeLast() }
                if let top = stack.last {
                    parents[i] = Int32(top.node)
                    positions[i] = top.next
                    stack[stack.count - 1].next += 1
                }
                if nodes[i].kind.isContainer, nodes[i].count > 0 {
                    stack.append((i, i + 1 + Int(nodes[i].size), 0))
                }
            }
        }
        self.parents = parents
        self.positions = positions
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
