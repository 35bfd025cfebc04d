import Foundation
import OrderedCollections

/// Writes one object's keyed fields into an archive being built, as `NSCoding` classes do in
/// `encode(with:)`: scalars inline (`encodeInteger:forKey:`), strings, dates, data, UUIDs,
/// URLs and nested coders as objects of the classes Foundation uses, referenced by UID.
public struct ArchiveEncoder {
    let table: ArchiveTable
    var fields: OrderedDictionary<String, PlistValue> = [:]

    init(table: ArchiveTable) {
        self.table = table
    }

    /// Writes an integer field.
    public mutating func encode(_ value: Int, forKey key: String) { fields[key] = .integer(Int128(value)) }
    /// Writes a 64-bit integer field.
    public mutating func encode(_ value: Int64, forKey key: String) { fields[key] = .integer(Int128(value)) }
    /// Writes a real field.
    public mutating func encode(_ value: Double, forKey key: String) { fields[key] = .real(value) }
    /// Writes a bool field.
    public mutating func encode(_ value: Bool, forKey key: String) { fields[key] = .bool(value) }

    /// A string object (equal strings are one object, as Foundation writes them). Nil is
    /// written as `$null` (UID 0) here and below, as NSKeyedArchiver writes a nil object:
    /// Foundation's unarchiver treats a missing key as damage.
    public mutating func encode(_ value: String?, forKey key: String) { fields[key] = Self.reference(value.map(table.string)) }
    /// Writes a date as an `NSDate` object (nil: `$null`).
    public mutating func encode(_ value: Date?, forKey key: String) { fields[key] = Self.reference(value.map { table.plain(.date($0)) }) }
    /// Writes data as an `NSData` object (nil: `$null`).
    public mutating func encode(_ value: Data?, forKey key: String) { fields[key] = Self.reference(value.map { table.plain(.data($0)) }) }
    /// Writes a UUID as an `NSUUID` object (nil: `$null`).
    public mutating func encode(_ value: UUID?, forKey key: String) { fields[key] = Self.reference(value.map(table.uuid)) }
    /// Writes a URL as an `NSURL` object (nil: `$null`).
    public mutating func encode(_ value: URL?, forKey key: String) { fields[key] = Self.reference(value.map(table.url)) }

    /// A nested value through its coder (a `ValueCoding` value's `encoded`).
    public mutating func encode<C: ArchiveCoding>(_ value: C?, forKey key: String) throws {
        fields[key] = Self.reference(try value.map { try table.object($0) })
    }

    /// A reference to an object; nil is `$null` (UID 0).
    private static func reference(_ uid: Int?) -> PlistValue { .uid(UInt64(uid ?? 0)) }

    /// Nested values as an `NSArray` of their coders' objects.
    public mutating func encode<C: ArchiveCoding>(_ values: [C], forKey key: String) throws {
        let items = try values.map { PlistValue.uid(UInt64(try table.object($0))) }
        fields[key] = .uid(UInt64(table.collection(["NSArray", "NSObject"], ["NS.objects": .array(items)])))
    }

    /// Plain data as Foundation objects: `NSString`, `NSNumber`, `NSData` as themselves,
    /// `NSDate`, `NSArray`, `NSDictionary` (what a model's store holds).
    public mutating func encode(plist value: PlistValue, forKey key: String) {
        switch value {
        case .integer, .real, .bool: fields[key] = value
        case .null: return
        default: fields[key] = .uid(UInt64(table.plain(value)))
        }
    }
}

/// The `$objects` table of an archive being written, in the order NSKeyedArchiver fills it:
/// an object takes its UID when its encoding starts, what it contains comes after it, its
/// class description after that (once per class).
final class ArchiveTable {
    var objects: [PlistValue] = [.string("$null")]
    private var classes: [[String]: Int] = [:]
    private var strings: [String: Int] = [:]

    /// An archive of this table with `root` as `$top.root`, as a binary property list.
    func archive(root: Int) throws -> [UInt8] {
        let value: PlistValue = .dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(UInt64(root))]),
            "$objects": .array(objects),
        ])
        return try value.serialized(as: .binary)
    }

    private func reserve() -> Int {
        objects.append(.string("$null"))
        return objects.count - 1
    }

    private func classReference(_ chain: [String]) -> PlistValue {
        if let uid = classes[chain] { return .uid(UInt64(uid)) }
        objects.append(.dictionary(["$classes": .array(chain.map { .string($0) }), "$classname": .string(chain[0])]))
        classes[chain] = objects.count - 1
        return .uid(UInt64(objects.count - 1))
    }

    func string(_ value: String) -> Int {
        if let uid = strings[value] { return uid }
        objects.append(.string(value))
        strings[value] = objects.count - 1
        return objects.count - 1
    }

    func collection(_ chain: [String], _ fields: OrderedDictionary<String, PlistValue>) -> Int {
        let uid = reserve()
        var object = fields
        object["$class"] = classReference(chain)
        objects[uid] = .dictionary(object)
        return uid
    }

    func uuid(_ value: UUID) -> Int {
        let u = value.uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
        return collection(["NSUUID", "NSObject"], ["NS.uuidbytes": .data(Data(bytes))])
    }

    func url(_ value: URL) -> Int {
        let uid = reserve()
        let relative = string(value.relativeString)
        let base = value.baseURL.map { url($0) } ?? 0
        objects[uid] = .dictionary(["NS.base": .uid(UInt64(base)), "NS.relative": .uid(UInt64(relative)), "$class": classReference(["NSURL", "NSObject"])])
        return uid
    }

    /// Plain data as Foundation objects.
    func plain(_ value: PlistValue) -> Int {
        switch value {
        case .string(let s): return string(s)
        case .null: return 0
        case .date(let d): return collection(["NSDate", "NSObject"], ["NS.time": .real(d.timeIntervalSinceReferenceDate)])
        case .array(let items):
            let uid = reserve()
            let references = items.map { PlistValue.uid(UInt64(plain($0))) }
            objects[uid] = .dictionary(["NS.objects": .array(references), "$class": classReference(["NSArray", "NSObject"])])
            return uid
        case .dictionary(let entries):
            let uid = reserve()
            let keys = entries.keys.map { PlistValue.uid(UInt64(string($0))) }
            let values = entries.values.map { PlistValue.uid(UInt64(plain($0))) }
            objects[uid] = .dictionary(["NS.keys": .array(keys), "NS.objects": .array(values), "$class": classReference(["NSDictionary", "NSObject"])])
            return uid
        case .integer, .real, .bool, .data, .uid:
            objects.append(value)
            return objects.count - 1
        }
    }

    /// A coder's object: its UID first, then what its fields hold, then its class.
    func object<C: ArchiveCoding>(_ value: C) throws -> Int {
        let uid = reserve()
        var encoder = ArchiveEncoder(table: self)
        try value.encode(to: &encoder)
        var object = encoder.fields
        object["$class"] = classReference(C.archivedClassChain)
        objects[uid] = .dictionary(object)
        return uid
    }
}
