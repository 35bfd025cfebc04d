extension SourceTree {
    /// What is wrong with this tree's node table, checked the slow way (empty when it is
    /// sound): the root spans everything, each container's children add up to its size and
    /// count, scalars have none, only dictionary members have keys, and in the text formats
    /// every span lies inside its parent's and after its previous sibling's.
    package func invariantViolations() -> [String] {
        var problems: [String] = []
        guard let root = nodes.first else { return ["tree: no nodes"] }
        if Int(root.size) != nodes.count - 1 { problems.append("tree: the root's size \(root.size) for \(nodes.count) nodes") }
        if root.hasKey { problems.append("tree: the root has a key") }
        let isText = format != .binary
        for (i, node) in nodes.enumerated() {
            if node.start > node.end || Int(node.end) > bytes.count { problems.append("tree: node \(i) spans \(node.start)..<\(node.end) of \(bytes.count) bytes") }
            guard node.kind.isContainer else {
                if node.count != 0 || node.size != 0 { problems.append("tree: scalar \(i) has count \(node.count), size \(node.size)") }
                continue
            }
            var child = i + 1
            var children = 0
            var previousEnd = node.start
            let end = i + 1 + Int(node.size)
            guard end <= nodes.count else {
                problems.append("tree: node \(i)'s subtree runs past the table")
                continue
            }
            while child < end {
                let c = nodes[child]
                children += 1
                if c.hasKey != (node.kind == .dictionary) { problems.append("tree: child \(child) of \(node.kind) \(i) \(c.hasKey ? "has" : "lacks") a key") }
                if isText {
                    if c.start < previousEnd || c.end > node.end { problems.append("tree: child \(child) spans \(c.start)..<\(c.end), outside \(previousEnd)..<\(node.end)") }
                    if c.hasKey, c.keyStart < previousEnd || c.keyStart > c.start { problems.append("tree: key of \(child) at \(c.keyStart), outside \(previousEnd)...\(c.start)") }
                    previousEnd = c.end
                }
                child += 1 + Int(c.size)
            }
            if child != end { problems.append("tree: the children of \(i) end at \(child), its size says \(end)") }
            if children != Int(node.count) { problems.append("tree: node \(i) has \(children) children, its count says \(node.count)") }
            if problems.count > 20 { break }
        }
        return problems
    }
}
