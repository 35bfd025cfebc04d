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

    /// One object: `kind` says which; `a`/`b` are the node and, for a key, 1 — or a range of
    /// `refs` for a container, or a range of `decoded` for a string that needed decoding.
    /// 12 bytes: a file (and so every offset and count in it) is below 4 GB.
    struct Entry {
        enum Kind: UInt8 { case array, dictionary, nodeScalar, plainString, decodedString, uid }
        var kind: Kind
        private var _a: UInt32
        private var _b: UInt32

        init(kind: Kind, a: Int, b: Int) {
            self.kind = kind
            _a = UInt32(truncatingIfNeeded: a)
            _b = UInt32(truncatingIfNeeded: b)
        }

        var a: Int { Int(_a) }
        var b: Int { Int(_b) }
    }

    var entries: [Entry] = []
    var refs: [UInt32] = []
    /// UTF-8 of strings that needed decoding (escapes, UTF-16, entities).
    var decoded: [UInt8] = []
    var strings: ByteStringTable
    var integers: [Int128: Int] = [:]
    var reals: [UInt64: Int] = [:]
    var dates: [UInt64: Int] = [:]
    var uids: [UInt64: Int] = [:]
    var trueIndex: Int?
    var falseIndex: Int?

    init(source: SpanSource) {
        self.source = source
        strings = ByteStringTable(expected: 1024)
        entries.reserveCapacity(source.tree.nodes.count)
        refs.reserveCapacity(source.tree.nodes.count)
    }

    /// The string object of `node`'s value (or its key), stored once.
    mutating func string(_ node: Int, key: Bool) -> Int {
        let buffer = source.buffer
        var entry: Entry
        if let plain = key ? source.plainKey(node) : source.plainString(node) {
            let start = plain.baseAddress! - buffer.baseAddress!
            entry = Entry(kind: .plainString, a: start, b: start + plain.count)
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
            entry = Entry(kind: .decodedString, a: start, b: decoded.count)
        }
        let entries = self.entries
        let found: Int? = decoded.withUnsafeBufferPointer { decoded in
            func bytes(_ e: Entry) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: (e.kind == .plainString ? buffer : decoded)[e.a..<e.b])
            }
            let text = bytes(entry)
            return strings.find(hash: ByteStringTable.hash(text)) { other in
                let o = bytes(entries[other])
                return o.count == text.count && (o.count == 0 || memcmp(o.baseAddress!, text.baseAddress!, o.count) == 0)
            }
        }
        if let found {
            if entry.kind == .decodedString { decoded.removeLast(entry.b - entry.a) }
            return found
        }
        let hash = decoded.withUnsafeBufferPointer { decoded in
            ByteStringTable.hash(UnsafeBufferPointer(rebasing: (entry.kind == .plainString ? buffer : decoded)[entry.a..<entry.b]))
        }
        let index = self.entries.count
        self.entries.append(entry)
        strings.insert(hash: hash, index: index)
        return index
    }

    mutating func scalar(_ node: Int) throws -> Int {
        let index = entries.count
        let n = source[node]
        switch n.kind {
        case .string:
            return string(node, key: false)
        case .integer:
            guard case .integer(let i) = source.scalar(node) else { break }
            if let found = integers[i] { return found }
            integers[i] = index
        case .real:
            guard case .real(let d) = source.scalar(node) else { break }
            if let found = reals[d.bitPattern] { return found }
            reals[d.bitPattern] = index
        case .date:
            guard case .date(let date) = source.scalar(node) else { break }
            let bits = date.timeIntervalSinceReferenceDate.bitPattern
            if let found = dates[bits] { return found }
            dates[bits] = index
        case .trueValue, .falseValue:
            let b = n.kind == .trueValue
            if let found = b ? trueIndex : falseIndex { return found }
            if b { trueIndex = index } else { falseIndex = index }
        case .uid:
            guard case .uid(let u) = source.scalar(node) else { break }
            if let found = uids[u] { return found }
            uids[u] = index
        case .null:
            throw WriteError(message: "null cannot be stored in a property list")
        default:
            break  // data is rarely repeated; not worth hashing
        }
        entries.append(Entry(kind: .nodeScalar, a: node, b: 0))
        return index
    }

    mutating func add(_ node: Int) throws -> Int {
        let n = source[node]
        switch n.kind {
        case .array:
            let index = entries.count
            entries.append(Entry(kind: .array, a: 0, b: 0))
            var children: [UInt32] = []
            children.reserveCapacity(Int(n.count))
            for (i, child) in source.tree.children(of: node).enumerated() {
                children.append(UInt32(try source.inMember(child, index: i, of: node) { try add(child) }))
            }
            entries[index] = Entry(kind: .array, a: refs.count, b: children.count)
            refs.append(contentsOf: children)
            return index
        case .dictionary:
            if let uid = source.uid(node) {
                if let found = uids[uid] { return found }
                uids[uid] = entries.count
                entries.append(Entry(kind: .uid, a: Int(uid), b: 0))
                return entries.count - 1
            }
            try source.checkUniqueKeys(node)
            let index = entries.count
            entries.append(Entry(kind: .dictionary, a: 0, b: 0))
            var children: [UInt32] = []
            children.reserveCapacity(Int(n.count) * 2)
            for child in source.tree.children(of: node) { children.append(UInt32(string(child, key: true))) }
            for (i, child) in source.tree.children(of: node).enumerated() {
                children.append(UInt32(try source.inMember(child, index: i, of: node) { try add(child) }))
            }
            entries[index] = Entry(kind: .dictionary, a: refs.count, b: Int(n.count))
            refs.append(contentsOf: children)
            return index
        default:
            return try scalar(node)
        }
    }

    func emit(into out: inout OutputBuffer) {
        out.append("bplist00")
        let refSize = BinaryPlistWriter.width(UInt64(entries.count))
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        refs.withUnsafeBufferPointer { refs in
            for entry in entries {
                offsets.append(out.position)
                switch entry.kind {
                case .array, .dictionary:
                    let count = entry.kind == .array ? entry.b : 2 * entry.b
                    BinaryPlistWriter.marker(entry.kind == .array ? 0xA : 0xD, count: entry.b, into: &out)
                    out.reserve(count * refSize)
                    for r in refs[entry.a..<(entry.a + count)] { out.appendBigEndian(UInt64(r), size: refSize) }
                case .plainString:
                    BinaryPlistWriter.appendString(UnsafeBufferPointer(rebasing: source.buffer[entry.a..<entry.b]), into: &out)
                case .decodedString:
                    decoded.withUnsafeBufferPointer { BinaryPlistWriter.appendString(UnsafeBufferPointer(rebasing: $0[entry.a..<entry.b]), into: &out) }
                case .uid:
                    BinaryPlistWriter.appendScalar(.uid(UInt64(entry.a)), into: &out)
                case .nodeScalar:
                    BinaryPlistWriter.appendScalar(source.scalar(entry.a), into: &out)
                }
            }
        }
        BinaryPlistWriter.appendTrailer(offsets: offsets, objectCount: entries.count, refSize: refSize, into: &out)
    }
}

/// A hash set of byte strings kept elsewhere (a flattener's entries), by open addressing: a
/// slot holds an entry index + 1 (0 is empty) beside that entry's hash.
struct ByteStringTable {
    private var indexes: [Int32]
    private var hashes: [UInt64]
    private var mask: Int
    private var count = 0

    init(expected: Int) {
        var capacity = 1024
        while capacity < expected { capacity <<= 1 }
        indexes = Array(repeating: 0, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// FNV-1a over the bytes.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h ^ (h >> 32)
    }

    /// The index of the entry with this hash that `matching` accepts.
    @inline(__always) func find(hash: UInt64, matching: (Int) -> Bool) -> Int? {
        var i = Int(truncatingIfNeeded: hash) & mask
        while indexes[i] != 0 {
            if hashes[i] == hash, matching(Int(indexes[i]) - 1) { return Int(indexes[i]) - 1 }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(hash: UInt64, index: Int) {
        if (count + 1) * 2 > indexes.count { grow() }
        place(Int32(index + 1), hash: hash)
        count += 1
    }

    private mutating func place(_ index: Int32, hash: UInt64) {
        var i = Int(truncatingIfNeeded: hash) & mask
        while indexes[i] != 0 { i = (i + 1) & mask }
        indexes[i] = index
        hashes[i] = hash
    }

    private mutating func grow() {
        let (oldIndexes, oldHashes) = (indexes, hashes)
        indexes = Array(repeating: 0, count: oldIndexes.count * 2)
        hashes = Array(repeating: 0, count: oldIndexes.count * 2)
        mask = indexes.count - 1
        for i in 0..<oldIndexes.count where oldIndexes[i] != 0 { place(oldIndexes[i], hash: oldHashes[i]) }
    }
}
