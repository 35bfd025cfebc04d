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
    /// `$archiver`: who wrote the archive (`NSKeyedArchiver`).
    public let archiver: String
    /// `$version` (100000 for NSKeyedArchiver).
    public let version: Int128?
    /// Per object, its class description's place in `descriptions` + 1 (0: a value stored as
    /// itself); the class descriptions read, and where each is in `$objects` (UID → place):
    /// read once, since every object asks for its class and a large archive has a few classes
    /// for hundreds of thousands of objects. Derived from `objects` (and not compared).
    private var classReferences: [UInt32]
    private var descriptions: [ClassDescription]
    private var classes: [Int: Int]

    /// A class description (`$classname`, `$classes`) as the objects of that class use it.
    struct ClassDescription: Sendable, Equatable {
        var name: String
        /// The class and its superclasses, as the description lists them (or the name alone).
        var chain: [String]
        var isList: Bool
        var isMap: Bool
        /// The Foundation class read by its fields, judged once by name (not per object).
        var kind: Kind

        enum Kind: Sendable, Equatable {
            case string, date, data, uuid, url, color, other

            init(name: String) {
                switch name {
                case "NSString", "NSMutableString": self = .string
                case "NSDate": self = .date
                case "NSData", "NSMutableData": self = .data
                case "NSUUID": self = .uuid
                case "NSURL": self = .url
                case "NSColor", "UIColor": self = .color
                default: self = .other
                }
            }
        }
    }

    /// Archives are equal when their storage is: the class tables are read from it.
    public static func == (a: KeyedArchive, b: KeyedArchive) -> Bool {
        a.objects == b.objects && a.top == b.top && a.archiver == b.archiver && a.version == b.version
    }

    /// Whether a value has a keyed archive's shape: `$archiver`, `$top` and `$objects`.
    public static func isArchive(_ value: PlistValue) -> Bool {
        guard case .dictionary(let root) = value, case .string? = root["$archiver"], case .array? = root["$objects"], case .dictionary? = root["$top"] else { return false }
        return true
    }

    /// Reads an archive from a binary or XML property list's bytes.
    public init(bytes: [UInt8]) throws {
        try self.init(try PlistValue(parsing: bytes))
    }

    /// Reads an archive from a property list value; one that is not an archive is an error.
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
        classReferences = Array(repeating: 0, count: objects.count)
        descriptions = []
        classes = [:]
        for uid in objects.indices { noteClass(of: uid) }
    }

    /// Reads which class object `uid` has (after it was read or replaced).
    /// This archive after its storage changed only in the objects `changed` (their UIDs) and
    /// by objects appended to `$objects`: those read again from `tree` (the storage as it is
    /// now), the rest kept — instead of reading the whole storage into values again. Nil when
    /// that cannot be the same as reading the storage whole (`init(_:)`): fewer objects than
    /// before, a class description changed or made, a reference past the end.
    package func updated(objects changed: Set<Int>, from tree: SourceTree) -> KeyedArchive? {
        guard let table = tree.child(of: SourceTree.root, key: "$objects"), tree.nodes[table].kind == .array else { return nil }
        let count = Int(tree.nodes[table].count)
        guard count >= objects.count, changed.allSatisfy({ $0 < objects.count && classes[$0] == nil }) else { return nil }
        var next = self
        next.classReferences += Array(repeating: 0, count: count - objects.count)
        // The objects read again, in order: appended ones by walking on from the last.
        let reread = changed.sorted() + Array(objects.count..<count)
        for uid in reread {
            guard let node = tree.child(of: table, at: .index(uid)) else { return nil }
            let value = tree.value(at: node)
            // A class description is noted as such only where it is read whole.
            if case .dictionary(let fields) = value, fields["$classname"] != nil, uid < objects.count { return nil }
            guard Self.referencesFit(value, count: count) else { return nil }
            if uid < objects.count { next.objects[uid] = value } else { next.objects.append(value) }
        }
        for uid in reread { next.noteClass(of: uid) }
        return next
    }

    private mutating func noteClass(of uid: Int) {
        classReferences[uid] = 0
        guard case .dictionary(let fields) = objects[uid], case .uid(let c)? = fields["$class"], c < objects.count else { return }
        if let known = classes[Int(c)] {
            classReferences[uid] = UInt32(truncatingIfNeeded: known + 1)
            return
        }
        guard case .dictionary(let info) = objects[Int(c)], case .string(let name)? = info["$classname"] else { return }
        var chain = [name]
        if case .array(let names)? = info["$classes"] { chain = names.compactMap { if case .string(let s) = $0 { s } else { nil } } }
        let isA = { (classes: Set<String>) in classes.contains(name) || chain.contains(where: classes.contains) }
        classes[Int(c)] = descriptions.count
        descriptions.append(ClassDescription(name: name, chain: chain, isList: isA(Self.listClasses), isMap: isA(Self.mapClasses), kind: .init(name: name)))
        classReferences[uid] = UInt32(truncatingIfNeeded: descriptions.count)
    }

    /// The class description of object `uid`, when it is an object of a class.
    func classDescription(of uid: Int) -> ClassDescription? {
        let c = classReferences[uid]
        return c == 0 ? nil : descriptions[Int(c - 1)]
    }

    /// Whether `uid` is an object of a class (not a value stored as itself).
    package func isObject(_ uid: Int) -> Bool { classReferences[uid] != 0 }

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
        // A class description, or an object's class, is not a value to replace.
        guard classes[uid] == nil, field != "$class" else { return false }
        guard let field else {
            objects[uid] = value
            noteClass(of: uid)
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
        classDescription(of: uid)?.name
    }

    /// The class and its superclasses (`$classes`).
    public func classChain(of uid: Int) -> [String] {
        classDescription(of: uid)?.chain ?? []
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
