import Foundation
import OrderedCollections

/// Reads one archived object's keyed fields, as `init(coder:)` does: inline scalars or
/// references to `NSString`, `NSNumber`, `NSDate`, `NSData`, `NSUUID`, `NSURL` objects, and
/// nested coders. Errors name the key path from the archive's root.
public struct ArchiveDecoder: Sendable {
    /// The archive being read.
    public let archive: KeyedArchive
    /// The object this decoder reads.
    public let uid: Int
    /// Where it is, from the root (for errors).
    public let path: PlistPath
    /// The objects being decoded around it: a reference back to one of them is a cycle.
    let open: [Int]

    /// A decoder for the object `uid` of `archive`; `path` names it in errors, `open` lists the
    /// objects being decoded above it (a cycle among them is an error, not a hang).
    public init(archive: KeyedArchive, uid: Int, path: PlistPath = PlistPath(), open: [Int] = []) {
        self.archive = archive
        self.uid = uid
        self.path = path
        self.open = open
    }

    /// The root object of an archive's bytes.
    public static func root(of bytes: [UInt8]) throws -> ArchiveDecoder {
        let archive = try KeyedArchive(bytes: bytes)
        guard let root = archive.root else { throw PlistError("the archive has no top-level object", at: .keyPath("$top")) }
        return ArchiveDecoder(archive: archive, uid: root)
    }

    /// The object's class name (`$classname`), nil for a value stored as itself.
    public var className: String? { archive.className(of: uid) }

    /// The object's field names.
    public var keys: [String] { Array(archive.fields(of: uid).keys) }

    /// Whether the object has a field `key`.
    public func contains(_ key: String) -> Bool { archive.fields(of: uid)[key] != nil }

    /// The error for a required key that is missing or of the wrong kind.
    public func missing(_ key: String) -> ModelError { ModelError(.missingKey(key), at: path) }

    /// A field, references followed to what they name (nil: absent, or `$null`).
    private func resolved(_ key: String) -> (value: PlistValue, uid: Int?)? {
        guard let field = archive.fields(of: uid)[key] else { return nil }
        if case .uid(let u) = field {
            guard u != 0 else { return nil }
            return (archive.objects[Int(u)], Int(u))
        }
        return (field, nil)
    }

    /// The string at `key` (an `NSString` reference), or nil.
    public func decodeString(forKey key: String) -> String? {
        guard let (value, reference) = resolved(key) else { return nil }
        if let reference, case .string(let s) = archive.content(of: reference) { return s }
        if case .string(let s) = value, reference.map({ archive.className(of: $0) == nil }) ?? true { return s }
        return nil
    }

    /// The integer at `key`, or nil.
    public func decodeInteger(forKey key: String) -> Int? {
        guard let (value, _) = resolved(key) else { return nil }
        switch value {
        case .integer(let i): return Int(exactly: i)
        case .real(let d): return d.rounded() == d ? Int(exactly: d) : nil
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The real at `key` (an integer reads as one), or nil.
    public func decodeDouble(forKey key: String) -> Double? {
        guard let (value, _) = resolved(key) else { return nil }
        return KeyedArchive.number(value)
    }

    /// The bool at `key`, or nil.
    public func decodeBool(forKey key: String) -> Bool? {
        guard let (value, _) = resolved(key) else { return nil }
        switch value {
        case .bool(let b): return b
        case .integer(let i): return i != 0
        default: return nil
        }
    }

    /// The date at `key` (an `NSDate` reference), or nil.
    public func decodeDate(forKey key: String) -> Date? {
        guard let (value, reference) = resolved(key) else { return nil }
        if let reference, case .date(let d) = archive.content(of: reference) { return d }
        if case .date(let d) = value { return d }
        return nil
    }

    /// The data at `key` (an `NSData` reference), or nil.
    public func decodeData(forKey key: String) -> Data? {
        guard let (value, reference) = resolved(key) else { return nil }
        if let reference, case .data(let d) = archive.content(of: reference) { return d }
        if case .data(let d) = value { return d }
        return nil
    }

    /// The UUID at `key` (an `NSUUID` reference), or nil.
    public func decodeUUID(forKey key: String) -> UUID? {
        guard let (_, reference) = resolved(key), let reference, case .uuid(let u) = archive.content(of: reference) else { return nil }
        return u
    }

    /// The URL at `key` (an `NSURL` reference), or nil.
    public func decodeURL(forKey key: String) -> URL? {
        guard let (_, reference) = resolved(key), let reference, let text = archive.urlString(of: reference) else { return nil }
        return URL(string: text)
    }

    /// A field as plain data (`KeyedArchive.plainValue(of:)`): what a model's store holds.
    public func decodePlist(forKey key: String) throws -> PlistValue? {
        guard let field = archive.fields(of: uid)[key] else { return nil }
        if case .uid(let u) = field {
            guard u != 0 else { return nil }
            return try archive.plainValue(of: Int(u))
        }
        return field
    }

    /// Every field as plain data, in the archive's order (a model's store).
    public func plainFields() throws -> PlistValue {
        var out = OrderedDictionary<String, PlistValue>()
        for key in keys {
            if let value = try decodePlist(forKey: key) { out[key] = value }
        }
        return .dictionary(out)
    }

    /// The decoder of the object a field references.
    public func decoder(forKey key: String) throws -> ArchiveDecoder? {
        guard case .uid(let u)? = archive.fields(of: uid)[key], u != 0 else { return nil }
        return try nested(Int(u), .key(key))
    }

    private func nested(_ target: Int, _ component: PlistPath.Component) throws -> ArchiveDecoder {
        let here = path.appending(component)
        guard open.count < KeyedArchive.depthLimit else {
            throw ModelError(.invalidValue("objects nested deeper than \(KeyedArchive.depthLimit) levels"), at: here)
        }
        guard !open.contains(target), target != uid else {
            throw ModelError(.invalidValue("a reference back to an object that contains it (a cycle): value types cannot hold one"), at: here)
        }
        return ArchiveDecoder(archive: archive, uid: target, path: here, open: open + [uid])
    }

    /// A nested value through its coder; nil when the field is absent or `$null`.
    public func decode<C: ArchiveCoding>(_ type: C.Type, forKey key: String) throws -> C? {
        guard let decoder = try decoder(forKey: key) else { return nil }
        return try C(from: decoder)
    }

    /// The items of an archived array (or set), each through its coder.
    public func decodeArray<C: ArchiveCoding>(of type: C.Type, forKey key: String) throws -> [C]? {
        guard let decoder = try decoder(forKey: key) else { return nil }
        guard let elements = try decoder.elements() else {
            throw ModelError(.typeMismatch(expected: "an archived array", found: decoder.className ?? "a plain value"), at: decoder.path)
        }
        return try elements.map { try C(from: $0) }
    }

    /// Decoders for the items when this object is an archived array or set; nil otherwise.
    public func elements() throws -> [ArchiveDecoder]? {
        guard case .list(let items) = archive.content(of: uid) else { return nil }
        return try items.enumerated().map { try nested($1, .index($0)) }
    }
}
