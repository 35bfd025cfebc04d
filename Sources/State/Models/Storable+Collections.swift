import OrderedCollections

extension Array: Storable where Element: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        guard case .array(let items) = storedValue else {
            throw context.mismatch(expected: "an array", found: storedValue)
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        let context = context.anchored()
        for (index, item) in items.enumerated() {
            let element = try context.element {
                try Element(storedValue: item, context: context.appending(index: index))
            }
            if let element { result.append(element) }
        }
        self = result
    }

    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        self = try storedNode.elements(context: context, expected: "an array", Element.init(storedNode:context:))
    }

    // Inlinable, and a plain loop: called through the protocol (a transform's stored form, a
    // model's field) the generic `enumerated().map` cost thousands of instructions per array.
    @inlinable public func storedValue() throws -> PlistValue {
        var items: [PlistValue] = []
        items.reserveCapacity(count)
        for index in indices { items.append(try ModelError.writing(at: .index(index)) { try self[index].storedValue() }) }
        return .array(items)
    }

    public func writeStored(to sink: StoreSink) throws {
        guard !sink.failed else { return }
        _ = sink.begin(array: true)
        for item in self {
            sink.element()
            try item.writeStored(to: sink)
        }
        sink.end()
    }
}

/// A Swift dictionary has no order, so it is written with its keys sorted: the same dictionary
/// always gives the same bytes (Swift's hashing is seeded per process). Use `OrderedDictionary`
/// to keep an order of your own.
extension Dictionary: Storable where Key == String, Value: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        var result: [String: Value] = [:]
        try OrderedDictionary<String, Value>.readMembers(of: storedValue, context: context, reserving: { result.reserveCapacity($0) }) { result[$0] = $1 }
        self = result
    }

    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        var result: [String: Value] = [:]
        try OrderedDictionary<String, Value>.readMembers(of: storedNode, context: context, reserving: { result.reserveCapacity($0) }) { result[$0] = $1 }
        self = result
    }

    public func storedValue() throws -> PlistValue {
        var out = OrderedDictionary<String, PlistValue>(minimumCapacity: count)
        for key in keys.sorted() { out[key] = try ModelError.writing(at: .key(key)) { try self[key]!.storedValue() } }
        return .dictionary(out)
    }

    public func writeStored(to sink: StoreSink) throws {
        guard !sink.failed else { return }
        try sink.dictionary(keys.sorted()) { try self[$0]!.writeStored(to: sink) }
    }
}

extension OrderedDictionary: Storable where Key == String, Value: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        var result = OrderedDictionary<String, Value>()
        try Self.readMembers(of: storedValue, context: context, reserving: { result.reserveCapacity($0) }) { result[$0] = $1 }
        self = result
    }

    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        var result = OrderedDictionary<String, Value>()
        try Self.readMembers(of: storedNode, context: context, reserving: { result.reserveCapacity($0) }) { result[$0] = $1 }
        self = result
    }

    /// The members of a stored dictionary, each read as a `Value` (an element the context
    /// drops — an unknown conformer, say — is left out), for both dictionary types.
    static func readMembers(
        of storedValue: PlistValue, context: ReadContext, reserving reserve: (Int) -> Void, _ add: (String, Value) -> Void
    ) throws {
        guard case .dictionary(let entries) = storedValue else {
            throw context.mismatch(expected: "a dictionary", found: storedValue)
        }
        reserve(entries.count)
        let context = context.anchored()
        for (key, item) in entries {
            if let value = try context.element({ try Value(storedValue: item, context: context.appending(key)) }) { add(key, value) }
        }
    }

    /// The same from a dictionary of a parsed file. A key the file has twice is read as the
    /// value tree has it: where it was first written, with the value written last.
    @inlinable static func readMembers(
        of node: StoredNode, context: ReadContext, reserving reserve: (Int) -> Void, _ add: (String, Value) -> Void
    ) throws {
        let members = try node.members(context: context, expected: "a dictionary", Value.init(storedNode:context:))
        reserve(members.count)
        for (key, value) in members { add(key, value) }
    }

    @inlinable public func storedValue() throws -> PlistValue {
        var out = OrderedDictionary<String, PlistValue>(minimumCapacity: count)
        for (key, value) in self { out[key] = try ModelError.writing(at: .key(key)) { try value.storedValue() } }
        return .dictionary(out)
    }

    public func writeStored(to sink: StoreSink) throws {
        guard !sink.failed else { return }
        _ = sink.begin(array: false)
        for (key, value) in self where try sink.key(key) { try value.writeStored(to: sink) }
        sink.end()
    }
}

/// A set is stored as an array. Its elements are written in a stable order (by their stored
/// form) so the same set always gives the same file.
extension Set: Storable where Element: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        self = Set(try [Element](storedValue: storedValue, context: context))
    }

    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        self = Set(try [Element](storedNode: storedNode, context: context))
    }

    public func storedValue() throws -> PlistValue {
        .array(try map { try $0.storedValue() }.sorted(by: PlistValue.stableOrder))
    }
}

extension PlistValue {
    /// A total order on values used to write unordered collections deterministically: by kind,
    /// then by value (containers by their element count, then their first differing element).
    static func stableOrder(_ a: PlistValue, _ b: PlistValue) -> Bool {
        func rank(_ v: PlistValue) -> Int {
            switch v {
            case .bool: 0
            case .integer: 1
            case .real: 2
            case .string: 3
            case .date: 4
            case .data: 5
            case .uid: 6
            case .array: 7
            case .dictionary: 8
            case .null: 9
            }
        }
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return !x && y
        case (.integer(let x), .integer(let y)): return x < y
        case (.real(let x), .real(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        case (.date(let x), .date(let y)): return x < y
        case (.data(let x), .data(let y)): return x.lexicographicallyPrecedes(y)
        case (.uid(let x), .uid(let y)): return x < y
        case (.array(let x), .array(let y)):
            if x.count != y.count { return x.count < y.count }
            for (l, r) in zip(x, y) where l != r { return stableOrder(l, r) }
            return false
        case (.dictionary(let x), .dictionary(let y)):
            if x.count != y.count { return x.count < y.count }
            for (l, r) in zip(x, y) where l != r {
                return l.key != r.key ? l.key < r.key : stableOrder(l.value, r.value)
            }
            return false
        default:
            return rank(a) < rank(b)
        }
    }
}
