extension SourceTree {
    /// The tree after `bytes[range]` is replaced by `replacement`, found by parsing only the
    /// innermost value that holds the edit — a scalar for a new number, string or date (what
    /// most edits, their undos and redos are), the container for a key renamed, a member
    /// deleted or inserted, a value of another type — in a JSON, JSONC or XML file. That
    /// value's nodes are replaced by the new ones, later nodes are shifted and its containers
    /// grow or shrink; the result is what parsing the whole new text gives. Nil when the edit
    /// is not inside one value below the root (the root itself, the text around it, binary
    /// files): the caller parses the whole text.
    public func splicing(_ range: Range<Int>, with replacement: [UInt8]) -> SourceTree? {
        var tree = self
        return tree.splice(range, with: replacement) ? tree : nil
    }

    /// `splicing`, in place: true when the tree now holds the edit; false (and unchanged) when
    /// the whole new text must be parsed instead. In place, an edit of a large file moves at
    /// most the bytes after it (and the nodes after the value when their number changes).
    public mutating func splice(_ range: Range<Int>, with replacement: [UInt8]) -> Bool {
        guard format == .json || format == .jsonc || format == .xml, !nodes.isEmpty else { return false }
        // The innermost node whose text holds the whole range, and the containers above it. An
        // insertion at a value's edge (an empty range at its start or end) is beside it, not in it.
        var node = SourceTree.root
        var ancestors: [Int] = []
        guard Int(nodes[node].start) <= range.lowerBound, range.upperBound <= Int(nodes[node].end) else { return false }
        descent: while nodes[node].kind.isContainer {
            for child in children(of: node) {
                let start = Int(nodes[child].start)
                let end = Int(nodes[child].end)
                guard start <= range.lowerBound, range.upperBound <= end, !range.isEmpty || (start < range.lowerBound && range.upperBound < end) else { continue }
                ancestors.append(node)
                node = child
                continue descent
            }
            break  // between the children: a key, a separator, the container's own text
        }
        // The new value alone, parsed as a document of its own: it must be one value that
        // fills it exactly (no whitespace or anything else around it), no deeper than the
        // whole document may nest. When it is not (a scalar's text made two items, say), the
        // container around it is tried, twice at most. The root is the whole document:
        // parsing it alone would save nothing.
        var parsed: SourceTree?
        for _ in 0..<3 {
            guard let parent = ancestors.last else { return false }
            let old = nodes[node]
            let fragment = Array(bytes[Int(old.start)..<range.lowerBound]) + replacement + Array(bytes[range.upperBound..<Int(old.end)])
            if let tree = try? format.syntax.parse(fragment), let first = tree.nodes.first, first.start == 0, Int(first.end) == fragment.count,
                Int(first.size) + 1 == tree.nodes.count, ancestors.count + Self.depth(of: tree.nodes) < PlistLimits.maxDepth - 1
            {
                parsed = tree
                break
            }
            node = parent
            ancestors.removeLast()
        }
        guard let parsed, !ancestors.isEmpty else { return false }
        let old = nodes[node]
        let oldCount = Int(old.size) + 1
        let delta = replacement.count - range.count
        var fresh = parsed.nodes
        let base = Int(old.start)
        for i in fresh.indices {
            fresh[i].start = UInt32(Int(fresh[i].start) + base)
            fresh[i].end = UInt32(Int(fresh[i].end) + base)
            if fresh[i].hasKey { fresh[i].keyStart = UInt32(Int(fresh[i].keyStart) + base) }
        }
        // The value's own key is the same text as before: its place and flag stay.
        fresh[0].keyStart = old.keyStart
        fresh[0].flags = (fresh[0].flags & ~SourceNode.Flags.keyEscaped) | (old.flags & SourceNode.Flags.keyEscaped)
        bytes.replaceSubrange(range, with: replacement)
        let grown = fresh.count - oldCount
        nodes.withUnsafeMutableBufferPointer { nodes in
            for a in ancestors {
                nodes[a].end = UInt32(Int(nodes[a].end) + delta)
                nodes[a].size = UInt32(Int(nodes[a].size) + grown)
            }
            guard delta != 0 else { return }
            for i in (node + oldCount)..<nodes.count {
                nodes[i].start = UInt32(Int(nodes[i].start) + delta)
                nodes[i].end = UInt32(Int(nodes[i].end) + delta)
                if nodes[i].hasKey { nodes[i].keyStart = UInt32(Int(nodes[i].keyStart) + delta) }
            }
        }
        if grown == 0 {
            nodes.withUnsafeMutableBufferPointer { nodes in
                for (i, n) in fresh.enumerated() { nodes[node + i] = n }
            }
        } else {
            nodes.replaceSubrange(node..<(node + oldCount), with: fresh)
        }
        return true
    }

    /// How deep `nodes` (a parsed value in document order) nest: 0 for a scalar.
    private static func depth(of nodes: [SourceNode]) -> Int {
        var deepest = 0
        var ends: [Int] = []  // for each open container, the index past its last node
        for (i, n) in nodes.enumerated() {
            while let end = ends.last, end <= i { ends.removeLast() }
            if n.kind.isContainer {
                ends.append(i + 1 + Int(n.size))
                deepest = max(deepest, ends.count)
            }
        }
        return deepest
    }
}
