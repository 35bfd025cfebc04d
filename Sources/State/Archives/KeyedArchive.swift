import Foundation
import OrderedCollections

/// An `NSKeyedArchiver` archive read from its property list: the `$objects` table, the `$top`
/// references into it, and what each object is as the Foundation class it was archived from
/// (`content(of:)`). Reading needs no Objective-C runtime.
///
/// Every reference is checked when the archive is read, so a bad archive is refused once,
/// with the key path of the bad reference, and nothing after that can index out of range.
public struct KeyedArchive: Sendable, Equatable {
    /// The objects by UID; UID 0 is `$null`.
    public private(set) var objects: [PlistValue]
    /// The top-level objects by key (`root` for `archivedData(withRootObject:)`).
    public let top: OrderedDictionary<String, Int>
    public let archiver: String
    public let version: Int128?

    /// Whether a value has a keyed archive's shape: `$archiver`, `$top` and `$objects`.
    public static func isArchive(_ value: PlistValue) -> Bool {
        guard case .dictionary(let root) = value, case .string? = root["$archiver"], case .array? = root["$objects"], case .dictionary? = root["$top"] else { return false }
        return true
    }

    public init(bytes: [UInt8]) throws {
        try self.init(try PlistValue(parsing: bytes))
    }

    public init(_ value: PlistValue) throws {
        guard case .dictionary(let root) = value else { throw PlistError("not a keyed archive: the root is \(value.typeName), not a dictionary") }
        guard case .string(let archiver)? = root["$archiver"] else { throw PlistError("not a keyed archive: no $archiver string", at: .keyPath("$archiver")) }
        guard case .array(let objects)? = root["$objects"] else { throw PlistError("a keyed archive needs an $objects array", at: .keyPath("$objects")) }
        guard case .dictionary(let topEntries)? = root["$top"] else { throw PlistError("a keyed archive needs a $top dictionary", at: .keyPath("$top")) }
        var top = OrderedDictionary<String, Int>()
        for (key, reference) in topEntries {
            guard case .uid(let uid) = reference, uid < objects.count else {
                throw PlistError("$top.\(key) must be a reference (UID) to one of the \(objects.count) objects", at: .keyPath("$top.\(key)"))
            }
            top[key] = Int(uid)
        }
        // Every reference anywhere in the table points into it (paths are spelled out only
        // for the error: a large archive has hundreds of thousands of references).
        for (index, object) in objects.enumerated() where !Self.referencesFit(object, count: objects.count) {
            try Self.checkReferences(object, count: objects.count, path: "$objects.\(index)")
        }
        if case .integer(let v)? = root["$version"] { version = v } else { version = nil }
        self.objects = objects
        self.top = top
        self.archiver = archiver
    }

    private static func referencesFit(_ value: PlistValue, count: Int) -> Bool {
        switch value {
        case .uid(let uid): uid < count
        case .array(let items): items.allSatisfy { referencesFit($0, count: count) }
        case .dictionary(let entries): entries.values.allSatisfy { referencesFit($0, count: count) }
        default: true
        }
    }

    private static func checkReferences(_ value: PlistValue, count: Int, path: String) throws {
        switch value {
        case .uid(let uid):
            guard uid < count else { throw PlistError("reference UID(\(uid)) past the \(count) objects", at: .keyPath(path)) }
        case .array(let items):
            for (i, item) in items.enumerated() { try checkReferences(item, count: count, path: "\(path).\(i)") }
        case .dictionary(let entries):
            for (key, item) in entries { try checkReferences(item, count: count, path: "\(path).\(PlistPath([.key(key)]))") }
        default:
            break
        }
    }

    /// Sets object `uid` — or, with `field`, that field of the object — to `value`, a scalar
    /// (no reference is added or taken away, so every reference still fits); false, with
    /// nothing changed, when the object has no such field or the value is not a scalar.
    public mutating func replace(object uid: Int, field: String?, with value: PlistValue) -> Bool {
        guard objects.indices.contains(uid), !value.isContainer else { return false }
        if case .uid = value { return false }
        guard let field else {
            objects[uid] = value
            return true
        }
        guard case .dictionary(var fields) = objects[uid], fields[field] != nil else { return false }
        // Out of the array while it changes: one copy of the object, not of the table.
        objects[uid] = .null
        fields[field] = value
        objects[uid] = .dictionary(fields)
        return true
    }

    /// The root object (`$top.root`, else the first top-level object).
    public var root: Int? { top["root"] ?? top.values.first }

    /// The object's class name (`$class` → `$classname`); nil for values stored as themselves.
    public func className(of uid: Int) -> String? {
        guard case .dictionary(let fields) = objects[uid], case .uid(let c)? = fields["$class"],
            case .dictionary(let info) = objects[Int(c)], case .string(let name)? = info["$classname"]
        else { return nil }
        return name
    }

    /// The class and its superclasses (`$classes`).
    public func classChain(of uid: Int) -> [String] {
        guard case .dictionary(let fields) = objects[uid], case .uid(let c)? = fields["$class"],
            case .dictionary(let info) = objects[Int(c)], case .array(let names)? = info["$classes"]
        else { return className(of: uid).map { [$0] } ?? [] }
        return names.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }

    /// The object's own keyed fields (without `$class`); empty for values stored as themselves.
    public func fields(of uid: Int) -> OrderedDictionary<String, PlistValue> {
        guard case .dictionary(var fields) = objects[uid], fields["$class"] != nil else { return [:] }
        fields.removeValue(forKey: "$class")
        return fields
    }

    /// Whether the object at `uid` is a class description (`$classname`), not an object.
    public func isClassDescription(_ uid: Int) -> Bool {
        guard case .dictionary(let fields) = objects[uid] else { return false }
        return fields["$classname"] != nil && fields["$class"] == nil
    }
}
