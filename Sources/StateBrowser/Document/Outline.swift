import Foundation
import State

/// The rows the tree view can show: the nodes whose ancestors are all expanded, in document
/// order, as node indexes.
///
/// Because rows are in document order their node indexes only grow, so finding a node's row is
/// a binary search, and expanding or collapsing one node splices one range of rows instead of
/// rebuilding the list. Expansion is one byte per node, which also says whether the node is a
/// leaf: walks over a million expanded rows then read one byte a row, and the node table only
/// for collapsed containers (whose subtrees they skip).
package struct Outline: Sendable {
    /// The rows while some container is collapsed (empty while `allVisible`).
    private(set) var stored: [Int32]
    /// True when no container is collapsed, so every node has a row and row n shows node n:
    /// the rows are not stored at all. Expanding everything, and expanding the last collapsed
    /// node (the root after `h` on a fully expanded tree), then costs nothing per row.
    private(set) var allVisible = false
    /// How many containers are collapsed; zero means `allVisible`.
    private(set) var collapsedCount = 0
    private(set) var state: [NodeState]
    /// Each node's number of descendants, for skipping subtrees: the outline's own copy, 4
    /// bytes a node, so that it never shares the tree's node table — an edit then changes that
    /// table in place instead of copying it first.
    let sizes: [UInt32]

    enum NodeState: UInt8, Sendable {
        /// A scalar or an empty container: nothing to expand.
        case leaf
        case collapsed
        case expanded
    }

    /// An empty row list with room for every node, so that no expansion later allocates.
    /// Up to a few million nodes the room is touched now (a few ms at open for a million), so
    /// that expanding all faults in no fresh pages either; past that, touching it would cost
    /// the first screen more than any later expansion (a 1 GB file: hundreds of MB).
    private static func roomForEveryRow(_ count: Int) -> [Int32] {
        guard count <= 4_000_000 else {
            var rows: [Int32] = []
            rows.reserveCapacity(count)
            return rows
        }
        var rows = [Int32](repeating: 0, count: count)
        rows.removeAll(keepingCapacity: true)
        return rows
    }

    package init(document: BrowserDocument, expandedToDepth depth: Int = 1) {
        (sizes, state) = Self.sizesAndStates(document.tree.nodes)
        collapsedCount = state.lazy.filter { $0 == .collapsed }.count
        stored = Self.roomForEveryRow(sizes.count)
        expand(toDepth: depth)
    }

    /// The outline of `document` after an edit of the tree `old` showed: nodes outside the
    /// changed subtree keep their expansion (shifted past it), and so do the children the
    /// change maps to old children, with everything below them when their subtree is the same
    /// size (an edit inside it would have been a change of its own).
    package init(document: BrowserDocument, carrying old: Outline, change: TreeChange) {
        (sizes, state) = Self.sizesAndStates(document.tree.nodes)
        collapsedCount = state.lazy.filter { $0 == .collapsed }.count
        stored = Self.roomForEveryRow(sizes.count)
        guard let changed = document.tree.index(at: change.path), changed < old.sizes.count else {
            expand(toDepth: 1)
            return
        }
        let oldEnd = changed + 1 + Int(old.sizes[changed])
        let newEnd = changed + 1 + Int(sizes[changed])
        copyStates(from: old, oldRange: 0..<changed, to: 0)
        copyStates(from: old, oldRange: oldEnd..<old.sizes.count, to: newEnd)
        // (A leaf is a scalar or an empty container: either way no child to carry.)
        if let map = change.childMap, old.state[changed] != .leaf, state[changed] != .leaf {
            copyStates(from: old, oldRange: changed..<(changed + 1), to: changed)
            let oldChildren = Self.children(of: changed, in: old.sizes)
            for (position, child) in Self.children(of: changed, in: sizes).enumerated() {
                guard position < map.count, let oldPosition = map[position], oldPosition < oldChildren.count else { continue }
                let oldChild = oldChildren[oldPosition]
                let sameSize = old.sizes[oldChild] == sizes[child]
                copyStates(from: old, oldRange: oldChild..<(oldChild + 1 + (sameSize ? Int(sizes[child]) : 0)), to: child)
            }
        } else {
            let sameSize = oldEnd - changed == newEnd - changed
            copyStates(from: old, oldRange: changed..<(sameSize ? oldEnd : changed + 1), to: changed)
        }
        rebuild()
    }

    private static func children(of node: Int, in sizes: [UInt32]) -> [Int] {
        var result: [Int] = []
        var child = node + 1
        let end = node + 1 + Int(sizes[node])
        while child < end {
            result.append(child)
            child += 1 + Int(sizes[child])
        }
        return result
    }

    /// Each node's size, and its state before anything is expanded. Written once each, never
    /// zero-filled first, and on a large tree in two halves at once (every node's entries
    /// depend on that node alone): a 1 GB file has some 26 million nodes.
    private static func sizesAndStates(_ nodes: [SourceNode]) -> ([UInt32], [NodeState]) {
        let count = nodes.count
        var sizes: [UInt32] = []
        var states: [NodeState] = []
        nodes.withUnsafeBufferPointer { nodes in
            sizes = [UInt32](unsafeUninitializedCapacity: count) { sizesMemory, sizesCount in
                states = [NodeState](unsafeUninitializedCapacity: count) { statesMemory, statesCount in
                    let memory = Halves(nodes: nodes, sizes: sizesMemory, states: statesMemory)
                    if count > 2_000_000 && Cores.available > 1 {
                        DispatchQueue.concurrentPerform(iterations: 2) { part in memory.fill(part == 0 ? 0..<(count / 2) : (count / 2)..<count) }
                    } else {
                        memory.fill(0..<count)
                    }
                    statesCount = count
                }
                sizesCount = count
            }
        }
        return (sizes, states)
    }

    /// What the halves of `sizesAndStates` share: each writes only its own range.
    private struct Halves: @unchecked Sendable {
        let nodes: UnsafeBufferPointer<SourceNode>
        let sizes: UnsafeMutableBufferPointer<UInt32>
        let states: UnsafeMutableBufferPointer<NodeState>

        func fill(_ range: Range<Int>) {
            for i in range {
                let node = nodes[i]
                let container = node.kind.isContainer
                sizes[i] = container ? node.size : 0
                states[i] = container && node.count > 0 ? .collapsed : .leaf
            }
        }
    }

    /// Copies expansion from `old` for a run of nodes, where the new node can still expand.
    private mutating func copyStates(from old: Outline, oldRange: Range<Int>, to start: Int) {
        for (offset, oldIndex) in oldRange.enumerated() where old.state[oldIndex] == .expanded {
            let i = start + offset
            if i < state.count, state[i] == .collapsed {
                state[i] = .expanded
                collapsedCount -= 1
            }
        }
    }

    /// The node of each row, in order (built on demand while every node is visible).
    package var rows: [Int32] { allVisible ? (0..<Int32(sizes.count)).map { $0 } : stored }
    package var count: Int { allVisible ? sizes.count : stored.count }
    package subscript(row: Int) -> Int { allVisible ? row : Int(stored[row]) }

    package func isExpanded(_ node: Int) -> Bool { state[node] == .expanded }
    package func isExpandable(_ node: Int) -> Bool { state[node] != .leaf }

    /// The row showing `node`, or nil when it is hidden inside a collapsed container.
    package func row(of node: Int) -> Int? {
        if allVisible { return node < sizes.count ? node : nil }
        let target = Int32(node)
        let row = stored.partitionPoint { $0 < target }
        return row < stored.count && stored[row] == target ? row : nil
    }

    /// The last row at or before `node` in document order: the row of the node, or of the
    /// closest visible node before it (its visible ancestor when it is hidden).
    package func rowAtOrBefore(_ node: Int) -> Int {
        if allVisible { return max(0, min(node, sizes.count - 1)) }
        let target = Int32(node)
        return max(0, stored.partitionPoint { $0 <= target } - 1)
    }

    // MARK: - Expanding and collapsing

    /// Expands the node shown at `row`, splicing in its visible descendants.
    package mutating func expand(row: Int) {
        let node = self[row]
        guard state[node] == .collapsed else { return }
        state[node] = .expanded
        collapsedCount -= 1
        if collapsedCount == 0 {
            allVisible = true
            stored.removeAll(keepingCapacity: true)
            return
        }
        insertVisibleChildren(of: node, after: row)
    }

    /// Collapses the node shown at `row`, removing the rows of its descendants.
    package mutating func collapse(row: Int) {
        let node = self[row]
        guard state[node] == .expanded else { return }
        state[node] = .collapsed
        collapsedCount += 1
        if allVisible {
            // Every node was a row: the rows are now all but this node's descendants, written
            // in one pass into the kept capacity.
            allVisible = false
            let end = node + 1 + Int(sizes[node])
            stored.removeAll(keepingCapacity: true)
            stored.append(contentsOf: repeatElement(0, count: node + 1 + (sizes.count - end)))
            stored.withUnsafeMutableBufferPointer { out in
                for i in 0...node { out[i] = Int32(truncatingIfNeeded: i) }
                var n = node + 1
                for i in end..<sizes.count {
                    out[n] = Int32(truncatingIfNeeded: i)
                    n += 1
                }
            }
            return
        }
        let end = endOfSubtreeRows(from: row)
        stored.removeSubrange((row + 1)..<end)
    }

    /// Expands every ancestor of `node` so that it gets a row.
    package mutating func reveal(_ node: Int, parents: [Int32]) {
        var chain: [Int] = []
        var current = Int(parents[node])
        while current >= 0 {
            chain.append(current)
            current = Int(parents[current])
        }
        for ancestor in chain.reversed() where state[ancestor] == .collapsed {
            if let row = row(of: ancestor) { expand(row: row) }
        }
    }

    /// Expands exactly the containers above `depth` (the root is depth 0): `1` shows the
    /// top-level entries, `0` only the root. Visits only the nodes above `depth`, skipping the
    /// subtrees below it.
    package mutating func expand(toDepth depth: Int) {
        collapseEverything()
        guard !sizes.isEmpty else { return }
        expand(0, levels: depth)
        rebuild()
    }

    /// Marks `node` and its descendants `levels` deep as expanded.
    private mutating func expand(_ node: Int, levels: Int) {
        guard levels > 0, state[node] != .leaf else { return }
        if state[node] == .collapsed { collapsedCount -= 1 }
        state[node] = .expanded
        var child = node + 1
        let end = node + 1 + Int(sizes[node])
        while child < end {
            expand(child, levels: levels - 1)
            child += 1 + Int(sizes[child])
        }
    }

    private mutating func collapseEverything() {
        var containers = 0
        state.withUnsafeMutableBufferPointer { states in
            for i in states.indices where states[i] != .leaf {
                states[i] = .collapsed
                containers += 1
            }
        }
        collapsedCount = containers
    }

    /// Expands every container.
    package mutating func expandAll() {
        if collapsedCount > 0 {
            state.withUnsafeMutableBufferPointer { states in
                for i in states.indices where states[i] == .collapsed { states[i] = .expanded }
            }
        }
        collapsedCount = 0
        allVisible = true
        stored.removeAll(keepingCapacity: true)
    }

    /// Collapses everything below the root.
    package mutating func collapseAll() { expand(toDepth: 1) }

    // MARK: - Walks

    private mutating func rebuild() {
        stored.removeAll(keepingCapacity: true)
        allVisible = collapsedCount == 0 && !sizes.isEmpty
        guard !allVisible else { return }
        stored.append(0)
        if !sizes.isEmpty, state[0] == .expanded { insertVisibleChildren(of: 0, after: 0) }
    }

    /// Inserts the rows below `node` (which must be expanded, and shown at `row`) after it,
    /// skipping collapsed subtrees. Counted first, then written in place: the array keeps its
    /// capacity, so re-expanding a fully expanded root (a million rows) reuses mapped memory.
    private mutating func insertVisibleChildren(of node: Int, after row: Int) {
        let end = node + 1 + Int(sizes[node])
        let count = state.withUnsafeBufferPointer { states in
            sizes.withUnsafeBufferPointer { sizes in
                var i = node + 1
                var n = 0
                while i < end {
                    n += 1
                    i += states[i] == .collapsed ? 1 + Int(sizes[i]) : 1
                }
                return n
            }
        }
        stored.insert(contentsOf: repeatElement(0, count: count), at: row + 1)
        let states = state
        stored.withUnsafeMutableBufferPointer { out in
            states.withUnsafeBufferPointer { states in
                sizes.withUnsafeBufferPointer { sizes in
                    var i = node + 1
                    var n = row + 1
                    while i < end {
                        out[n] = Int32(truncatingIfNeeded: i)
                        n += 1
                        i += states[i] == .collapsed ? 1 + Int(sizes[i]) : 1
                    }
                }
            }
        }
    }

    /// The first row after the rows of `row`'s subtree.
    private func endOfSubtreeRows(from row: Int) -> Int {
        let last = stored[row] + Int32(sizes[Int(stored[row])])
        return stored.partitionPoint(in: (row + 1)..<stored.count) { $0 <= last }
    }
}
