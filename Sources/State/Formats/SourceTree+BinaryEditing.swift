extension SourceTree {
    /// The byte edits, in the order to apply them, that set the scalar `node` of a binary
    /// plist to `value` without writing the file anew — a few bytes each, however large the
    /// file. Nil when patching cannot do it (a container or null value, a container node, a
    /// shared container on the way, a reference or offset that would outgrow its width): then
    /// the file is written whole.
    ///
    /// - An object only this node uses, of the same encoded length, is overwritten in place.
    /// - One only this node uses, of another length, moves to the end of the object area: its
    ///   entry in the offset table points there and its old bytes are zeroed, so no stale
    ///   value stays in the file. An object already at the end (moved by an earlier edit) is
    ///   replaced where it is, so editing one value again and again does not grow the file.
    /// - One shared with other values or keys (writers store equal scalars once) stays for
    ///   them: the new object gets a new index, and the parent's reference is changed to it.
    ///
    /// `splice(binaryEdits:rereading:)` applies them and their inverses to the tree.
    public func binaryEdits(setting node: Int, to value: PlistValue) -> [ByteEdit]? {
        guard format == .binary, node < nodes.count, !nodes[node].kind.isContainer, !value.isContainer, value != .null else { return nil }
        var out = OutputBuffer(capacity: 64)
        defer { out.deallocate() }
        BinaryPlistWriter.appendScalar(value, into: &out)
        let object = out.bytes
        return bytes.withUnsafeBufferPointer { b -> [ByteEdit]? in
            guard let trailer = try? BinaryPlistParser.trailer(of: b), let reference = binaryReference(of: node, in: b, trailer) else { return nil }
            let n = b.count
            let old = nodes[node].byteRange
            let table = trailer.offsetTableOffset
            let offsetSize = trailer.offsetIntSize
            let owned = ownsBinaryBytes(old, node: node, in: b)
            if owned, object.count == old.count { return [ByteEdit(range: old, replacement: object)] }
            let grown = n + object.count
            if owned, old.upperBound == table {
                let delta = object.count - old.count
                return [ByteEdit(range: old, replacement: object), ByteEdit(range: (n + delta - 8)..<(n + delta), replacement: Self.bigEndian(table + delta, 8))]
            }
            // The new object goes where the offset table starts now; its offset must fit the table's width.
            guard offsetSize >= 8 || table < 1 << (8 * offsetSize) else { return nil }
            if owned {
                let index = Int(BinaryPlistParser.readUInt(b, reference.position, reference.size))
                let entry = table + object.count + index * offsetSize
                return [
                    ByteEdit(range: old, replacement: Array(repeating: 0, count: old.count)),
                    ByteEdit(range: table..<table, replacement: object),
                    ByteEdit(range: entry..<(entry + offsetSize), replacement: Self.bigEndian(table, offsetSize)),
                    ByteEdit(range: (grown - 8)..<grown, replacement: Self.bigEndian(table + object.count, 8)),
                ]
            }
            // Shared: the parent's reference changes, so the parent must be its own too.
            let newIndex = trailer.objectCount
            guard let parent = reference.parent, ownsBinaryBytes(nodes[parent].byteRange, node: parent, in: b),
                trailer.objectRefSize >= 8 || newIndex < 1 << (8 * trailer.objectRefSize)
            else { return nil }
            let tableEnd = table + trailer.objectCount * offsetSize
            // One more entry, then what lay between the table and the trailer's counts, the new
            // count, the top object as it was and the table's new offset.
            let tail =
                Self.bigEndian(table, offsetSize) + Array(b[tableEnd..<(n - 24)]) + Self.bigEndian(trailer.objectCount + 1, 8) + Array(b[(n - 16)..<(n - 8)])
                + Self.bigEndian(table + object.count, 8)
            return [
                ByteEdit(range: reference.position..<(reference.position + reference.size), replacement: Self.bigEndian(newIndex, reference.size)),
                ByteEdit(range: table..<table, replacement: object),
                ByteEdit(range: (tableEnd + object.count)..<grown, replacement: tail),
            ]
        }
    }

    /// Applies `edits` (from `binaryEdits(setting:to:)`, or the inverse this returned for them)
    /// and reads the scalar `node` again through its parent's reference: no other node moves,
    /// so the tree is what parsing the whole new file gives. Returns the edits that take them
    /// back, or nil — with nothing changed — when `node` does not read back as a sound scalar
    /// (the caller then parses the whole file).
    public mutating func splice(binaryEdits edits: [ByteEdit], rereading node: Int) -> [ByteEdit]? {
        guard format == .binary, node < nodes.count, !nodes[node].kind.isContainer else { return nil }
        var inverse: [ByteEdit] = []
        for edit in edits {
            guard edit.range.upperBound <= bytes.count else {
                takeBack(inverse)
                return nil
            }
            inverse.insert(edit.inverse(in: bytes), at: 0)
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
        guard let fresh = rereadBinaryScalar(node) else {
            takeBack(inverse)
            return nil
        }
        nodes[node] = fresh
        return inverse
    }

    private mutating func takeBack(_ inverse: [ByteEdit]) {
        for edit in inverse { bytes.replaceSubrange(edit.range, with: edit.replacement) }
    }

    /// The scalar `node` as the current bytes have it, found as a whole parse finds it.
    private func rereadBinaryScalar(_ node: Int) -> SourceNode? {
        bytes.withUnsafeBufferPointer { b -> SourceNode? in
            guard let trailer = try? BinaryPlistParser.trailer(of: b), let reference = binaryReference(of: node, in: b, trailer) else { return nil }
            let index = BinaryPlistParser.readUInt(b, reference.position, reference.size)
            guard index < UInt64(trailer.objectCount) else { return nil }
            let start = BinaryPlistParser.readUInt(b, trailer.offsetTableOffset + Int(index) * trailer.offsetIntSize, trailer.offsetIntSize)
            guard start >= 8, start < UInt64(trailer.offsetTableOffset),
                let (kind, end) = try? BinaryPlistParser.Parser.validate(b, at: Int(start), limit: trailer.offsetTableOffset, refSize: trailer.objectRefSize),
                !kind.isContainer
            else { return nil }
            return SourceNode(kind: kind, start: Int(start), end: end, keyStart: nodes[node].keyStart)
        }
    }

    /// Where the reference to `node`'s object is: in its parent's list (a dictionary's values
    /// follow its keys), or the trailer's top object for the root.
    private func binaryReference(of node: Int, in b: UnsafeBufferPointer<UInt8>, _ trailer: BinaryPlistParser.Trailer) -> (position: Int, size: Int, parent: Int?)? {
        if node == SourceTree.root { return (b.count - 16, 8, nil) }
        // Down from the root, skipping whole subtrees, to the parent and the child's position.
        var parent = SourceTree.root
        while true {
            var child = parent + 1
            var position = 0
            while child < node, node > child + Int(nodes[child].size) {
                child += 1 + Int(nodes[child].size)
                position += 1
            }
            guard child <= node, position < Int(nodes[parent].count) else { return nil }
            if child == node {
                guard let h = try? BinaryPlistParser.header(b, at: Int(nodes[parent].start), limit: trailer.offsetTableOffset), h.count == Int(nodes[parent].count) else {
                    return nil
                }
                let slot = nodes[parent].kind == .dictionary ? h.count + position : position
                let at = h.payload + slot * trailer.objectRefSize
                guard at + trailer.objectRefSize <= trailer.offsetTableOffset else { return nil }
                return (at, trailer.objectRefSize, parent)
            }
            parent = child
        }
    }

    /// Whether `range` holds bytes of `owner`'s value alone: no other value, and no key (the
    /// owner's own included), lies in any of them. Writers share equal objects, and a crafted
    /// file may overlap them; either way, bytes another node reads are not changed under it.
    private func ownsBinaryBytes(_ range: Range<Int>, node owner: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        let low = UInt32(range.lowerBound)
        let high = UInt32(range.upperBound)
        let limit = b.count
        // Keys repeat (one object per distinct key): the last one's end is kept.
        var lastKey = SourceNode.noKey
        var lastKeyEnd: UInt32 = 0
        return nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                let x = nodes[i]
                if i != owner, x.start < high, x.end > low { return false }
                guard x.hasKey, x.keyStart < high else { continue }
                if x.keyStart >= low { return false }
                if x.keyStart != lastKey {
                    lastKey = x.keyStart
                    guard let h = try? BinaryPlistParser.header(b, at: Int(x.keyStart), limit: limit) else { return false }
                    lastKeyEnd = UInt32(clamping: h.payload + (h.marker >> 4 == 0x6 ? 2 * h.count : h.count))
                }
                if lastKeyEnd > low { return false }
            }
            return true
        }
    }

    private static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64(size - 1 - $0))) }
    }
}
