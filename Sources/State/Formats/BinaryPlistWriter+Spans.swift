import Foundation

extension BinaryPlistWriter {
    /// A `bplist00` file written from a span tree: the same objects, numbering and widths as
    /// `document(_:)` gives for the tree's value, without building the value. Strings are
    /// stored once by their bytes — plain ones straight from the file — in a table of byte
    /// ranges instead of a dictionary of `String`s.
    static func document(_ source: SpanSource) throws -> [UInt8] {
        var out = OutputBuffer(capacity: source.tree.bytes.count / 2 + 64)
        defer { out.deallocate() }
        try document(source, into: &out)
        return out.bytes
    }

    /// The document written into `out` (which may hand it on as it fills). A large tree is
    /// flattened on two threads, as a value is (see `Split`): the children of the container
    /// where most of the nodes are, from the middle on, by a second flattener, merged when the
    /// first reaches them; the same file.
    /// (`threads`, `splitAbove` nodes, `splitObjects` and `filterBits` are for tests: see
    /// `document(_:keepingNull:threads:splitWeight:splitObjects:filterBits:)`.)
    static func document(
        _ source: SpanSource, into out: inout OutputBuffer, threads: Int = Cores.available, splitAbove threshold: Int = 100_000, splitObjects: Int = 1 << 16,
        filterBits: Int = 22
    ) throws {
        let size = Int(source[source.root].size)
        // A container with a key twice is written on one thread (its members are not its
        // children, which is what the split cuts).
        let split = (threads > 1 && size > threshold ? ValueBuilder.split(source.tree.nodes, under: source.root) : nil).flatMap { split in
            source[split.container].kind == .dictionary && source.repeatedKeys(split.container) != nil ? nil : split
        }
        var flattener = SpanFlattener(source: source, expected: size + 1 - (split.map { $0.end - $0.middle } ?? 0))
        let handoff = split.map { SpanFlattener.handoff(SharedSource(source: source), container: $0.container, from: $0.middle, to: $0.end) }
        // However the walk ends, no thread is left at its share.
        defer { handoff?.settle() }
        do {
            if let split, let handoff {
                handoff.start()
                flattener.seen = SeenFilter(bits: filterBits)
                flattener.split = (split.container, split.middle, handoff)
            }
            _ = try flattener.add(source.root)
        } catch let error as WriteError {
            throw error.plistError
        }
        flattener.emit(into: &out, threads: threads, splitObjects: splitObjects)
    }
}

/// The two halves of a span writer's output and its offset table, each half written by one
/// thread (each into its own buffer and its own rows of the table).
private struct EmitParts: @unchecked Sendable {
    let flattener: SpanFlattener
    let first: UnsafeMutablePointer<OutputBuffer>
    let second: UnsafeMutablePointer<OutputBuffer>
    let offsets: UnsafeMutableBufferPointer<Int>
}

/// A span source read by two threads at once (neither writes it).
private struct SharedSource: @unchecked Sendable {
    let source: SpanSource
}

/// The objects of a span tree in write order (see `BinaryPlistWriter.document(_:)`).
private struct SpanFlattener {
    let source: SpanSource

    /// One object (see `PackedObject`): `a`/`b` are the node — or a range of `refs` for a
    /// container, or of `decoded` for a string that needed decoding, or of the file for a plain
    /// one. `integer`, `real`, `date` and `uid` hold their value's 64 bits (decoded once, when
    /// flattened); `nodeScalar` is decoded from its node when written.
    typealias Entry = PackedObject<EntryKind>
    enum EntryKind: UInt8 { case array, dictionary, nodeScalar, plainString, decodedString, uid, integer, real, date }

    var entries: [Entry] = []
    var refs: [UInt32] = []
    /// UTF-8 of strings that needed decoding (escapes, UTF-16, entities).
    var decoded: [UInt8] = []
    var strings: ByteStringTable
    /// Integers, reals, dates and UIDs stored once, by kind and bits.
    var numbers = BitsTable()
    /// Integers past 64 bits (up to `UInt64.max`), rare enough for a dictionary.
    var wideIntegers: [Int128: Int] = [:]
    var trueIndex: Int?
    var falseIndex: Int?

    /// On the first thread of a split: what this flattener has stored, roughly (see
    /// `merge`).
    var seen: SeenFilter?
    /// On the first thread of a split: the container whose children from `middle` on the
    /// second thread flattens, and that thread's work.
    var split: (container: Int, middle: Int, handoff: Handoff<Share>)?
    /// The second thread's share once merged: its tables answer after this one's.
    private var merged: MergedShare?

    /// A flattener for `expected` nodes at most.
    init(source: SpanSource, expected: Int) {
        self.source = source
        // Sized for the most strings this many nodes can need (8 bytes a slot), so that it
        // never grows: growing hashes every string again.
        strings = ByteStringTable(expected: expected)
        entries.reserveCapacity(expected)
        refs.reserveCapacity(expected)
    }

    /// The second thread's share: each of `container`'s children from `first` to `end`
    /// flattened, and its object.
    typealias Share = (flattener: SpanFlattener, roots: [Int])

    static func handoff(_ shared: SharedSource, container: Int, from first: Int, to end: Int) -> Handoff<Share> {
        Handoff {
            let source = shared.source
            var flattener = SpanFlattener(source: source, expected: end - first)
            var index = 0
            var child = container + 1
            while child < first {
                index += 1
                child += Int(source[child].size) + 1
            }
            var roots: [Int] = []
            while child < end {
                let member = child
                roots.append(try source.inMember(member, index: index, of: container) { try flattener.add(member) })
                index += 1
                child += Int(source[child].size) + 1
            }
            return (flattener, roots)
        }
    }

    /// The string object of `node`'s value (or its key), stored once.
    mutating func string(_ node: Int, key: Bool) -> Int {
        let buffer = source.buffer
        var entry: Entry
        if let plain = key ? source.plainKey(node) : source.plainString(node) {
            let start = plain.baseAddress! - buffer.baseAddress!
            entry = Entry(.plainString, a: start, b: start + plain.count)
        } else {
            var text: String
            if key {
                text = source.key(node)
            } else if case .string(let s) = source.scalar(node) {
                text = s
            } else {
                text = ""
            }
            let start = decoded.count
            text.withUTF8 { decoded.append(contentsOf: $0) }
            entry = Entry(.decodedString, a: start, b: decoded.count)
        }
        // Entries and decoded text are read in place: a copy of either kept here would make
        // every later append copy it whole.
        let found: Int? = entries.withUnsafeBufferPointer { all in
            decoded.withUnsafeBufferPointer { decoded in
                func bytes(_ e: Entry) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: (e.kind == .plainString ? buffer : decoded)[e.a..<e.b])
                }
                let text = bytes(entry)
                let hash = ByteStringTable.hash(text)
                if let found = strings.find(
                    hash: hash,
                    matching: { other in
                        let o = bytes(all[other])
                        return o.count == text.count && (o.count == 0 || memcmp(o.baseAddress!, text.baseAddress!, o.count) == 0)
                    })
                {
                    return found
                }
                if let merged, let found = merged.string(text, hash: hash) { return found }
                strings.insert(hash: hash, index: all.count) { ByteStringTable.hash(bytes(all[$0])) }
                seen?.insert(hash)
                return nil
            }
        }
        if let found {
            if entry.kind == .decodedString { decoded.removeLast(entry.b - entry.a) }
            return found
        }
        let index = entries.count
        entries.append(entry)
        return index
    }

    /// The bytes of a string entry of this flattener.
    private func bytes(_ entry: Entry, decoded: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: (entry.kind == .plainString ? source.buffer : decoded)[entry.a..<entry.b])
    }

    /// The entry of a string with these bytes in this flattener's own table.
    func storedString(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        entries.withUnsafeBufferPointer { all in
            decoded.withUnsafeBufferPointer { decoded in
                strings.find(hash: hash) { other in
                    let o = bytes(all[other], decoded: decoded)
                    return o.count == text.count && (o.count == 0 || memcmp(o.baseAddress!, text.baseAddress!, o.count) == 0)
                }
            }
        }
    }

    /// The object for a 64-bit value of `kind`, stored once.
    mutating func number(_ kind: EntryKind, _ bits: UInt64) -> Int {
        let key = BitsTable.Key(kind: kind.rawValue, bits: bits)
        if let found = numbers.find(key) { return found }
        if let merged, let found = merged.number(key) { return found }
        numbers.insert(key, index: entries.count)
        seen?.insert(BitsTable.hash(key))
        entries.append(Entry(kind, bits: bits))
        return entries.count - 1
    }

    mutating func scalar(_ node: Int) throws -> Int {
        let index = entries.count
        let n = source[node]
        switch n.kind {
        case .string:
            return string(node, key: false)
        case .integer:
            guard case .integer(let i) = source.scalar(node) else { break }
            guard let small = Int64(exactly: i) else {
                if let found = wideIntegers[i] { return found }
                wideIntegers[i] = index
                break
            }
            return number(.integer, UInt64(bitPattern: small))
        case .real:
            guard case .real(let d) = source.scalar(node) else { break }
            return number(.real, d.bitPattern)
        case .date:
            guard case .date(let date) = source.scalar(node) else { break }
            return number(.date, date.timeIntervalSinceReferenceDate.bitPattern)
        case .trueValue, .falseValue:
            let b = n.kind == .trueValue
            if let found = b ? trueIndex : falseIndex { return found }
            if b { trueIndex = index } else { falseIndex = index }
        case .uid:
            guard case .uid(let u) = source.scalar(node) else { break }
            return number(.uid, u)
        case .null:
            throw WriteError(message: "null cannot be stored in a property list")
        default:
            break  // data is rarely repeated; not worth hashing
        }
        entries.append(Entry(.nodeScalar, a: node, b: 0))
        return index
    }

    mutating func add(_ node: Int) throws -> Int {
        let n = source[node]
        switch n.kind {
        case .array:
            let index = entries.count
            entries.append(Entry(.array, a: 0, b: 0))
            var children: [UInt32] = []
            children.reserveCapacity(Int(n.count))
            let middle = node == split?.container ? split?.middle : nil
            for (i, child) in source.tree.children(of: node).enumerated() {
                if child == middle {
                    children.append(contentsOf: try mergeSplit())
                    break
                }
                children.append(UInt32(try addMember(child, index: i, of: node)))
            }
            entries[index] = Entry(.array, a: refs.count, b: children.count)
            refs.append(contentsOf: children)
            return index
        case .dictionary:
            if let uid = source.uid(node) { return number(.uid, uid) }
            let index = entries.count
            entries.append(Entry(.dictionary, a: 0, b: 0))
            // The split's container was found to hold each key once (see `document`); a key
            // twice is written once, as the value tree holds it.
            let middle = node == split?.container ? split?.middle : nil
            let repeated = middle == nil ? source.repeatedKeys(node) : nil
            let count = repeated?.count ?? Int(n.count)
            var children: [UInt32] = []
            children.reserveCapacity(count * 2)
            for member in source.members(of: node, repeated: repeated) { children.append(UInt32(string(member.key, key: true))) }
            for member in source.members(of: node, repeated: repeated) {
                if member.value == middle {
                    children.append(contentsOf: try mergeSplit())
                    break
                }
                children.append(UInt32(try addMember(member.value, index: member.index, of: node)))
            }
            entries[index] = Entry(.dictionary, a: refs.count, b: count)
            refs.append(contentsOf: children)
            return index
        default:
            return try scalar(node)
        }
    }

    /// `add(child)` for member `child` of `node`, an error's key path completed by the member
    /// (`SpanSource.inMember`, written out: calling it on `source` with a closure that
    /// mutates this flattener copied the source — a retain and a release — per member).
    @inline(__always) private mutating func addMember(_ child: Int, index: Int, of node: Int) throws -> Int {
        do { return try add(child) } catch var error as WriteError {
            error.reversedPath.append(source.pathComponent(child, index: index, of: node))
            throw error
        }
    }

    /// The second thread's share, taken (or made) and merged; its roots' objects here.
    private mutating func mergeSplit() throws -> [UInt32] {
        guard let handoff = split?.handoff else { return [] }
        split = nil
        return merge(try handoff.take().get())
    }

    /// The objects of `share` (which flattened what follows everything flattened here) added
    /// as if this flattener had walked them itself (see `BinaryPlistWriter.Flattener.merge`:
    /// scalars here already are not stored again, found through `seen` first; the rest
    /// are numbered in the share's order and not put in the tables, whose lookups from here
    /// on ask the share's tables after these).
    private mutating func merge(_ share: Share) -> [UInt32] {
        let other = share.flattener
        let seen = self.seen ?? SeenFilter(bits: 6)
        var renumbered = [UInt32](repeating: 0, count: other.entries.count)
        var containers: [Int] = []
        entries.reserveCapacity(entries.count + other.entries.count)
        refs.reserveCapacity(refs.count + other.refs.count)
        decoded.reserveCapacity(decoded.count + other.decoded.count)
        other.entries.withUnsafeBufferPointer { others in
            other.decoded.withUnsafeBufferPointer { otherDecoded in
                for j in others.indices {
                    let entry = others[j]
                    var index = entries.count
                    switch entry.kind {
                    case .array, .dictionary:
                        entries.append(entry)
                        containers.append(j)
                    case .plainString, .decodedString:
                        let text = other.bytes(entry, decoded: otherDecoded)
                        let hash = ByteStringTable.hash(text)
                        if seen.mayContain(hash), let found = storedString(text, hash: hash) {
                            index = found
                        } else if entry.kind == .plainString {
                            entries.append(entry)
                        } else {
                            entries.append(Entry(.decodedString, a: decoded.count, b: decoded.count + text.count))
                            decoded.append(contentsOf: text)
                        }
                    case .uid, .integer, .real, .date:
                        let key = BitsTable.Key(kind: entry.kind.rawValue, bits: entry.bits)
                        if seen.mayContain(BitsTable.hash(key)), let found = numbers.find(key) {
                            index = found
                        } else {
                            entries.append(entry)
                        }
                    case .nodeScalar:
                        // Booleans and integers past 64 bits are stored once by their own
                        // tables; data is never shared.
                        switch source[entry.a].kind {
                        case .trueValue:
                            if let found = trueIndex { index = found } else { trueIndex = index; entries.append(entry) }
                        case .falseValue:
                            if let found = falseIndex { index = found } else { falseIndex = index; entries.append(entry) }
                        case .integer:
                            // Only an integer past 64 bits is a node scalar (see `scalar`).
                            let wide: Int128? = if case .integer(let i) = source.scalar(entry.a) { i } else { nil }
                            if let wide, let found = wideIntegers[wide] {
                                index = found
                            } else {
                                if let wide { wideIntegers[wide] = index }
                                entries.append(entry)
                            }
                        default:
                            entries.append(entry)
                        }
                    }
                    renumbered[j] = UInt32(truncatingIfNeeded: index)
                }
            }
        }
        Entry.moveContainers(containers, of: other.entries, refs: other.refs, renumbered: renumbered, arrayKind: .array, into: &entries, refs: &refs)
        let roots = share.roots.map { renumbered[$0] }
        merged = MergedShare(flattener: other, renumbered: renumbered)
        return roots
    }

    /// The second thread's share, merged: its scalars found through its own tables, each
    /// under the number it was given in the merge.
    final class MergedShare {
        let flattener: SpanFlattener
        let renumbered: [UInt32]

        init(flattener: SpanFlattener, renumbered: [UInt32]) {
            self.flattener = flattener
            self.renumbered = renumbered
        }

        func string(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            flattener.storedString(text, hash: hash).map { Int(renumbered[$0]) }
        }

        func number(_ key: BitsTable.Key) -> Int? {
            flattener.numbers.find(key).map { Int(renumbered[$0]) }
        }
    }

    /// Writes the file into `out`. With `threads > 1` and more than `splitObjects` objects,
    /// the second half of the objects is written at the same time into a buffer of its own
    /// (a string's or data's length is only known once decoded), appended after the first.
    func emit(into out: inout OutputBuffer, threads: Int = 1, splitObjects: Int = 1 << 16) {
        let count = entries.count
        guard threads > 1, count > max(splitObjects, 1) else {
            return BinaryPlistWriter.emitDocument(objectCount: count, into: &out) { index, refSize, out in write(index, refSize: refSize, into: &out) }
        }
        let refSize = BinaryPlistWriter.width(UInt64(count))
        let middle = count / 2
        var offsets = [Int](repeating: 0, count: count)
        var second = OutputBuffer(capacity: 1 << 20)
        defer { second.deallocate() }
        withUnsafeMutablePointer(to: &out) { first in
            withUnsafeMutablePointer(to: &second) { second in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    let parts = EmitParts(flattener: self, first: first, second: second, offsets: offsets)
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        if part == 0 {
                            parts.first.pointee.append("bplist00")
                            for index in 0..<middle {
                                parts.offsets[index] = parts.first.pointee.position
                                parts.flattener.write(index, refSize: refSize, into: &parts.first.pointee)
                            }
                        } else {
                            for index in middle..<count {
                                parts.offsets[index] = parts.second.pointee.count
                                parts.flattener.write(index, refSize: refSize, into: &parts.second.pointee)
                            }
                        }
                    }
                }
            }
        }
        let shift = out.position
        for index in middle..<count { offsets[index] += shift }
        out.append(UnsafeBufferPointer(start: second.base, count: second.count))
        BinaryPlistWriter.appendTrailer(offsets: offsets, objectCount: count, refSize: refSize, into: &out)
    }

    /// Writes object `index`.
    private func write(_ index: Int, refSize: Int, into out: inout OutputBuffer) {
        let entry = entries[index]
        switch entry.kind {
        case .array, .dictionary:
            let count = entry.kind == .array ? entry.b : 2 * entry.b
            refs.withUnsafeBufferPointer { refs in
                BinaryPlistWriter.appendContainer(
                    entry.kind == .array ? 0xA : 0xD, count: entry.b, refs: refs[entry.a..<(entry.a + count)], refSize: refSize, into: &out)
            }
        case .plainString:
            BinaryPlistWriter.appendString(UnsafeBufferPointer(rebasing: source.buffer[entry.a..<entry.b]), into: &out)
        case .decodedString:
            decoded.withUnsafeBufferPointer { BinaryPlistWriter.appendString(UnsafeBufferPointer(rebasing: $0[entry.a..<entry.b]), into: &out) }
        case .uid: BinaryPlistWriter.appendScalar(.uid(entry.bits), into: &out)
        case .integer: BinaryPlistWriter.integer(Int128(Int64(bitPattern: entry.bits)), into: &out)
        case .real: BinaryPlistWriter.appendReal(bits: entry.bits, into: &out)
        case .date: BinaryPlistWriter.appendDate(bits: entry.bits, into: &out)
        case .nodeScalar:
            BinaryPlistWriter.appendScalar(source.scalar(entry.a), into: &out)
        }
    }
}

/// A hash set of byte strings kept elsewhere (a flattener's entries), by open addressing: a
/// slot is one word — the hash's top 32 bits beside the entry index + 1 (0 is empty) — so a
/// probe costs one memory access before the bytes are compared.
struct ByteStringTable {
    private var slots: [UInt64]
    private var mask: Int
    private var count = 0

    init(expected: Int) {
        var capacity = 1024
        while capacity < expected { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// A hash of the bytes taken eight at a time (a byte at a time was a fifth of converting a
    /// file to binary), mixed so that low and high bits both spread. Only equal bytes need
    /// equal hashes: it is never stored.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 32
            i += 8
        }
        if i < bytes.count {
            var tail: UInt64 = 0
            while i < bytes.count {
                tail = tail << 8 | UInt64(base[i])
                i += 1
            }
            h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 29)
    }

    /// The slot a lookup of `hash` starts at, loaded (see `BinaryPlistWriter.Flattener.prefetch`).
    @inline(__always) func touch(hash: UInt64) -> UInt64 { slots[Int(truncatingIfNeeded: hash) & mask] }

    /// The index of the entry with this hash that `matching` accepts.
    @inline(__always) func find(hash: UInt64, matching: (Int) -> Bool) -> Int? {
        let tag = hash >> 32
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let slot = slots[i]
            if slot >> 32 == tag, matching(Int(slot & 0xFFFF_FFFF) - 1) { return Int(slot & 0xFFFF_FFFF) - 1 }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Adds entry `index`; `rehash` gives the full hash of an entry already in the table (a
    /// slot keeps only the top half of it), for when the table grows.
    mutating func insert(hash: UInt64, index: Int, rehash: (Int) -> UInt64) {
        if (count + 1) * 2 > slots.count { grow(rehash) }
        place((hash >> 32) << 32 | UInt64(index + 1), start: Int(truncatingIfNeeded: hash))
        count += 1
    }

    private mutating func place(_ slot: UInt64, start: Int) {
        var i = start & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func grow(_ rehash: (Int) -> UInt64) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot != 0 { place(slot, start: Int(truncatingIfNeeded: rehash(Int(slot & 0xFFFF_FFFF) - 1))) }
    }
}

/// A hash map from (kind, 64 bits) to an object index, by open addressing with a cheap mix
/// and one 16-byte slot per probe: `Dictionary`'s SipHash was most of the time of storing
/// numbers once.
struct BitsTable {
    struct Key: Equatable {
        var kind: UInt8
        var bits: UInt64
    }

    private struct Slot {
        var bits: UInt64 = 0
        /// Object index + 1; 0 is an empty slot.
        var index: Int32 = 0
        var kind: UInt8 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 1024)
    private var count = 0

    /// The key's bits mixed so that low and high bits both spread.
    @inline(__always) static func hash(_ key: Key) -> UInt64 {
        var h = key.bits &+ UInt64(key.kind) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 29)
    }

    @inline(__always) private static func slot(_ key: Key, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash(key)) & mask
    }

    /// The slot a lookup of `key` starts at, loaded (see `BinaryPlistWriter.Flattener.prefetch`).
    @inline(__always) func touch(_ key: Key) -> UInt64 { slots[Self.slot(key, mask: slots.count - 1)].bits }

    func find(_ key: Key) -> Int? {
        let mask = slots.count - 1
        var i = Self.slot(key, mask: mask)
        while slots[i].index != 0 {
            if slots[i].bits == key.bits, slots[i].kind == key.kind { return Int(slots[i].index) - 1 }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ key: Key, index: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        place(Slot(bits: key.bits, index: Int32(index + 1), kind: key.kind))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var i = Self.slot(Key(kind: slot.kind, bits: slot.bits), mask: mask)
        while slots[i].index != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        for slot in old where slot.index != 0 { place(slot) }
    }
}
