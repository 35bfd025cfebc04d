import Foundation

/// Writes `bplist00` files deterministically: objects are numbered in pre-order (a
/// dictionary's keys before its values), equal scalars are stored once, and integer, offset and
/// reference widths are the smallest that fit.
public enum BinaryPlistWriter {
    /// With `keepingNull`, a null is written as the `bplist00` null object (0x00) — for
    /// rewriting a binary file that had one; otherwise null is refused, since CoreFoundation
    /// and plistlib read no null (JSON's null has no property-list spelling).
    public static func document(_ value: PlistValue, keepingNull: Bool = false) throws -> [UInt8] {
        var flattener = Flattener()
        flattener.keepsNull = keepingNull
        do {
            _ = try flattener.add(value)
        } catch let error as WriteError {
            throw error.plistError
        }
        return flattener.emit()
    }

    fileprivate enum Entry {
        case scalar(PlistValue)
        /// References in `refs[start..<start+count]` (a dictionary has keys then values).
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    fileprivate struct Flattener {
        var entries: [Entry] = []
        var refs: [Int] = []
        // Equal scalars are stored once, in open-addressed tables with cheap hashes (a
        // `Dictionary`'s SipHash was most of the time of building a keyed archive's graph):
        // strings by their UTF-8, kept in one arena; numbers, dates and UIDs by kind and bits.
        var strings = ByteStringTable(expected: 1024)
        var stringBytes: [UInt8] = []
        /// Per string stored: where its UTF-8 is in `stringBytes`, and its entry.
        var stringSpans: [(start: Int, count: Int, entry: Int)] = []
        var numbers = BitsTable()
        /// Integers past 64 bits, rare enough for a dictionary.
        var wideIntegers: [Int128: Int] = [:]
        var trueIndex: Int?
        var falseIndex: Int?
        var keepsNull = false

        private enum BitsKind: UInt8 {
            case integer = 1, unsigned, real, date, uid
        }

        mutating func scalar(_ value: PlistValue) -> Int {
            let index = entries.count
            switch value {
            case .string(var s):
                if let found = s.withUTF8({ string(utf8: $0, index: index) }) { return found }
            case .integer(let i):
                if let small = Int64(exactly: i) {
                    if let found = bits(.integer, UInt64(bitPattern: small), index: index) { return found }
                } else if let large = UInt64(exactly: i) {
                    if let found = bits(.unsigned, large, index: index) { return found }
                } else {
                    if let found = wideIntegers[i] { return found }
                    wideIntegers[i] = index
                }
            case .real(let d):
                if let found = bits(.real, d.bitPattern, index: index) { return found }
            case .date(let date):
                if let found = bits(.date, date.timeIntervalSinceReferenceDate.bitPattern, index: index) { return found }
            case .bool(let b):
                if let found = b ? trueIndex : falseIndex { return found }
                if b { trueIndex = index } else { falseIndex = index }
            case .uid(let u):
                if let found = bits(.uid, u, index: index) { return found }
            default:
                break  // data is rarely repeated; not worth hashing
            }
            entries.append(.scalar(value))
            return index
        }

        /// The entry of a string already stored with these bytes; else records `index` for it.
        private mutating func string(utf8 text: UnsafeBufferPointer<UInt8>, index: Int) -> Int? {
            let hash = ByteStringTable.hash(text)
            let found: Int? = stringBytes.withUnsafeBufferPointer { arena in
                strings.find(hash: hash) { ordinal in
                    let span = stringSpans[ordinal]
                    return span.count == text.count && (span.count == 0 || memcmp(arena.baseAddress! + span.start, text.baseAddress!, span.count) == 0)
                }
            }
            if let found { return stringSpans[found].entry }
            let ordinal = stringSpans.count
            stringSpans.append((stringBytes.count, text.count, index))
            stringBytes.append(contentsOf: text)
            stringBytes.withUnsafeBufferPointer { arena in
                strings.insert(hash: hash, index: ordinal) { o in
                    let span = stringSpans[o]
                    return ByteStringTable.hash(UnsafeBufferPointer(rebasing: arena[span.start..<(span.start + span.count)]))
                }
            }
            return nil
        }

        /// The entry of a value of `kind` already stored with these bits; else records `index`.
        private mutating func bits(_ kind: BitsKind, _ bits: UInt64, index: Int) -> Int? {
            let key = BitsTable.Key(kind: kind.rawValue, bits: bits)
            if let found = numbers.find(key) { return found }
            numbers.insert(key, index: index)
            return nil
        }

        mutating func add(_ value: PlistValue) throws -> Int {
            switch value {
            case .array(let items):
                let index = entries.count
                entries.append(.array(start: 0, count: 0))
                var children: [Int] = []
                children.reserveCapacity(items.count)
                for (i, item) in items.enumerated() { children.append(try WriteError.within(.index(i)) { try add(item) }) }
                entries[index] = .array(start: refs.count, count: children.count)
                refs.append(contentsOf: children)
                return index
            case .dictionary(let dict):
                let index = entries.count
                entries.append(.dictionary(start: 0, count: 0))
                var children: [Int] = []
                children.reserveCapacity(dict.count * 2)
                for key in dict.keys { children.append(scalar(.string(key))) }
                let values = dict.values
                for i in 0..<values.count { children.append(try WriteError.within(.key(dict.keys[i])) { try add(values[i]) }) }
                entries[index] = .dictionary(start: refs.count, count: dict.count)
                refs.append(contentsOf: children)
                return index
            case .null where !keepsNull:
                throw WriteError(message: "null cannot be stored in a property list")
            default:
                return scalar(value)
            }
        }

        func emit(topObject: Int = 0) -> [UInt8] {
            var out = OutputBuffer(capacity: entries.count * 12 + 64)
            defer { out.deallocate() }
            refs.withUnsafeBufferPointer { refs in
                BinaryPlistWriter.emitDocument(objectCount: entries.count, topObject: topObject, into: &out) { index, refSize, out in
                    switch entries[index] {
                    case .array(let start, let count):
                        BinaryPlistWriter.appendContainer(0xA, count: count, refs: refs[start..<(start + count)], refSize: refSize, into: &out)
                    case .dictionary(let start, let count):
                        BinaryPlistWriter.appendContainer(0xD, count: count, refs: refs[start..<(start + 2 * count)], refSize: refSize, into: &out)
                    case .scalar(let value):
                        BinaryPlistWriter.appendScalar(value, into: &out)
                    }
                }
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

    static func appendScalar(_ value: PlistValue, into out: inout OutputBuffer) {
        switch value {
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i): integer(i, into: &out)
        case .real(let d):
            out.append(0x23)
            out.appendBigEndian(d.bitPattern, size: 8)
        case .date(let date):
            out.append(0x33)
            out.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
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
    public mutating func array(_ items: [Int]) -> Int {
        flattener.entries.append(.array(start: flattener.refs.count, count: items.count))
        flattener.refs.append(contentsOf: items)
        return flattener.entries.count - 1
    }

    /// A dictionary of `keys` (distinct) to the objects `values`; its index.
    public mutating func dictionary(keys: [String], values: [Int]) -> Int {
        precondition(keys.count == values.count)
        var references = keys.map { flattener.scalar(.string($0)) }
        references += values
        flattener.entries.append(.dictionary(start: flattener.refs.count, count: keys.count))
        flattener.refs.append(contentsOf: references)
        return flattener.entries.count - 1
    }

    /// The file, with `root` as its top object.
    public func document(root: Int) -> [UInt8] { flattener.emit(topObject: root) }
}
