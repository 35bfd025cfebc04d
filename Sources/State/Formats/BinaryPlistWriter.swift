import Foundation

/// Writes `bplist00` files deterministically: objects are numbered in pre-order (a
/// dictionary's keys before its values), equal scalars are stored once, and integer, offset and
/// reference widths are the smallest that fit.
public enum BinaryPlistWriter {
    /// With `keepingNull`, a null is written as the `bplist00` null object (0x00) — for
    /// rewriting a binary file that had one; otherwise null is refused, since CoreFoundation
    /// and plistlib read no null (JSON's null has no property-list spelling).
    public static func document(_ value: PlistValue, keepingNull: Bool = false) throws -> [UInt8] {
        try document(value, keepingNull: keepingNull, threads: Cores.available)
    }

    /// The document, flattened on two threads when `threads > 1` and the value weighs at
    /// least `splitWeight` (see `Split`), and written on two when it has more than
    /// `splitObjects` objects. The same bytes, whatever these are.
    /// (`filterBits`: the size of the merge's filter, as a power of two; tests make it small
    /// to have it answer "maybe" wrongly often.)
    static func document(
        _ value: PlistValue, keepingNull: Bool = false, threads: Int, splitWeight: Int = 20_000, splitObjects: Int = 1 << 16, filterBits: Int = 22
    ) throws -> [UInt8] {
        var flattener = Flattener()
        flattener.keepsNull = keepingNull
        do {
            if threads > 1, let split = Split.find(in: value, minimum: splitWeight) {
                let handoff = handoff(container: split.container, cut: split.cut, keepsNull: keepingNull)
                flattener.seen = SeenFilter(bits: filterBits)
                handoff.start()
                defer { handoff.settle() }
                _ = try flattener.add(value, along: split.path[...], cut: split.cut, handoff: handoff)
            } else {
                _ = try flattener.add(value)
            }
        } catch let error as WriteError {
            throw error.plistError
        }
        return flattener.emit(threads: threads, splitObjects: splitObjects)
    }

    /// One object of the value flattener, in 12 bytes: `kind` says which; `a`/`b` hold a range
    /// (of `refs` for a container, of the string arena for a string, of `dataBytes` for data), or a
    /// 64-bit value's bits. Not a `PlistValue`: keeping one per object was a retain when stored
    /// and another when written, and twice the memory.
    typealias Entry = PackedObject<EntryKind>
    enum EntryKind: UInt8 { case array, dictionary, string, integer, unsigned, wideInteger, real, date, uid, bool, data, null }

    struct Flattener {
        var entries: [Entry] = []
        /// Object references, 32 bits each (an object index, like `Entry`'s fields, is below
        /// 2^32): half the memory of `Int`s, and memory first touched is much of a write's time.
        var refs: [UInt32] = []
        /// Children of the containers being flattened, innermost last: one buffer for all of
        /// them instead of an array per container.
        private var pending: [UInt32] = []
        // Equal scalars are stored once, in open-addressed tables with cheap hashes (a
        // `Dictionary`'s SipHash was most of the time of building a keyed archive's graph):
        // strings by their UTF-8, kept in one arena; numbers, dates and UIDs by kind and bits.
        var strings = ByteStringTable(expected: 1024)
        var stringBytes: [UInt8] = []
        /// Per string stored: where its UTF-8 is in `stringBytes`, its entry, and its hash (so
        /// that growing the table does not hash every string again).
        var stringSpans: [(start: Int, count: Int, entry: Int, hash: UInt64)] = []
        var numbers = BitsTable()
        /// The bytes of data objects (rarely repeated; not worth hashing), one after another:
        /// copied while the walk has each `Data` in hand, so that writing reads them in order
        /// instead of visiting (and retaining) one heap object per data object.
        var dataBytes: [UInt8] = []
        /// Integers past 64 bits.
        var wideIntegers: [Int128] = []
        var wideIndexes: [Int128: Int] = [:]
        var trueIndex: Int?
        var falseIndex: Int?
        var keepsNull = false
        /// What `prefetch` loaded, kept so that its loads are not optimized away.
        private var touched: UInt64 = 0
        /// On the first core of a split: what this flattener has stored, roughly (see
        /// `merge`).
        var seen: SeenFilter?
        /// The second core's share once merged: its tables answer after this one's.
        private var merged: MergedShare?
        /// The last dictionary keys stored, by the bits of the `String` itself: the keys of a
        /// value tree's (or a graph's) thousands of like dictionaries are one string object
        /// each (or short enough to be their bits), so most keys are found without hashing
        /// their bytes. The string is kept, so its storage cannot be freed and reused by
        /// another while its bits stand for it here.
        private var recentKeys = [(key: String, entry: Int)?](repeating: nil, count: 64)

        mutating func scalar(_ value: PlistValue) -> Int {
            let index = entries.count
            switch value {
            case .string(var s):
                return s.withUTF8 { string(utf8: $0) }
            case .integer(let i):
                if let small = Int64(exactly: i) { return number(.integer, UInt64(bitPattern: small)) }
                if let large = UInt64(exactly: i) { return number(.unsigned, large) }
                if let found = wideIndexes[i] { return found }
                wideIndexes[i] = index
                entries.append(Entry(.wideInteger, a: wideIntegers.count, b: 0))
                wideIntegers.append(i)
            case .real(let d):
                return number(.real, d.bitPattern)
            case .date(let date):
                return number(.date, date.timeIntervalSinceReferenceDate.bitPattern)
            case .bool(let b):
                if let found = b ? trueIndex : falseIndex { return found }
                if b { trueIndex = index } else { falseIndex = index }
                entries.append(Entry(.bool, a: b ? 1 : 0, b: 0))
            case .uid(let u):
                return number(.uid, u)
            case .data(let bytes):
                entries.append(Entry(.data, a: dataBytes.count, b: dataBytes.count + bytes.count))
                dataBytes.append(contentsOf: bytes)
            case .null:
                entries.append(Entry(.null, a: 0, b: 0))
            case .array, .dictionary:
                preconditionFailure("not a scalar")
            }
            return index
        }

        /// The entry of the dictionary key `key`, stored once (as `scalar(.string(key))`).
        mutating func key(_ key: String) -> Int {
            // Equal bits are the same string: the same short string's bytes, or the same
            // string object (which `recentKeys` keeps alive).
            let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
            let slot = Int(truncatingIfNeeded: ((bits.0 ^ bits.1) &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if let recent = recentKeys[slot], unsafeBitCast(recent.key, to: (UInt64, UInt64).self) == bits { return recent.entry }
            let entry = scalar(.string(key))
            recentKeys[slot] = (key, entry)
            return entry
        }

        /// The entry of the string with these bytes, stored once.
        mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) -> Int {
            string(utf8: text, hash: ByteStringTable.hash(text))
        }

        /// The entry of the string with these bytes and this `ByteStringTable.hash`.
        private mutating func string(utf8 text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
            if let found = storedString(utf8: text, hash: hash) { return found }
            if let merged, let found = merged.string(utf8: text, hash: hash) { return found }
            let index = entries.count
            let ordinal = stringSpans.count
            stringSpans.append((stringBytes.count, text.count, index, hash))
            entries.append(Entry(.string, a: stringBytes.count, b: stringBytes.count + text.count))
            stringBytes.append(contentsOf: text)
            stringSpans.withUnsafeBufferPointer { spans in
                strings.insert(hash: hash, index: ordinal) { spans[$0].hash }
            }
            seen?.insert(hash)
            return index
        }

        /// The entry of a string with these bytes in this flattener's own table.
        func storedString(utf8 text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            let found: Int? = stringBytes.withUnsafeBufferPointer { arena in
                stringSpans.withUnsafeBufferPointer { spans in
                    strings.find(hash: hash) { ordinal in
                        let span = spans[ordinal]
                        return span.count == text.count && (span.count == 0 || memcmp(arena.baseAddress! + span.start, text.baseAddress!, span.count) == 0)
                    }
                }
            }
            return found.map { stringSpans[$0].entry }
        }

        /// The entry of the value of `kind` with these bits, stored once.
        private mutating func number(_ kind: EntryKind, _ bits: UInt64) -> Int {
            let key = BitsTable.Key(kind: kind.rawValue, bits: bits)
            if let found = numbers.find(key) { return found }
            if let merged, let found = merged.number(key) { return found }
            let index = entries.count
            numbers.insert(key, index: index)
            entries.append(Entry(kind, bits: bits))
            seen?.insert(BitsTable.hash(key))
            return index
        }

        mutating func add(_ value: PlistValue) throws -> Int {
            switch value {
            case .array(let items):
                let index = entries.count
                entries.append(Entry(.array, a: 0, b: 0))
                let first = pending.count
                prefetch(items)
                for i in items.indices { pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.index(i)) { try add(items[i]) })) }
                container(.array, at: index, count: items.count, from: first)
                return index
            case .dictionary(let dict):
                let index = entries.count
                entries.append(Entry(.dictionary, a: 0, b: 0))
                let first = pending.count
                let keys = dict.keys
                for i in keys.indices { pending.append(UInt32(truncatingIfNeeded: key(keys[i]))) }
                let values = dict.values
                prefetch(values)
                for i in values.indices { pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.key(keys[i])) { try add(values[i]) })) }
                container(.dictionary, at: index, count: dict.count, from: first)
                return index
            case .null where !keepsNull:
                throw WriteError(message: "null cannot be stored in a property list")
            default:
                return scalar(value)
            }
        }

        /// `value` added as `add(_:)` adds it, except that the walk follows `path` to the
        /// split container, where the children from the cut on are not walked but taken,
        /// flattened, from `handoff` and merged: the same objects in the same order.
        mutating func add(_ value: PlistValue, along path: ArraySlice<Int>, cut: Int, handoff: Handoff<Share>) throws -> Int {
            let stop = path.first ?? cut
            switch value {
            case .array(let items):
                let index = entries.count
                entries.append(Entry(.array, a: 0, b: 0))
                let first = pending.count
                for i in items.indices[..<stop] { pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.index(i)) { try add(items[i]) })) }
                if path.isEmpty {
                    pending.append(contentsOf: try merge(handoff.take().get()))
                } else {
                    pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.index(stop)) { try add(items[stop], along: path.dropFirst(), cut: cut, handoff: handoff) }))
                    for i in items.indices[(stop + 1)...] { pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.index(i)) { try add(items[i]) })) }
                }
                container(.array, at: index, count: items.count, from: first)
                return index
            case .dictionary(let dict):
                let index = entries.count
                entries.append(Entry(.dictionary, a: 0, b: 0))
                let first = pending.count
                let keys = dict.keys
                for i in keys.indices { pending.append(UInt32(truncatingIfNeeded: key(keys[i]))) }
                let values = dict.values
                for i in values.indices[..<stop] { pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.key(keys[i])) { try add(values[i]) })) }
                if path.isEmpty {
                    pending.append(contentsOf: try merge(handoff.take().get()))
                } else {
                    pending.append(
                        UInt32(truncatingIfNeeded: try WriteError.within(.key(keys[stop])) { try add(values[stop], along: path.dropFirst(), cut: cut, handoff: handoff) }))
                    for i in values.indices[(stop + 1)...] {
                        pending.append(UInt32(truncatingIfNeeded: try WriteError.within(.key(keys[i])) { try add(values[i]) }))
                    }
                }
                container(.dictionary, at: index, count: dict.count, from: first)
                return index
            default:
                preconditionFailure("a split runs through containers")
            }
        }

        /// The objects of `other` (which flattened what follows everything flattened here)
        /// added as if this flattener had walked them itself: scalars already here are not
        /// stored again, the rest are numbered in `other`'s order after this one's. The
        /// objects of `roots`, renumbered.
        ///
        /// Most of `other`'s scalars are new here, and a lookup in this flattener's tables is
        /// a cache miss each (as long as flattening them was): `seen` answers first, from a
        /// cache-sized filter, and only a scalar it may have seen is looked up. New scalars
        /// are not put in the tables; lookups from here on ask `other`'s tables after these.
        private mutating func merge(_ share: Share) -> [UInt32] {
            let other = share.flattener
            let seen = self.seen ?? SeenFilter(bits: 6)
            var renumbered = [UInt32](repeating: 0, count: other.entries.count)
            var containers: [Int] = []
            var stringOrdinal = 0
            // Grown once, not doubled (and copied) on the way.
            entries.reserveCapacity(entries.count + other.entries.count)
            refs.reserveCapacity(refs.count + other.refs.count)
            stringBytes.reserveCapacity(stringBytes.count + other.stringBytes.count)
            dataBytes.reserveCapacity(dataBytes.count + other.dataBytes.count)
            other.entries.withUnsafeBufferPointer { others in
                other.stringBytes.withUnsafeBufferPointer { arena in
                    for j in others.indices {
                        let entry = others[j]
                        var index = entries.count
                        switch entry.kind {
                        case .array, .dictionary:
                            entries.append(entry)
                            containers.append(j)
                        case .string:
                            let text = UnsafeBufferPointer(rebasing: arena[entry.a..<entry.b])
                            let hash = other.stringSpans[stringOrdinal].hash
                            stringOrdinal += 1
                            if seen.mayContain(hash), let found = storedString(utf8: text, hash: hash) {
                                index = found
                            } else {
                                entries.append(Entry(.string, a: stringBytes.count, b: stringBytes.count + text.count))
                                stringBytes.append(contentsOf: text)
                            }
                        case .integer, .unsigned, .real, .date, .uid:
                            let key = BitsTable.Key(kind: entry.kind.rawValue, bits: entry.bits)
                            if seen.mayContain(BitsTable.hash(key)), let found = numbers.find(key) {
                                index = found
                            } else {
                                entries.append(entry)
                            }
                        case .wideInteger:
                            index = scalar(.integer(other.wideIntegers[entry.a]))
                        case .bool:
                            index = scalar(.bool(entry.a == 1))
                        case .data:
                            index = entries.count
                            entries.append(Entry(.data, a: dataBytes.count, b: dataBytes.count + entry.b - entry.a))
                            dataBytes.append(contentsOf: other.dataBytes[entry.a..<entry.b])
                        case .null:
                            index = scalar(.null)
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

        /// Loads the table slots that `values`' numbers and strings will be looked up in, all
        /// before any lookup: most distinct numbers and strings are a cache miss each, and
        /// loads that do not depend on one another overlap instead of coming one by one.
        /// Nothing is decided here; the lookups that follow find the slots in the cache.
        private mutating func prefetch<Values: Collection<PlistValue>>(_ values: Values) {
            var touched: UInt64 = 0
            for value in values {
                switch value {
                case .real(let d): touched &+= numbers.touch(BitsTable.Key(kind: EntryKind.real.rawValue, bits: d.bitPattern))
                case .date(let date):
                    touched &+= numbers.touch(BitsTable.Key(kind: EntryKind.date.rawValue, bits: date.timeIntervalSinceReferenceDate.bitPattern))
                case .string(let s):
                    touched &+= s.utf8.withContiguousStorageIfAvailable { strings.touch(hash: ByteStringTable.hash($0)) } ?? 0
                default: break
                }
            }
            self.touched &+= touched
        }

        /// Moves a container's children from `pending[first...]` to `refs`.
        private mutating func container(_ kind: EntryKind, at index: Int, count: Int, from first: Int) {
            entries[index] = Entry(kind, a: refs.count, b: count)
            refs.append(contentsOf: pending[first...])
            pending.removeSubrange(first...)
        }

        /// An array of the objects `items` (already flattened).
        mutating func array(_ items: [Int]) -> Int {
            entries.append(Entry(.array, a: refs.count, b: items.count))
            refs.append(contentsOf: items.lazy.map { UInt32(truncatingIfNeeded: $0) })
            return entries.count - 1
        }

        /// A dictionary of `keys` to the objects `values` (already flattened).
        mutating func dictionary(keys: [String], values: [Int]) -> Int {
            // Straight into `refs` (storing a key touches the tables and entries, never refs).
            let first = refs.count
            for key in keys { refs.append(UInt32(truncatingIfNeeded: self.key(key))) }
            for value in values { refs.append(UInt32(truncatingIfNeeded: value)) }
            entries.append(Entry(.dictionary, a: first, b: keys.count))
            return entries.count - 1
        }

        /// The size in bytes of entry `entry` as `write` writes it.
        func size(of entry: Entry, refSize: Int, arena: UnsafeBufferPointer<UInt8>) -> Int {
            switch entry.kind {
            case .array: BinaryPlistWriter.markerSize(entry.b) + entry.b * refSize
            case .dictionary: BinaryPlistWriter.markerSize(entry.b) + 2 * entry.b * refSize
            case .string: BinaryPlistWriter.stringSize(UnsafeBufferPointer(rebasing: arena[entry.a..<entry.b]))
            case .integer: BinaryPlistWriter.integerSize(Int128(Int64(bitPattern: entry.bits)))
            case .unsigned: BinaryPlistWriter.integerSize(Int128(entry.bits))
            case .wideInteger: BinaryPlistWriter.integerSize(wideIntegers[entry.a])
            case .real, .date: 9
            case .uid: 1 + BinaryPlistWriter.width(entry.bits)
            case .bool, .null: 1
            case .data: BinaryPlistWriter.markerSize(entry.b - entry.a) + entry.b - entry.a
            }
        }

        /// Writes entry `entry`.
        func write(_ entry: Entry, refSize: Int, refs: UnsafeBufferPointer<UInt32>, arena: UnsafeBufferPointer<UInt8>, into out: inout OutputBuffer) {
            switch entry.kind {
            case .array:
                BinaryPlistWriter.appendContainer(0xA, count: entry.b, refs: refs[entry.a..<(entry.a + entry.b)], refSize: refSize, into: &out)
            case .dictionary:
                BinaryPlistWriter.appendContainer(0xD, count: entry.b, refs: refs[entry.a..<(entry.a + 2 * entry.b)], refSize: refSize, into: &out)
            case .string:
                BinaryPlistWriter.appendString(UnsafeBufferPointer(rebasing: arena[entry.a..<entry.b]), into: &out)
            case .integer:
                BinaryPlistWriter.integer(Int128(Int64(bitPattern: entry.bits)), into: &out)
            case .unsigned:
                BinaryPlistWriter.integer(Int128(entry.bits), into: &out)
            case .wideInteger:
                BinaryPlistWriter.integer(wideIntegers[entry.a], into: &out)
            case .real:
                BinaryPlistWriter.appendReal(bits: entry.bits, into: &out)
            case .date:
                BinaryPlistWriter.appendDate(bits: entry.bits, into: &out)
            case .uid:
                BinaryPlistWriter.appendScalar(.uid(entry.bits), into: &out)
            case .bool:
                out.append(entry.a == 1 ? 0x09 : 0x08)
            case .data:
                BinaryPlistWriter.marker(0x4, count: entry.b - entry.a, into: &out)
                dataBytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[entry.a..<entry.b])) }
            case .null:
                out.append(0x00)
            }
        }

        /// The file. Every object's size is known before it is written, so the file is written
        /// once, into an array of its exact size: no buffer grown and copied, and half the
        /// fresh memory (whose first touch is a page fault) of writing it and copying it out.
        /// With `threads > 1` and more than `splitObjects` objects, the objects are measured,
        /// then written, in two halves at once (the second half's offsets moved by the
        /// first's length between the two).
        func emit(topObject: Int = 0, threads: Int = 1, splitObjects: Int = 1 << 16) -> [UInt8] {
            let refSize = BinaryPlistWriter.width(UInt64(entries.count))
            let count = entries.count
            // Where each part's objects begin (the last bound is past them all).
            let bounds = threads > 1 && count > max(splitObjects, 1) ? [0, count / 2, count] : [0, count]
            let parts = bounds.count - 1
            return refs.withUnsafeBufferPointer { refs in
                stringBytes.withUnsafeBufferPointer { arena in
                    entries.withUnsafeBufferPointer { entries in
                        var lengths = [Int](repeating: 0, count: parts)
                        let offsets = [Int](unsafeUninitializedCapacity: count) { offsets, initialized in
                            let table = offsets
                            lengths.withUnsafeMutableBufferPointer { buffer in
                                let lengths = buffer
                                let measure = { (part: Int) in
                                    var end = part == 0 ? 8 : 0
                                    for index in bounds[part]..<bounds[part + 1] {
                                        table[index] = end
                                        end += size(of: entries[index], refSize: refSize, arena: arena)
                                    }
                                    lengths[part] = end
                                }
                                Self.run(parts, measure)
                            }
                            initialized = count
                        }
                        let position = lengths.reduce(0, +)
                        let offsetSize = BinaryPlistWriter.width(UInt64(position))
                        let total = position + count * offsetSize + 32
                        var fallback: [UInt8]?
                        let file = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                            let memory = buffer
                            var exact = [Bool](repeating: false, count: parts)
                            offsets.withUnsafeBufferPointer { measured in
                                let offsets = UnsafeMutableBufferPointer(mutating: measured)
                                exact.withUnsafeMutableBufferPointer { buffer in
                                    let exact = buffer
                                    let writePart = { (part: Int) in
                                        let from = part == 0 ? 0 : lengths[0]
                                        if from != 0 { for index in bounds[part]..<bounds[part + 1] { offsets[index] += from } }
                                        let to = part == parts - 1 ? position : lengths[0]
                                        let region = UnsafeMutableBufferPointer(rebasing: memory[from..<to])
                                        var out = OutputBuffer(wrapping: region)
                                        defer { out.deallocate() }
                                        if part == 0 { out.append("bplist00") }
                                        var ok = true
                                        for index in bounds[part]..<bounds[part + 1] {
                                            ok = ok && from + out.position == offsets[index]
                                            write(entries[index], refSize: refSize, refs: refs, arena: arena, into: &out)
                                        }
                                        exact[part] = ok && from + out.position == to && out.isWriting(into: region)
                                        // This part's rows of the offset table.
                                        let rows = position + bounds[part] * offsetSize..<position + bounds[part + 1] * offsetSize
                                        let rowRegion = UnsafeMutableBufferPointer(rebasing: memory[rows])
                                        var table = OutputBuffer(wrapping: rowRegion)
                                        defer { table.deallocate() }
                                        for index in bounds[part]..<bounds[part + 1] { table.appendBigEndian(UInt64(offsets[index]), size: offsetSize) }
                                        exact[part] = exact[part] && table.count == rows.count && table.isWriting(into: rowRegion)
                                    }
                                    Self.run(parts, writePart)
                                }
                            }
                            let trailerRegion = UnsafeMutableBufferPointer(rebasing: memory[(total - 32)...])
                            var trailer = OutputBuffer(wrapping: trailerRegion)
                            defer { trailer.deallocate() }
                            BinaryPlistWriter.appendTrailer(
                                objectCount: count, topObject: topObject, offsetSize: offsetSize, refSize: refSize, tableOffset: position, into: &trailer)
                            // A size that disagreed with what was written would be a bug here;
                            // it must not be a broken file: write it again the plain way.
                            if exact.allSatisfy({ $0 }), trailer.count == 32, trailer.isWriting(into: trailerRegion) {
                                initialized = total
                            } else {
                                assertionFailure("binary plist object sizes disagree with what was written")
                                fallback = emitRecordingOffsets(topObject: topObject, refSize: refSize, refs: refs, arena: arena)
                                initialized = 0
                            }
                        }
                        return fallback ?? file
                    }
                }
            }
        }

        /// `body` for each part, on as many threads as there are parts.
        private static func run(_ parts: Int, _ body: @escaping (Int) -> Void) {
            if parts == 1 { return body(0) }
            let shared = SharedWrite(body)
            DispatchQueue.concurrentPerform(iterations: parts) { shared.write($0) }
        }

        /// The file written in one pass, each offset recorded as it is reached.
        private func emitRecordingOffsets(topObject: Int, refSize: Int, refs: UnsafeBufferPointer<UInt32>, arena: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var out = OutputBuffer(capacity: entries.count * 12 + arena.count + 64)
            defer { out.deallocate() }
            BinaryPlistWriter.emitDocument(objectCount: entries.count, topObject: topObject, into: &out) { index, _, out in
                write(entries[index], refSize: refSize, refs: refs, arena: arena, into: &out)
            }
            return out.bytes
        }
    }

    // MARK: - Objects, shared by the value and span writers

    static func width(_ max: UInt64) -> Int {
        max <= 0xFF ? 1 : max <= 0xFFFF ? 2 : max <= 0xFFFF_FFFF ? 4 : 8
    }

    /// A whole `bplist00` file of `objectCount` objects: the header, each object as `object`
    /// writes it (given its index, the reference width and the output), then the offset
    /// table and the trailer. What both writers share.
    @inline(__always) static func emitDocument(
        objectCount: Int, topObject: Int = 0, into out: inout OutputBuffer, _ object: (Int, Int, inout OutputBuffer) -> Void
    ) {
        out.append("bplist00")
        let refSize = width(UInt64(objectCount))
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            offsets.append(out.position)
            object(index, refSize, &out)
        }
        appendTrailer(offsets: offsets, objectCount: objectCount, topObject: topObject, refSize: refSize, into: &out)
    }

    /// An array (0xA) or dictionary (0xD) object: its marker with `count` (entries) and its
    /// references (a dictionary's keys, then its values).
    @inline(__always) static func appendContainer<Ref: BinaryInteger>(
        _ type: UInt8, count: Int, refs: Slice<UnsafeBufferPointer<Ref>>, refSize: Int, into out: inout OutputBuffer
    ) {
        marker(type, count: count, into: &out)
        out.reserve(refs.count * refSize)
        for r in refs { out.appendBigEndian(UInt64(r), size: refSize) }
    }

    /// The bytes of `marker(_:count:into:)` for `count`.
    @inline(__always) static func markerSize(_ count: Int) -> Int {
        count < 15 ? 1 : 1 + integerSize(Int128(count))
    }

    /// The bytes of `integer(_:into:)` for `v`.
    @inline(__always) static func integerSize(_ v: Int128) -> Int {
        v < 0 ? 9 : v <= 0xFF ? 2 : v <= 0xFFFF ? 3 : v <= 0xFFFF_FFFF ? 5 : v <= Int128(Int64.max) ? 9 : 17
    }

    /// The bytes of `appendString(_:into:)` for these UTF-8 bytes (valid UTF-8: a Swift
    /// string's): ASCII as it is, anything else as UTF-16 — a code unit per character that
    /// does not continue another, two for one past the Basic Multilingual Plane.
    static func stringSize(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0
        var ascii = true
        for byte in utf8 {
            if byte < 0x80 {
                units += 1
            } else {
                ascii = false
                if byte >= 0xF0 {
                    units += 2
                } else if byte >= 0xC0 {
                    units += 1
                }
            }
        }
        return ascii ? markerSize(utf8.count) + utf8.count : markerSize(units) + 2 * units
    }

    /// An object's marker byte with its count (a following integer object past 14).
    @inline(__always) static func marker(_ type: UInt8, count: Int, into out: inout OutputBuffer) {
        if count < 15 {
            out.append(type << 4 | UInt8(count))
        } else {
            out.append(type << 4 | 0x0F)
            integer(Int128(count), into: &out)
        }
    }

    @inline(__always) static func integer(_ v: Int128, into out: inout OutputBuffer) {
        if v < 0 {
            out.append(0x13)
            out.appendBigEndian(UInt64(bitPattern: Int64(v)), size: 8)
        } else if v <= 0xFF {
            out.append(0x10)
            out.append(UInt8(v))
        } else if v <= 0xFFFF {
            out.append(0x11)
            out.appendBigEndian(UInt64(v), size: 2)
        } else if v <= 0xFFFF_FFFF {
            out.append(0x12)
            out.appendBigEndian(UInt64(v), size: 4)
        } else if v <= Int128(Int64.max) {
            out.append(0x13)
            out.appendBigEndian(UInt64(v), size: 8)
        } else {
            out.append(0x14)
            out.appendBigEndian(0, size: 8)
            out.appendBigEndian(UInt64(v), size: 8)
        }
    }

    /// A string object: ASCII as bytes, anything else as UTF-16 big-endian.
    @inline(__always) static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout OutputBuffer) {
        if !utf8.contains(where: { $0 >= 0x80 }) {
            marker(0x5, count: utf8.count, into: &out)
            out.append(utf8)
        } else {
            let units = Array(String(decoding: utf8, as: UTF8.self).utf16)
            marker(0x6, count: units.count, into: &out)
            for u in units { out.appendBigEndian(UInt64(u), size: 2) }
        }
    }

    /// A real object (a double's bits), as the flatteners keep it.
    @inline(__always) static func appendReal(bits: UInt64, into out: inout OutputBuffer) {
        out.append(0x23)
        out.appendBigEndian(bits, size: 8)
    }

    /// A date object (the bits of its seconds since 2001), as the flatteners keep it.
    @inline(__always) static func appendDate(bits: UInt64, into out: inout OutputBuffer) {
        out.append(0x33)
        out.appendBigEndian(bits, size: 8)
    }

    static func appendScalar(_ value: PlistValue, into out: inout OutputBuffer) {
        switch value {
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i): integer(i, into: &out)
        case .real(let d):
            appendReal(bits: d.bitPattern, into: &out)
        case .date(let date):
            appendDate(bits: date.timeIntervalSinceReferenceDate.bitPattern, into: &out)
        case .data(let data):
            marker(0x4, count: data.count, into: &out)
            data.withUnsafeBytes { if let p = $0.baseAddress { out.append(p, count: $0.count) } }
        case .string(var s):
            s.withUTF8 { appendString($0, into: &out) }
        case .uid(let u):
            let size = width(u)
            out.append(0x80 | UInt8(size - 1))
            out.appendBigEndian(u, size: size)
        case .null: out.append(0x00)
        case .array, .dictionary:
            preconditionFailure("not a scalar")
        }
    }

    /// The offset table and the trailer that ends every `bplist00` file.
    static func appendTrailer<Offset: BinaryInteger>(offsets: [Offset], objectCount: Int, topObject: Int = 0, refSize: Int, into out: inout OutputBuffer) {
        let tableOffset = out.position
        let offsetSize = width(UInt64(tableOffset))
        out.reserve(offsets.count * offsetSize + 32)
        for o in offsets { out.appendBigEndian(UInt64(o), size: offsetSize) }
        appendTrailer(objectCount: objectCount, topObject: topObject, offsetSize: offsetSize, refSize: refSize, tableOffset: tableOffset, into: &out)
    }

    /// The 32 bytes that end every `bplist00` file, after its offset table.
    static func appendTrailer(objectCount: Int, topObject: Int, offsetSize: Int, refSize: Int, tableOffset: Int, into out: inout OutputBuffer) {
        out.append([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        out.appendBigEndian(UInt64(objectCount), size: 8)
        out.appendBigEndian(UInt64(topObject), size: 8)
        out.appendBigEndian(UInt64(tableOffset), size: 8)
    }
}

/// Builds a `bplist00` file object by object, children before the containers that hold them:
/// for a writer that makes its values as it goes (a keyed archive's object graph) without a
/// value tree first. Equal scalars are stored once, as `BinaryPlistWriter` stores them.
public struct BinaryPlistBuilder {
    private var flattener = BinaryPlistWriter.Flattener()

    /// An empty builder.
    public init() {}

    /// A scalar object (a string, number, date, data, bool or UID); its index.
    public mutating func scalar(_ value: PlistValue) -> Int {
        precondition(!value.isContainer && value != .null, "not a scalar")
        return flattener.scalar(value)
    }

    /// An array of the objects `items`; its index.
    public mutating func array(_ items: [Int]) -> Int { flattener.array(items) }

    /// A dictionary of `keys` (distinct) to the objects `values`; its index.
    public mutating func dictionary(keys: [String], values: [Int]) -> Int {
        precondition(keys.count == values.count)
        return flattener.dictionary(keys: keys, values: values)
    }

    /// The file, with `root` as its top object.
    public func document(root: Int) -> [UInt8] { flattener.emit(topObject: root) }
}

/// A part's work, run on two threads at once: each measures or writes its own objects.
private struct SharedWrite: @unchecked Sendable {
    let write: (Int) -> Void
    init(_ write: @escaping (Int) -> Void) { self.write = write }
}

/// An object of a binary plist being flattened, in 12 bytes: what it is, and two 32-bit fields
/// whose meaning the kind gives (a range, a node, or a 64-bit value's halves). Shared by the
/// value and span writers; a file written this way is below 4 GB, so every offset, count and
/// index in it fits 32 bits.
struct PackedObject<Kind: RawRepresentable & Equatable> where Kind.RawValue == UInt8 {
    var kind: Kind
    private var _a: UInt32
    private var _b: UInt32

    init(_ kind: Kind, a: Int, b: Int) {
        self.kind = kind
        _a = UInt32(truncatingIfNeeded: a)
        _b = UInt32(truncatingIfNeeded: b)
    }

    /// An object holding a 64-bit value.
    init(_ kind: Kind, bits: UInt64) {
        self.kind = kind
        _a = UInt32(truncatingIfNeeded: bits >> 32)
        _b = UInt32(truncatingIfNeeded: bits)
    }

    var a: Int { Int(_a) }
    var b: Int { Int(_b) }
    var bits: UInt64 { UInt64(_a) << 32 | UInt64(_b) }
}

extension PackedObject {
    /// The containers `containers` of a merged share (`shared`, referring into `sharedRefs`)
    /// given their references here: each renumbered, appended to `refs`, and the container's
    /// entry (already at its new number in `entries`) pointed at them. An `arrayKind` holds
    /// one reference per element; any other container, a key and a value per entry.
    @inline(__always) static func moveContainers(
        _ containers: [Int], of shared: [PackedObject], refs sharedRefs: [UInt32], renumbered: [UInt32], arrayKind: Kind,
        into entries: inout [PackedObject], refs: inout [UInt32]
    ) {
        sharedRefs.withUnsafeBufferPointer { others in
            for j in containers {
                let entry = shared[j]
                let count = entry.kind == arrayKind ? entry.b : 2 * entry.b
                entries[Int(renumbered[j])] = PackedObject(entry.kind, a: refs.count, b: entry.b)
                for r in others[entry.a..<(entry.a + count)] { refs.append(renumbered[Int(r)]) }
            }
        }
    }
}
