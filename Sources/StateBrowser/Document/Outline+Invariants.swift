import State

extension Outline {
    /// What is wrong with this outline of `tree`, checked the slow way (empty when it is
    /// sound): its sizes are the tree's, every node's state fits its kind, the collapsed count
    /// and the all-visible flag agree with the states, and the rows are exactly the nodes whose
    /// ancestors are all expanded.
    package func invariantViolations(of tree: SourceTree) -> [String] {
        var problems: [String] = []
        let nodes = tree.nodes
        guard state.count == nodes.count, sizes.count == nodes.count else { return ["outline: \(state.count) states, \(sizes.count) sizes for \(nodes.count) nodes"] }
        if let i = nodes.indices.first(where: { nodes[$0].size != sizes[$0] }) { problems.append("outline: node \(i) has size \(sizes[i]), the tree says \(nodes[i].size)") }
        var collapsed = 0
        var expected: [Int32] = []
        // Raw buffers: the check runs after every step of a randomized test, in debug builds.
        nodes.withUnsafeBufferPointer { nodes in
            state.withUnsafeBufferPointer { state in
                for i in 0..<nodes.count {
                    let expandable = nodes[i].kind.isContainer && nodes[i].count > 0
                    if expandable == (state[i] == .leaf) { problems.append("outline: node \(i) is \(state[i]) but \(expandable ? "has" : "has no") children") }
                    if state[i] == .collapsed { collapsed += 1 }
                }
                // The visible nodes by brute force: skip the subtree of every collapsed container.
                var i = 0
                while i < nodes.count {
                    expected.append(Int32(i))
                    i += state[i] == .collapsed ? 1 + Int(nodes[i].size) : 1
                }
            }
        }
        if collapsed != collapsedCount { problems.append("outline: \(collapsedCount) collapsed counted, \(collapsed) found") }
        if allVisible != (collapsedCount == 0 && !nodes.isEmpty) { problems.append("outline: allVisible is \(allVisible) with \(collapsedCount) collapsed") }
        if allVisible ? !stored.isEmpty || expected.count != nodes.count : stored != expected {
            let rows = self.rows
            let first = zip(rows, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(rows.count, expected.count)
            problems.append("outline: \(rows.count) rows, \(expected.count) expected; first difference at row \(first)")
        }
        return problems
    }
}
