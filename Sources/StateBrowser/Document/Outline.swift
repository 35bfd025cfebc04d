import State

/// The rows the tree view can show: the nodes whose ancestors are all expanded, in document
/// order, as node indexes.
///
/// Because rows are in document order their node indexes only grow, so finding a node's row is
/// a binary search, and expanding or collapsing one node splices one range of rows instead of
/// rebuilding the list. Expansion is one flag per node.
public struct Outline: Sendable {
    public private(set) var rows: [Int32]
    private var expanded: [Bool]
    /// The tree's node table (shared, not copied): sizes for skipping subtrees.
    private let nodes: [SourceNode]

    public init(document: BrowserDocument, expandedToDepth depth: Int = 1) {
        nodes = document.tree.nodes
        expanded = Array(repeating: false, count: nodes.count)
        rows = []
        expand(toDepth: depth)
    }

    public var count: Int { rows.count }
    public subscript(row: Int) -> Int { Int(rows[row]) }

    public func isExpanded(_ node: Int) -> Bool { expanded[node] }
    public func isExpandable(_ node: Int) -> Bool { isContainer(node) }

    private func isContainer(_ node: Int) -> Bool { nodes[node].kind.isContainer && nodes[node].count > 0 }

    /// The row showing `node`, or nil when it is hidden inside a collapsed container.
    public func row(of node: Int) -> Int? {
        let target = Int32(node)
        let row = rows.partitionPoint { $0 < target }
        return row < rows.count && rows[row] == target ? row : nil
    }

    /// The last row at or before `node` in document order: the row of the node, or of the
    /// closest visible node before it (its visible ancestor when it is hidden).
    public func rowAtOrBefore(_ node: Int) -> Int {
        let target = Int32(node)
        return max(0, rows.partitionPoint { $0 <= target } - 1)
    }

    // MARK: - Expanding and collapsing

    /// Expands the node shown at `row`, splicing in its visible descendants.
    public mutating func expand(row: Int) {
        let node = Int(rows[row])
        guard isContainer(node), !expanded[node] else { return }
        expanded[node] = true
        var inserted: [Int32] = []
        appendVisibleChildren(of: node, into: &inserted)
        rows.insert(contentsOf: inserted, at: row + 1)
    }

    /// Collapses the node shown at `row`, removing the rows of its descendants.
    public mutating func collapse(row: Int) {
        let node = Int(rows[row])
        guard expanded[node] else { return }
        expanded[node] = false
        let end = endOfSubtreeRows(from: row)
        rows.removeSubrange((row + 1)..<end)
    }

    /// Expands every ancestor of `node` so that it gets a row.
    public mutating func reveal(_ node: Int, parents: [Int32]) {
        var chain: [Int] = []
        var current = Int(parents[node])
        while current >= 0 {
            chain.append(current)
            current = Int(parents[current])
        }
        for ancestor in chain.reversed() where !expanded[ancestor] {
            if let row = row(of: ancestor) { expand(row: row) }
        }
    }

    /// Expands exactly the containers above `depth` (the root is depth 0): `1` shows the
    /// top-level entries, `0` only the root.
    public mutating func expand(toDepth depth: Int) {
        expanded = Array(repeating: false, count: nodes.count)
        guard !nodes.isEmpty else { return }
        // Depth-first with an explicit stack of (subtree end, depth).
        var stack: [(end: Int, depth: Int)] = []
        for i in 0..<nodes.count {
            while let top = stack.last, i >= top.end { stack.removeLast() }
            let d = stack.count
            if isContainer(i) {
                if d < depth { expanded[i] = true }
                stack.append((i + 1 + Int(nodes[i].size), d))
            }
        }
        rebuild()
    }

    /// Expands every container.
    public mutating func expandAll() {
        for i in 0..<expanded.count where isContainer(i) { expanded[i] = true }
        rows = (0..<Int32(nodes.count)).map { $0 }
    }

    /// Collapses everything below the root.
    public mutating func collapseAll() { expand(toDepth: 1) }

    // MARK: - Walks

    private mutating func rebuild() {
        var result: [Int32] = [0]
        if expanded[0] { appendVisibleChildren(of: 0, into: &result) }
        rows = result
    }

    /// Appends the rows below `node` (which must be expanded), skipping collapsed subtrees.
    private func appendVisibleChildren(of node: Int, into out: inout [Int32]) {
        var i = node + 1
        let end = node + 1 + Int(nodes[node].size)
        while i < end {
            out.append(Int32(i))
            i += expanded[i] ? 1 : 1 + Int(nodes[i].size)
        }
    }

    /// The first row after the rows of `row`'s subtree.
    private func endOfSubtreeRows(from row: Int) -> Int {
        let last = rows[row] + Int32(nodes[Int(rows[row])].size)
        return rows.partitionPoint(in: (row + 1)..<rows.count) { $0 <= last }
    }
}
