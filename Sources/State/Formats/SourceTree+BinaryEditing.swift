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

    /// Applies `edits` (from `binaryEdits(setting:to:)` or `binaryEdits(rewriting:…)`, or the
    /// inverse this returned for them) and reads `node` again through its parent's reference —
    /// a scalar, or a container with its whole subtree (the container a structural patch
    /// rewrote): no other object moves, so the tree is what parsing the whole new file gives.
    /// Returns the edits that take them back, or nil — with nothing changed — when `node` does
    /// not read back soundly (the caller then parses the whole file).
    public mutating func splice(binaryEdits edits: [ByteEdit], rereading node: Int) -> [ByteEdit]? {
        guard format == .binary, node < nodes.count else { return nil }
        var inverse: [ByteEdit] = []
        for edit in edits {
            guard edit.range.upperBound <= bytes.count else {
                takeBack(inverse)
                return nil
            }
            inverse.insert(edit.inverse(in: bytes), at: 0)
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
        if !nodes[node].kind.isContainer {
            guard let fresh = rereadBinaryScalar(node) else {
                takeBack(inverse)
                return nil
            }
            nodes[node] = fresh
            return inverse
        }
        guard let (fresh, ancestors) = rereadBinarySubtree(node) else {
            takeBack(inverse)
            return nil
        }
        let oldCount = Int(nodes[node].size) + 1
        let grown = fresh.count - oldCount
        for a in ancestors { nodes[a].size = UInt32(Int(nodes[a].size) + grown) }
        nodes.replaceSubrange(node..<(node + oldCount), with: fresh)
        return inverse
    }

    private mutating func takeBack(_ inverse: [ByteEdit]) {
        for edit in inverse { bytes.replaceSubrange(edit.range, with: edit.replacement) }
    }

    /// The container `node` and everything below it as the current bytes have them, found as
    /// a whole parse finds them, with the containers above it (whose sizes change with it).
    private func rereadBinarySubtree(_ node: Int) -> (nodes: [SourceNode], ancestors: [Int])? {
        var ancestors: [Int] = []
        var parent = SourceTree.root
        while parent != node {
            ancestors.append(parent)
            guard let child = children(of: parent).first(where: { $0 <= node && node <= $0 + Int(nodes[$0].size) }) else { return nil }
            parent = child
        }
        return bytes.withUnsafeBufferPointer { b -> (nodes: [SourceNode], ancestors: [Int])? in
            guard let trailer = try? BinaryPlistParser.trailer(of: b), let reference = binaryReference(of: node, in: b, trailer) else { return nil }
            guard var parser = try? BinaryPlistParser.Parser(buffer: b) else { return nil }
            parser.rootObject = Int(BinaryPlistParser.readUInt(b, reference.position, reference.size))
            parser.depthOffset = ancestors.count
            do { try parser.run() } catch { return nil }
            var fresh = parser.nodes
            guard !fresh.isEmpty else { return nil }
            fresh[0].keyStart = nodes[node].keyStart
            return (fresh, ancestors)
        }
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
        guard let (parent, position) = parentAndPosition(of: node), position < Int(nodes[parent].count),
            let h = try? BinaryPlistParser.header(b, at: Int(nodes[parent].start), limit: trailer.offsetTableOffset), h.count == Int(nodes[parent].count)
        else { return nil }
        let slot = nodes[parent].kind == .dictionary ? h.count + position : position
        let at = h.payload + slot * trailer.objectRefSize
        guard at + trailer.objectRefSize <= trailer.offsetTableOffset else { return nil }
        return (at, trailer.objectRefSize, parent)
    }

    /// Whether `range` holds bytes of `owner`'s value alone: no other value, and no key (the
    /// owner's own included), lies in any of them. Writers share equal objects, and a crafted
    /// file may overlap them; either way, bytes another node reads are not changed under it.
    private func ownsBinaryBytes(_ range: Range<Int>, node owner: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        let low = UInt32(range.lowerBound)
        let high = UInt32(range.upperBound)
        let limit = b.count
        var keyEnds = KeyEnds()
        return nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                let x = nodes[i]
                if i != owner, x.start < high, x.end > low { return false }
                guard x.hasKey, x.keyStart < high else { continue }
                if x.keyStart >= low { return false }
                guard let keyEnd = keyEnds.end(of: x.keyStart, in: b, limit: limit), keyEnd <= low else { return false }
            }
            return true
        }
    }

    private static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64(size - 1 - $0))) }
    }
}

// MARK: - Containers

extension SourceTree {
    /// The object indices container `node` of a binary plist refers to — a dictionary's keys,
    /// then its values — or nil when it cannot be read.
    public func binaryReferences(of node: Int) -> [Int]? {
        guard format == .binary, nodes[node].kind.isContainer else { return nil }
        return bytes.withUnsafeBufferPointer { b -> [Int]? in
            guard let trailer = try? BinaryPlistParser.trailer(of: b),
                let h = try? BinaryPlistParser.header(b, at: Int(nodes[node].start), limit: trailer.offsetTableOffset), h.count == Int(nodes[node].count)
            else { return nil }
            let count = nodes[node].kind == .dictionary ? 2 * h.count : h.count
            guard h.payload + count * trailer.objectRefSize <= trailer.offsetTableOffset else { return nil }
            return (0..<count).map { Int(BinaryPlistParser.readUInt(b, h.payload + $0 * trailer.objectRefSize, trailer.objectRefSize)) }
        }
    }

    /// A string object as the binary writer encodes it (for a new key).
    public static func binaryStringObject(_ string: String) -> [UInt8] {
        var out = OutputBuffer(capacity: string.utf8.count * 2 + 16)
        defer { out.deallocate() }
        BinaryPlistWriter.appendScalar(.string(string), into: &out)
        return out.bytes
    }

    /// `value` as new objects of this binary plist — numbered after its last object (and
    /// `after` more already being added), children before their container, nothing shared,
    /// references as wide as the file's — and the index of the value's own object. Nil for a
    /// null (no new value is one) or a file whose trailer cannot be read.
    public func binaryNewObjects(for value: PlistValue, after: Int = 0) -> (objects: [[UInt8]], root: Int)? {
        guard let trailer = bytes.withUnsafeBufferPointer({ try? BinaryPlistParser.trailer(of: $0) }) else { return nil }
        let first = trailer.objectCount + after
        var objects: [[UInt8]] = []
        func add(_ value: PlistValue) -> Int? {
            var references: [Int] = []
            let type: UInt8
            switch value {
            case .null:
                return nil
            case .array(let items):
                for item in items {
                    guard let r = add(item) else { return nil }
                    references.append(r)
                }
                type = 0xA
            case .dictionary(let entries):
                for key in entries.keys {
                    objects.append(Self.binaryStringObject(key))
                    references.append(first + objects.count - 1)
                }
                for item in entries.values {
                    guard let r = add(item) else { return nil }
                    references.append(r)
                }
                type = 0xD
            default:
                var out = OutputBuffer(capacity: 32)
                BinaryPlistWriter.appendScalar(value, into: &out)
                objects.append(out.bytes)
                out.deallocate()
                return first + objects.count - 1
            }
            var out = OutputBuffer(capacity: 16 + references.count * trailer.objectRefSize)
            BinaryPlistWriter.marker(type, count: type == 0xD ? references.count / 2 : references.count, into: &out)
            for r in references { out.appendBigEndian(UInt64(r), size: trailer.objectRefSize) }
            objects.append(out.bytes)
            out.deallocate()
            return first + objects.count - 1
        }
        guard let root = add(value) else { return nil }
        return (objects, root)
    }

    /// How many objects a binary plist's offset table lists (what a new object's index is).
    public var binaryObjectCount: Int? {
        bytes.withUnsafeBufferPointer { (try? BinaryPlistParser.trailer(of: $0))?.objectCount }
    }

    /// The byte edits that give container `node` of a binary plist the references
    /// `references` (object indices; a dictionary's keys, then its values), after appending
    /// `newObjects` (encoded objects, numbered from the file's object count on, which
    /// `references` may name), and zero the bytes of `zeroing` (objects nothing refers to any
    /// more). The container is rewritten where it is when its length stays or it is the last
    /// object, else it moves to the end of the object area (its old bytes zeroed). Nil when a
    /// patch cannot do it: the container is shared, or a reference or offset would outgrow
    /// its width. The tree's shape changes: the file is parsed again after them.
    public func binaryEdits(rewriting node: Int, references: [Int], appending newObjects: [[UInt8]] = [], zeroing: [Range<Int>] = []) -> [ByteEdit]? {
        guard format == .binary, nodes[node].kind.isContainer else { return nil }
        return bytes.withUnsafeBufferPointer { b -> [ByteEdit]? in
            guard let trailer = try? BinaryPlistParser.trailer(of: b), let reference = binaryReference(of: node, in: b, trailer),
                let header = try? BinaryPlistParser.header(b, at: Int(nodes[node].start), limit: trailer.offsetTableOffset)
            else { return nil }
            let n = b.count
            let table = trailer.offsetTableOffset
            let offsetSize = trailer.offsetIntSize
            let refSize = trailer.objectRefSize
            let objectCount = trailer.objectCount + newObjects.count
            guard refSize >= 8 || objectCount <= 1 << (8 * refSize), references.allSatisfy({ $0 >= 0 && $0 < objectCount }) else { return nil }
            let isDictionary = nodes[node].kind == .dictionary
            guard !isDictionary || references.count % 2 == 0 else { return nil }
            // The container anew: its own type (an array may be a set, 0xC), its count, its references.
            var out = OutputBuffer(capacity: 16 + references.count * refSize)
            defer { out.deallocate() }
            BinaryPlistWriter.marker(header.marker >> 4, count: isDictionary ? references.count / 2 : references.count, into: &out)
            for r in references { out.appendBigEndian(UInt64(r), size: refSize) }
            let container = out.bytes
            let old = nodes[node].byteRange
            guard ownsBinaryBytes(old, node: node, in: b) else { return nil }
            var edits = zeroing.filter { !$0.isEmpty && $0.upperBound <= table }.map { ByteEdit(range: $0, replacement: Array(repeating: 0, count: $0.count)) }
            // Where the table starts once the container is rewritten in place (the last object
            // may grow or shrink), and what goes at its start.
            var tableNow = table
            var appended = newObjects.flatMap { $0 }
            var movedTo: Int?
            if container.count == old.count {
                edits.append(ByteEdit(range: old, replacement: container))
            } else if old.upperBound == table {
                edits.append(ByteEdit(range: old, replacement: container))
                tableNow += container.count - old.count
            } else {
                edits.append(ByteEdit(range: old, replacement: Array(repeating: 0, count: old.count)))
                movedTo = tableNow + appended.count
                appended += container
            }
            // Each new object's offset (and the moved container's) must fit the table's width.
            guard offsetSize >= 8 || tableNow + appended.count <= 1 << (8 * offsetSize) else { return nil }
            if !appended.isEmpty { edits.append(ByteEdit(range: tableNow..<tableNow, replacement: appended)) }
            let newTable = tableNow + appended.count
            if let movedTo {
                let index = Int(BinaryPlistParser.readUInt(b, reference.position, reference.size))
                let entry = newTable + index * offsetSize
                edits.append(ByteEdit(range: entry..<(entry + offsetSize), replacement: Self.bigEndian(movedTo, offsetSize)))
            }
            // New entries after the table's last, then the trailer with the new count and offset.
            var entries: [UInt8] = []
            var offset = tableNow
            for object in newObjects {
                entries += Self.bigEndian(offset, offsetSize)
                offset += object.count
            }
            let tableEnd = table + trailer.objectCount * offsetSize
            let shift = newTable - table
            let tail =
                entries + Array(b[tableEnd..<(n - 24)]) + Self.bigEndian(objectCount, 8) + Array(b[(n - 16)..<(n - 8)]) + Self.bigEndian(newTable, 8)
            edits.append(ByteEdit(range: (tableEnd + shift)..<(n + shift), replacement: tail))
            return edits
        }
    }

    /// The byte ranges of the objects only the subtree of `node` uses — its values, its
    /// members' keys, and with `withKey` the node's own key — that no other node reads: what
    /// deleting the subtree leaves unreferenced, to be zeroed so that no deleted value stays
    /// in the file.
    public func binaryObjectsOnlyIn(subtreeOf node: Int, withKey: Bool) -> [Range<Int>] {
        guard format == .binary else { return [] }
        return bytes.withUnsafeBufferPointer { b -> [Range<Int>] in
            guard let trailer = try? BinaryPlistParser.trailer(of: b) else { return [] }
            let limit = trailer.offsetTableOffset
            let subtree = node...(node + Int(nodes[node].size))
            var keyEnds = KeyEnds()
            func keyRange(_ start: UInt32) -> Range<Int>? {
                keyEnds.end(of: start, in: b, limit: limit).map { Int(start)..<Int($0) }
            }
            // Candidates by start.
            var candidates: [Int: Int] = [:]
            for i in subtree {
                candidates[Int(nodes[i].start)] = Int(nodes[i].end)
                if nodes[i].hasKey, i != node || withKey, let key = keyRange(nodes[i].keyStart) { candidates[key.lowerBound] = key.upperBound }
            }
            // The candidates no node outside the subtree has been found to use yet, in order.
            var remaining = candidates.sorted { $0.key < $1.key }.map { $0.key..<$0.value }
            // Only what starts before the last of them ends and ends after the first starts can
            // overlap one: most nodes of a large file are told apart by that alone — all the
            // more once the shared ones (a deleted member's key, small values) are kept.
            var lowest = remaining.first?.lowerBound ?? 0
            var highest = remaining.map(\.upperBound).max() ?? 0
            // Anything outside the subtree that starts in or spans a candidate keeps it.
            func keep(overlapping range: Range<Int>) {
                var i = remaining.partitionPoint { $0.upperBound <= range.lowerBound }
                let first = i
                while i < remaining.count, remaining[i].lowerBound < range.upperBound { i += 1 }
                guard i > first else { return }
                remaining.removeSubrange(first..<i)
                lowest = remaining.first?.lowerBound ?? 0
                highest = remaining.map(\.upperBound).max() ?? 0
            }
            for i in nodes.indices where !subtree.contains(i) {
                if remaining.isEmpty { return [] }
                let x = nodes[i]
                let start = Int(x.start)
                let end = max(Int(x.end), start + 1)
                if start < highest, end > lowest { keep(overlapping: start..<end) }
                if x.hasKey, Int(x.keyStart) < highest, let key = keyRange(x.keyStart), key.upperBound > lowest { keep(overlapping: key) }
            }
            if !withKey, nodes[node].hasKey, let key = keyRange(nodes[node].keyStart) { keep(overlapping: key) }
            return remaining
        }
    }
}

extension Array {
    /// The first index whose element is not `belowTarget` (the array is partitioned by it).
    func partitionPoint(_ belowTarget: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belowTarget(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// The ends of a binary plist's key objects, by where they start, in a small direct-mapped
/// table: a writer stores each distinct key once, so the keys of a large file's members are a
/// few objects asked for again and again — read once each instead of once per member.
private struct KeyEnds {
    private var starts = [UInt32](repeating: .max, count: 256)
    private var ends = [UInt32](repeating: 0, count: 256)

    /// Where the key object starting at `start` ends; nil when it cannot be read.
    mutating func end(of start: UInt32, in b: UnsafeBufferPointer<UInt8>, limit: Int) -> UInt32? {
        let slot = Int((start ^ (start >> 8)) & 255)
        if starts[slot] == start { return ends[slot] }
        guard let h = try? BinaryPlistParser.header(b, at: Int(start), limit: limit) else { return nil }
        let end = UInt32(clamping: h.payload + (h.marker >> 4 == 0x6 ? 2 * h.count : h.count))
        starts[slot] = start
        ends[slot] = end
        return end
    }
}
