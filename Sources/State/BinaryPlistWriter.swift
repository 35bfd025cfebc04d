import Foundation

/// Writes `bplist00` files deterministically: objects are numbered in pre-order (a
/// dictionary's keys before its values), equal scalars are stored once, and integer, offset and
/// reference widths are the smallest that fit.
public enum BinaryPlistWriter {
    public static func document(_ value: PlistValue) throws -> [UInt8] {
        var flattener = Flattener()
        do {
            _ = try flattener.add(value)
        } catch let error as WriteError {
            throw error.plistError
        }
        return flattener.emit()
    }

    private enum Entry {
        case scalar(PlistValue)
        /// References in `refs[start..<start+count]` (a dictionary has keys then values).
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    private struct Flattener {
        var entries: [Entry] = []
        var refs: [Int] = []
        var unique: [PlistValue: Int] = [:]

        mutating func scalar(_ value: PlistValue) -> Int {
            if let index = unique[value] { return index }
            let index = entries.count
            entries.append(.scalar(value))
            unique[value] = index
            return index
        }

        mutating func add(_ value: PlistValue) throws -> Int {
            switch value {
            case .array(let items):
                let index = entries.count
                entries.append(.array(start: 0, count: 0))
                var children: [Int] = []
                children.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    do { children.append(try add(item)) } catch var error as WriteError {
                        error.reversedPath.append(.index(i))
                        throw error
                    }
                }
                entries[index] = .array(start: refs.count, count: children.count)
                refs.append(contentsOf: children)
                return index
            case .dictionary(let dict):
                let index = entries.count
                entries.append(.dictionary(start: 0, count: 0))
                var children: [Int] = []
                children.reserveCapacity(dict.count * 2)
                for key in dict.keys { children.append(scalar(.string(key))) }
                for (key, item) in dict {
                    do { children.append(try add(item)) } catch var error as WriteError {
                        error.reversedPath.append(.key(key))
                        throw error
                    }
                }
                entries[index] = .dictionary(start: refs.count, count: dict.count)
                refs.append(contentsOf: children)
                return index
            case .null:
                throw WriteError(message: "null cannot be stored in a property list")
            case .real(let d) where d.isNaN:
                // NaN != NaN, so it cannot be uniqued through the table.
                entries.append(.scalar(value))
                return entries.count - 1
            default:
                return scalar(value)
            }
        }

        static func width(_ max: UInt64) -> Int {
            max <= 0xFF ? 1 : max <= 0xFFFF ? 2 : max <= 0xFFFF_FFFF ? 4 : 8
        }

        func emit() -> [UInt8] {
            var out: [UInt8] = Array("bplist00".utf8)
            out.reserveCapacity(entries.count * 8 + 64)
            let refSize = Self.width(UInt64(entries.count))
            var offsets: [Int] = []
            offsets.reserveCapacity(entries.count)

            func put(_ value: UInt64, _ size: Int) {
                for i in stride(from: size - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
            }
            func marker(_ type: UInt8, count: Int) {
                if count < 15 {
                    out.append(type << 4 | UInt8(count))
                } else {
                    out.append(type << 4 | 0x0F)
                    integer(Int128(count))
                }
            }
            func integer(_ v: Int128) {
                if v < 0 {
                    out.append(0x13)
                    put(UInt64(bitPattern: Int64(v)), 8)
                } else if v <= 0xFF {
                    out.append(0x10)
                    put(UInt64(v), 1)
                } else if v <= 0xFFFF {
                    out.append(0x11)
                    put(UInt64(v), 2)
                } else if v <= 0xFFFF_FFFF {
                    out.append(0x12)
                    put(UInt64(v), 4)
                } else if v <= Int128(Int64.max) {
                    out.append(0x13)
                    put(UInt64(v), 8)
                } else {
                    out.append(0x14)
                    put(0, 8)
                    put(UInt64(v), 8)
                }
            }

            for entry in entries {
                offsets.append(out.count)
                switch entry {
                case .array(let start, let count):
                    marker(0xA, count: count)
                    for r in refs[start..<(start + count)] { put(UInt64(r), refSize) }
                case .dictionary(let start, let count):
                    marker(0xD, count: count)
                    for r in refs[start..<(start + 2 * count)] { put(UInt64(r), refSize) }
                case .scalar(let value):
                    switch value {
                    case .bool(let b): out.append(b ? 0x09 : 0x08)
                    case .integer(let i): integer(i)
                    case .real(let d):
                        out.append(0x23)
                        put(d.bitPattern, 8)
                    case .date(let date):
                        out.append(0x33)
                        put(date.timeIntervalSinceReferenceDate.bitPattern, 8)
                    case .data(let data):
                        marker(0x4, count: data.count)
                        out.append(contentsOf: data)
                    case .string(var s):
                        let isASCII = s.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
                        if isASCII {
                            marker(0x5, count: s.utf8.count)
                            s.withUTF8 { out.append(contentsOf: $0) }
                        } else {
                            let units = Array(s.utf16)
                            marker(0x6, count: units.count)
                            for u in units {
                                out.append(UInt8(u >> 8))
                                out.append(UInt8(u & 0xFF))
                            }
                        }
                    case .uid(let u):
                        let size = Self.width(u)
                        out.append(0x80 | UInt8(size - 1))
                        put(u, size)
                    case .array, .dictionary, .null:
                        preconditionFailure("not a scalar")
                    }
                }
            }
            let tableOffset = out.count
            let offsetSize = Self.width(UInt64(tableOffset))
            for o in offsets { put(UInt64(o), offsetSize) }
            out.append(contentsOf: [0, 0, 0, 0, 0, 0])
            out.append(UInt8(offsetSize))
            out.append(UInt8(refSize))
            put(UInt64(entries.count), 8)
            put(0, 8)
            put(UInt64(tableOffset), 8)
            return out
        }
    }
}
