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

    /// The document written into `out` (which may hand it on as it fills).
    static func document(_ source: SpanSource, into out: inout OutputBuffer) throws {
        var flattener = SpanFlattener(source: source)
        do {
            _ = try flattener.add(source.root)
        } catch let error as WriteError {
            throw error.plistError
        }
        flattener.emit(into: &out)
    }
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

    init(source: SpanSource) {
        self.source = source
        // Sized for the most strings a tree of this many nodes can need (8 bytes a slot), so
        // that it never grows: growing hashes every string again.
        strings = ByteStringTable(expected: source.tree.nodes.count)
        entries.reserveCapacity(source.tree.nodes.count)
        refs.reserveCapacity(source.tree.nodes.count)
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
                strings.insert(hash: hash, index: all.count) { ByteStringTable.hash(bytes(all[$0])) }
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

    /// The object for a 64-bit value of `kind`, stored once.
    mutating func number(_ kind: EntryKind, _ bits: UInt64) -> Int {
        let key = BitsTable.Key(kind: kind.rawValue, bits: bits)
        if let found = numbers.find(key) { return found }
        numbers.insert(key, index: entries.count)
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
            for (i, child) in source.tree.children(of: node).enumerated() {
                children.append(UInt32(try source.inMember(child, index: i, of: node) { try add(child) }))
            }
            entries[index] = Entry(.array, a: refs.count, b: children.count)
            refs.append(contentsOf: children)
            return index
        case .dictionary:
            if let uid = source.uid(node) { return number(.uid, uid) }
            try source.checkUniqueKeys(node)
            let index = entries.count
            entries.append(Entry(.dictionary, a: 0, b: 0))
            var children: [UInt32] = []
            children.reserveCapacity(Int(n.count) * 2)
            for child in source.tree.children(of: node) { children.append(UInt32(string(child, key: true))) }
            for (i, child) in source.tree.children(of: node).enumerated() {
                children.append(UInt32(try source.inMember(child, index: i, of: node) { try add(child) }))
            }
            entries[index] = Entry(.dictionary, a: refs.count, b: Int(n.count))
            refs.append(contentsOf: children)
            return index
        default:
            return try scalar(node)
        }
    }

    func emit(into out: inout OutputBuffer) {
        refs.withUnsafeBufferPointer { refs in
            BinaryPlistWriter.emitDocument(objectCount: entries.count, into: &out) { index, refSize, out in
                let entry = entries[index]
                switch entry.kind {
                case .array, .dictionary:
                    let count = entry.kind == .array ? entry.b : 2 * entry.b
                    BinaryPlistWriter.appendContainer(
                        entry.kind == .array ? 0xA : 0xD, count: entry.b, refs: refs[entry.a..<(entry.a + count)], refSize: refSize, into: &out)
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
