extension SourceTree {
    /// The tree after `bytes[range]` is replaced by `replacement`, found by parsing only the
    /// value that changed — when the edit lies inside one scalar of a JSON, JSONC or XML file
    /// and leaves one scalar there (a new number, string, date, bool: what most edits, their
    /// undos and redos are). Nodes after it are shifted, its containers grow or shrink; the
    /// result is what parsing the whole new text gives. Nil when the edit is anything else
    /// (keys, structure, several values, binary files): the caller parses the whole text.
    public func splicing(_ range: Range<Int>, with replacement: [UInt8]) -> SourceTree? {
        var tree = self
        return tree.splice(range, with: replacement) ? tree : nil
    }

    /// `splicing`, in place: true when the tree now holds the edit; false (and unchanged) when
    /// the whole new text must be parsed instead. In place, an edit of a large file moves at
    /// most the bytes after it, and nothing when their length is unchanged.
    public mutating func splice(_ range: Range<Int>, with replacement: [UInt8]) -> Bool {
        guard format == .json || format == .jsonc || format == .xml, !nodes.isEmpty else { return false }
        // The innermost node whose value holds the whole range, and the containers above it.
        var node = SourceTree.root
        var ancestors: [Int] = []
        guard Int(nodes[node].start) <= range.lowerBound, range.upperBound <= Int(nodes[node].end) else { return false }
        descent: while nodes[node].kind.isContainer {
            for child in children(of: node) where Int(nodes[child].start) <= range.lowerBound && range.upperBound <= Int(nodes[child].end) {
                ancestors.append(node)
                node = child
                continue descent
            }
            return false  // between the children: a key, a separator, the container's own text
        }
        let old = nodes[node]
        let delta = replacement.count - range.count
        // The new value alone, parsed as a document of its own: it must be one scalar that
        // fills it exactly (no whitespace or anything else around it).
        let fragment = Array(bytes[Int(old.start)..<range.lowerBound]) + replacement + Array(bytes[range.upperBound..<Int(old.end)])
        guard let parsed = try? format.syntax.parse(fragment), parsed.nodes.count == 1, parsed.nodes[0].start == 0,
            Int(parsed.nodes[0].end) == fragment.count, !parsed.nodes[0].kind.isContainer
        else { return false }
        var fresh = parsed.nodes[0]
        fresh.start = old.start
        fresh.end = UInt32(Int(old.end) + delta)
        fresh.keyStart = old.keyStart
        // The key is the same text as before: its flag stays; the value's are the fragment's.
        fresh.flags = (fresh.flags & ~SourceNode.Flags.keyEscaped) | (old.flags & SourceNode.Flags.keyEscaped)
        bytes.replaceSubrange(range, with: replacement)
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[node] = fresh
            for a in ancestors { nodes[a].end = UInt32(Int(nodes[a].end) + delta) }
            guard delta != 0 else { return }
            for i in (node + 1)..<nodes.count {
                nodes[i].start = UInt32(Int(nodes[i].start) + delta)
                nodes[i].end = UInt32(Int(nodes[i].end) + delta)
                if nodes[i].hasKey { nodes[i].keyStart = UInt32(Int(nodes[i].keyStart) + delta) }
            }
        }
        return true
    }
}
