import Foundation

/// Reads binary property lists (`bplist00`) into a `SourceTree`.
///
/// Binary plists are graphs: objects refer to each other by index, and one object may be
/// referenced many times. The tree expands those references (as every plist reader does), with
/// the checks that hostile files need: the trailer and every offset and reference are bounds
/// checked, object counts are compared with the file size, reference cycles are detected, and
/// the expanded tree is capped so that a small file of shared containers cannot explode.
enum BinaryPlistParser {
    struct Trailer {
        var offsetIntSize: Int
        var objectRefSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableOffset: Int
    }

    /// An object's marker, element count and the offset of its payload.
    struct Header {
        var marker: UInt8
        var count: Int
        var payload: Int
    }

    static func parse(_ bytes: [UInt8]) throws -> SourceTree {
        try SourceTree.parsed(bytes, as: .binary, with: Parser.self)
    }

    /// The trailer of a `bplist00` file, checked: the sizes, the counts and the offset table
    /// fit the file.
    static func trailer(of buffer: UnsafeBufferPointer<UInt8>) throws -> Trailer {
        let n = buffer.count
        guard n >= 8 + 32 else {
            throw PlistError("truncated binary property list: \(n) bytes is too short for the header and trailer", at: .byte(offset: n))
        }
        guard XMLPlistParser.starts(buffer, 0, with: "bplist00") else {
            throw PlistError("not a bplist00 file", at: .byte(offset: 0))
        }
        let t = n - 32
        let offsetIntSize = Int(buffer[t + 6])
        let objectRefSize = Int(buffer[t + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw PlistError("bad offset size \(offsetIntSize) in the trailer (1...8 allowed)", at: .byte(offset: t + 6))
        }
        guard (1...8).contains(objectRefSize) else {
            throw PlistError("bad object reference size \(objectRefSize) in the trailer (1...8 allowed)", at: .byte(offset: t + 7))
        }
        let objectCount = readUInt(buffer, t + 8, 8)
        let topObject = readUInt(buffer, t + 16, 8)
        let tableOffset = readUInt(buffer, t + 24, 8)
        guard objectCount >= 1, objectCount <= UInt64(n) else {
            throw PlistError("object count \(objectCount) does not fit a file of \(n) bytes", at: .byte(offset: t + 8))
        }
        guard topObject < objectCount else {
            throw PlistError("top object \(topObject) is out of range (\(objectCount) objects)", at: .byte(offset: t + 16))
        }
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetIntSize))
        guard tableOffset >= 9, tableOffset < UInt64(t), !overflow, tableOffset + tableSize <= UInt64(t) else {
            throw PlistError("offset table at \(tableOffset) does not fit the file", at: .byte(offset: t + 24))
        }
        guard objectRefSize >= 8 || objectCount <= UInt64(1) << (8 * objectRefSize) else {
            throw PlistError("\(objectCount) objects cannot be addressed with \(objectRefSize)-byte references", at: .byte(offset: t + 7))
        }
        return Trailer(
            offsetIntSize: offsetIntSize, objectRefSize: objectRefSize, objectCount: Int(objectCount),
            topObject: Int(topObject), offsetTableOffset: Int(tableOffset))
    }

    /// A big-endian unsigned integer of `size` (1...8) bytes at `offset`.
    @inline(__always) static func readUInt(_ b: UnsafeBufferPointer<UInt8>, _ offset: Int, _ size: Int) -> UInt64 {
        let p = UnsafeRawPointer(b.baseAddress! + offset)
        switch size {
        case 1: return UInt64(p.load(as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: p.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: p.loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: p.loadUnaligned(as: UInt64.self))
        default:
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(b[offset + i]) }
            return v
        }
    }

    /// Reads an object header at `offset`. Counts of 15 or more are stored as a following
    /// integer object.
    static func header(_ b: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) throws -> Header {
        guard offset < limit else { throw PlistError("object starts past the end of the object area", at: .byte(offset: offset)) }
        let marker = b[offset]
        var count = Int(marker & 0x0F)
        var payload = offset + 1
        let type = marker >> 4
        let hasCount = type == 0x4 || type == 0x5 || type == 0x6 || type == 0x7 || type == 0xA || type == 0xB || type == 0xC || type == 0xD
        if hasCount && count == 0x0F {
            guard payload < limit else { throw PlistError("truncated object length", at: .byte(offset: payload)) }
            let intMarker = b[payload]
            guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
                throw PlistError("bad length marker 0x\(String(intMarker, radix: 16)) (expected an integer)", at: .byte(offset: payload))
            }
            let size = 1 << Int(intMarker & 0x0F)
            guard payload + 1 + size <= limit else { throw PlistError("truncated object length", at: .byte(offset: payload)) }
            let value = readUInt(b, payload + 1, size)
            guard value <= UInt64(limit) else {
                throw PlistError("object length \(value) is larger than the file", at: .byte(offset: payload))
            }
            count = Int(value)
            payload += 1 + size
        }
        return Header(marker: marker, count: count, payload: payload)
    }

    // MARK: - Decoding

    static func decodeKey(at offset: Int, in b: UnsafeBufferPointer<UInt8>) throws -> String {
        let h = try header(b, at: offset, limit: b.count)
        return string(h, in: b)
    }

    static func string(_ h: Header, in b: UnsafeBufferPointer<UInt8>) -> String {
        switch h.marker >> 4 {
        case 0x5, 0x7:
            return String(decoding: UnsafeBufferPointer(rebasing: b[h.payload..<(h.payload + h.count)]), as: UTF8.self)
        case 0x6:
            return utf16BigEndian(b, at: h.payload, units: h.count)
        default:
            return ""
        }
    }

    /// Big-endian UTF-16 as a string, transcoded to UTF-8 as it is read (a `String` built
    /// from UTF-16 code units takes a slow generic path). An unpaired surrogate becomes U+FFFD,
    /// as `String(decoding:as: UTF16.self)` makes it.
    static func utf16BigEndian(_ b: UnsafeBufferPointer<UInt8>, at start: Int, units count: Int) -> String {
        String(unsafeUninitializedCapacity: count * 3) { out in
            var o = 0
            var i = 0
            func unit(_ i: Int) -> UInt32 { UInt32(b[start + 2 * i]) << 8 | UInt32(b[start + 2 * i + 1]) }
            while i < count {
                var scalar = unit(i)
                i += 1
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, i < count, unit(i) & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(i) - 0xDC00)
                        i += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                o += TextEncoding.storeUTF8(scalar, at: out.baseAddress! + o)
            }
            return o
        }
    }

    static func decodeScalar(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> PlistValue {
        guard let h = try? header(b, at: Int(node.start), limit: b.count) else { return .null }
        switch node.kind {
        case .string: return .string(string(h, in: b))
        case .integer:
            let size = 1 << Int(h.marker & 0x0F)
            if size == 16 {
                let high = readUInt(b, h.payload, 8)
                let low = readUInt(b, h.payload + 8, 8)
                return .integer(high == 0 ? Int128(low) : Int128(Int64(bitPattern: low)))
            }
            let raw = readUInt(b, h.payload, size)
            return .integer(size == 8 ? Int128(Int64(bitPattern: raw)) : Int128(raw))
        case .real:
            if h.marker & 0x0F == 2 { return .real(Double(Float(bitPattern: UInt32(readUInt(b, h.payload, 4))))) }
            return .real(Double(bitPattern: readUInt(b, h.payload, 8)))
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: readUInt(b, h.payload, 8))))
        case .data: return .data(Data(UnsafeBufferPointer(rebasing: b[h.payload..<(h.payload + h.count)])))
        case .uid: return .uid(readUInt(b, h.payload, min(8, Int(h.marker & 0x0F) + 1)))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .null: return .null
        case .dictionary: return .dictionary([:])
        case .array: return .array([])
        }
    }

    // MARK: - The parser

    struct Parser: NodeParser {
        let b: UnsafeBufferPointer<UInt8>
        let n: Int
        let trailer: Trailer
        /// Objects must lie between the header and the offset table.
        let objectLimit: Int
        var nodes: [SourceNode] = []
        let maxNodes: Int
        /// The object to start from, when not the trailer's top object (a subtree read again
        /// after an edit), and how deep it lies (the nesting limit counts from the file's root).
        var rootObject: Int?
        var depthOffset = 0

        init(buffer: UnsafeBufferPointer<UInt8>) throws {
            b = buffer
            n = buffer.count
            trailer = try BinaryPlistParser.trailer(of: buffer)
            objectLimit = trailer.offsetTableOffset
            // Every node but the root is reached through a reference, and each reference takes at
            // least `objectRefSize` bytes; allow generous sharing beyond that, but not explosions.
            maxNodes = 8 * (n / trailer.objectRefSize) + 1_000_000
            // Untouched capacity costs address space, not memory.
            nodes.reserveCapacity(min(maxNodes, n / trailer.objectRefSize + 16))
        }

        /// An open container: its node, where its references start, and the next child.
        struct Frame {
            var node: Int
            var object: Int
            var refs: Int
            var count: Int
            var next: Int
            var isDict: Bool
        }

        /// Expands the object graph into nodes, depth first. Shared objects are validated once
        /// (a per-object cache), since keys and common values are referenced many times; the
        /// innermost open container is kept in `top`, the ones around it in `stack`.
        mutating func run() throws {
            let objectCount = trailer.objectCount
            let refSize = trailer.objectRefSize
            let offsetSize = trailer.offsetIntSize
            let table = trailer.offsetTableOffset
            let limit = objectLimit
            let b = self.b
            // Per object: 0 when not yet validated, else its end (never 0: objects start at 8
            // or later). Its kind is read again from its marker, which validating found good:
            // four bytes an object, not nine — this table is part of a large file's peak.
            let cache = UnsafeMutablePointer<UInt32>.allocate(capacity: objectCount)
            cache.initialize(repeating: 0, count: objectCount)
            // Objects on the path from the root, a bit each: a reference back to one is a cycle.
            let pathWords = (objectCount + 63) / 64
            let onPath = UnsafeMutablePointer<UInt64>.allocate(capacity: pathWords)
            onPath.initialize(repeating: 0, count: pathWords)
            defer {
                cache.deallocate()
                onPath.deallocate()
            }
            @inline(__always) func isOnPath(_ object: Int) -> Bool { onPath[object >> 6] & (1 << UInt64(object & 63)) != 0 }
            @inline(__always) func setOnPath(_ object: Int, _ on: Bool) {
                if on { onPath[object >> 6] |= 1 << UInt64(object & 63) } else { onPath[object >> 6] &= ~(1 << UInt64(object & 63)) }
            }
            var nodes = self.nodes
            self.nodes = []
            defer { self.nodes = nodes }

            @inline(__always) func offset(of position: Int) throws -> (object: Int, start: Int) {
                let raw = readUInt(b, position, refSize)
                guard raw < UInt64(objectCount) else {
                    throw PlistError("object reference \(raw) is out of range (\(objectCount) objects)", at: .byte(offset: position))
                }
                let object = Int(raw)
                let entry = table + object * offsetSize
                let start = readUInt(b, entry, offsetSize)
                guard start >= 8, start < UInt64(limit) else {
                    throw PlistError("offset \(start) of object \(object) is outside the object area", at: .byte(offset: entry))
                }
                return (object, Int(start))
            }

            @inline(__always) func kindAndEnd(_ object: Int, _ start: Int) throws -> (SourceNode.Kind, Int) {
                let cached = cache[object]
                if cached != 0 { return (Parser.validatedKind(marker: b[start]), Int(cached)) }
                let (kind, end) = try Parser.validate(b, at: start, limit: limit, refSize: refSize)
                cache[object] = UInt32(truncatingIfNeeded: end)
                return (kind, end)
            }

            var stack: [Frame] = []
            var top = Frame(node: -1, object: 0, refs: 0, count: 0, next: 0, isDict: false)
            var keyStart = SourceNode.noKey
            // The reference to visit next: the trailer's top object first.
            var position = n - 32 + 16 + (8 - refSize)
            var rootRef = rootObject ?? trailer.topObject
            guard rootRef >= 0, rootRef < objectCount else { throw PlistError("object reference \(rootRef) is out of range (\(objectCount) objects)", at: .byte(offset: n - 16)) }
            while true {
                // Visit one object.
                let object: Int
                let start: Int
                if top.node < 0 && nodes.isEmpty {
                    object = rootRef
                    rootRef = -1
                    let entry = table + object * offsetSize
                    let raw = readUInt(b, entry, offsetSize)
                    guard raw >= 8, raw < UInt64(limit) else {
                        throw PlistError("offset \(raw) of object \(object) is outside the object area", at: .byte(offset: entry))
                    }
                    start = Int(raw)
                } else {
                    (object, start) = try offset(of: position)
                }
                guard nodes.count < maxNodes else {
                    throw PlistError("shared references expand to more than \(maxNodes) values", at: .byte(offset: position))
                }
                let (kind, end) = try kindAndEnd(object, start)
                try nodes.appendWithinBudget(SourceNode(kind: kind, start: start, end: end, keyStart: keyStart))
                if kind.isContainer {
                    let h = try header(b, at: start, limit: limit)
                    if h.count > 0 {
                        guard !isOnPath(object) else {
                            throw PlistError("reference cycle: object \(object) contains itself", at: .byte(offset: position))
                        }
                        let open = stack.count + (top.node >= 0 ? 1 : 0) + depthOffset
                        guard open < PlistLimits.maxDepth else {
                            throw PlistError("nesting deeper than \(PlistLimits.maxDepth) levels", at: .byte(offset: start))
                        }
                        setOnPath(object, true)
                        if top.node >= 0 { stack.append(top) }
                        top = Frame(node: nodes.count - 1, object: object, refs: h.payload, count: h.count, next: 0, isDict: kind == .dictionary)
                    }
                }
                if top.node < 0 { return }  // a scalar or empty root

                // Find the next reference, closing finished containers.
                while top.next == top.count {
                    nodes[top.node].size = UInt32(nodes.count - top.node - 1)
                    nodes[top.node].count = UInt32(top.count)
                    setOnPath(top.object, false)
                    guard let outer = stack.popLast() else { return }
                    top = outer
                }
                let i = top.next
                top.next += 1
                if top.isDict {
                    let keyPosition = top.refs + i * refSize
                    let (keyObject, keyOffset) = try offset(of: keyPosition)
                    let (keyKind, _) = try kindAndEnd(keyObject, keyOffset)
                    guard keyKind == .string else {
                        throw PlistError("dictionary key is not a string (marker 0x\(String(b[keyOffset], radix: 16)))", at: .byte(offset: keyOffset))
                    }
                    keyStart = UInt32(keyOffset)
                    position = top.refs + (top.count + i) * refSize
                } else {
                    keyStart = SourceNode.noKey
                    position = top.refs + i * refSize
                }
            }
        }

        /// The kind of an object whose marker `validate` has accepted (what it returned).
        @inline(__always) static func validatedKind(marker: UInt8) -> SourceNode.Kind {
            switch marker >> 4 {
            case 0x0: marker == 0x00 ? .null : marker == 0x08 ? .falseValue : .trueValue
            case 0x1: .integer
            case 0x2: .real
            case 0x3: .date
            case 0x4: .data
            case 0x5, 0x6: .string
            case 0x8: .uid
            case 0xD: .dictionary
            default: .array  // 0xA, and 0xC (a set, read as an array)
            }
        }

        /// The kind and end of the object at `start`, with every check its type needs.
        static func validate(_ b: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int, refSize: Int) throws -> (SourceNode.Kind, Int) {
            let h = try header(b, at: start, limit: limit)
            let end = try objectEnd(h, at: start, limit: limit, refSize: refSize)
            let kind: SourceNode.Kind
            switch h.marker >> 4 {
            case 0x0:
                switch h.marker {
                case 0x00: kind = .null
                case 0x08: kind = .falseValue
                case 0x09: kind = .trueValue
                default: throw PlistError("unknown object marker 0x\(String(h.marker, radix: 16))", at: .byte(offset: start))
                }
            case 0x1:
                kind = .integer
                if h.marker & 0x0F == 4 {
                    let high = readUInt(b, h.payload, 8)
                    let low = readUInt(b, h.payload + 8, 8)
                    let fits = high == 0 || (high == UInt64.max && low >= UInt64(1) << 63)
                    guard fits else { throw PlistError("128-bit integer is out of the property list range", at: .byte(offset: start)) }
                }
            case 0x2: kind = .real
            case 0x3: kind = .date
            case 0x4: kind = .data
            case 0x5:
                kind = .string
                for i in h.payload..<end where b[i] >= 0x80 {
                    throw PlistError("non-ASCII byte 0x\(String(b[i], radix: 16)) in an ASCII string", at: .byte(offset: i))
                }
            case 0x6:
                kind = .string
                try validateUTF16(b, h)
            case 0x7:
                // Reserved for UTF-8 strings in later versions; CoreFoundation refuses it in
                // bplist00, so a file using it would open nowhere else.
                throw PlistError("object marker 0x\(String(h.marker, radix: 16)) (a UTF-8 string) is not part of bplist00; CoreFoundation refuses it", at: .byte(offset: start))
            case 0x8: kind = .uid
            // 0xC_ is a set in CoreFoundation's reader; plists have no sets, so it reads as an
            // array (as CoreFoundation does when it builds property lists).
            case 0xA, 0xC: kind = .array
            case 0xD: kind = .dictionary
            default:
                throw PlistError("unknown object marker 0x\(String(h.marker, radix: 16))", at: .byte(offset: start))
            }
            return (kind, end)
        }

        /// The end of the object with header `h`, checked against the object area.
        static func objectEnd(_ h: Header, at start: Int, limit: Int, refSize: Int) throws -> Int {
            let low = Int(h.marker & 0x0F)
            let length: Int
            switch h.marker >> 4 {
            case 0x0: length = 0
            case 0x1:
                guard low <= 4 else { throw PlistError("bad integer size marker 0x\(String(h.marker, radix: 16))", at: .byte(offset: start)) }
                length = 1 << low
            case 0x2:
                guard low == 2 || low == 3 else { throw PlistError("bad real size marker 0x\(String(h.marker, radix: 16))", at: .byte(offset: start)) }
                length = 1 << low
            case 0x3:
                guard h.marker == 0x33 else { throw PlistError("bad date marker 0x\(String(h.marker, radix: 16))", at: .byte(offset: start)) }
                length = 8
            case 0x4, 0x5, 0x7: length = h.count
            case 0x6: length = h.count * 2
            case 0x8: length = low + 1
            case 0xA, 0xC: length = h.count * refSize
            case 0xD: length = h.count * 2 * refSize
            default: length = 0
            }
            guard length <= limit - h.payload else {
                throw PlistError("object of \(length) bytes runs past the object area", at: .byte(offset: start))
            }
            return h.payload + length
        }

        static func validateUTF16(_ b: UnsafeBufferPointer<UInt8>, _ h: Header) throws {
            var i = 0
            while i < h.count {
                let unit = UInt16(b[h.payload + 2 * i]) << 8 | UInt16(b[h.payload + 2 * i + 1])
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard i + 1 < h.count else {
                        throw PlistError("unpaired UTF-16 surrogate in a string", at: .byte(offset: h.payload + 2 * i))
                    }
                    let low = UInt16(b[h.payload + 2 * i + 2]) << 8 | UInt16(b[h.payload + 2 * i + 3])
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw PlistError("unpaired UTF-16 surrogate in a string", at: .byte(offset: h.payload + 2 * i))
                    }
                    i += 2
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    throw PlistError("unpaired UTF-16 surrogate in a string", at: .byte(offset: h.payload + 2 * i))
                } else {
                    i += 1
                }
            }
        }
    }
}
