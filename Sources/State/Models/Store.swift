import OrderedCollections

/// The key-value container models are read from and written to: one dictionary of the data,
/// plus where it sits in the file (for error messages) and how collections are read.
///
/// Keys keep their order. A model's `write(to:)` fills a store in the order it sets keys, and
/// that is the order the file lists them in.
///
/// ```swift
/// init(from store: Store) throws {
///     name = try store.value(forKey: "name")        // required: throws when absent
///     title = try store.value(forKey: "title")      // optional: nil when absent
/// }
/// func write(to store: inout Store) throws {
///     try store.set(name, forKey: "name")
///     try store.set(title, forKey: "title")         // nil: the key is not written
/// }
/// ```
public struct Store: Sendable, Equatable {
    /// The entries, in order. A store reading a file's node decodes them when first asked
    /// for here (or on the first change); its readers (`value(forKey:)`) decode only the
    /// entries they read.
    public var values: OrderedDictionary<String, PlistValue> {
        get {
            switch storage {
            case .node(let node): node.entries
            case .values(let values): values
            }
        }
        set { storage = .values(newValue) }
        _modify {
            var values: OrderedDictionary<String, PlistValue>
            switch storage {
            case .node(let node): values = node.entries
            case .values(let own): values = own
            }
            // Not shared while it is changed (a shared dictionary is copied on write).
            storage = .values([:])
            defer { storage = .values(values) }
            yield &values
        }
    }
    /// Where this store is in the data being read, and how its collections are read.
    public let context: ReadContext

    /// What the store holds: a dictionary of a parsed file (until something changes it) or
    /// entries. One field, so copying a store (every model read does) retains one thing.
    @usableFromInline enum Storage: Sendable {
        case node(StoredNode)
        case values(OrderedDictionary<String, PlistValue>)
    }
    @usableFromInline var storage: Storage

    /// An empty store, as `write(to:)` receives it.
    public init() {
        self.init(OrderedDictionary(), context: ReadContext())
    }

    /// A store over existing entries, read from the root of the data.
    public init(_ values: OrderedDictionary<String, PlistValue>, mode: CollectionMode = .strict) {
        self.init(values, context: ReadContext(mode: mode))
    }

    /// A store over existing entries at the place `context` names.
    public init(_ values: OrderedDictionary<String, PlistValue>, context: ReadContext) {
        self.init(storage: .values(values), context: context.anchored())
    }

    /// A store over a dictionary value; any other value is a type mismatch.
    public init(value: PlistValue, context: ReadContext = ReadContext()) throws {
        guard case .dictionary(let d) = value else {
            throw context.mismatch(expected: "a dictionary", found: value)
        }
        self.init(d, context: context)
    }

    /// A store over a dictionary of a parsed file; any other node is a type mismatch that
    /// names `expected`.
    init(node: StoredNode, context: ReadContext, expected: @autoclosure () -> String = "a dictionary") throws {
        guard node.isDictionary else { throw context.mismatch(expected: expected(), found: node) }
        self.init(storage: .node(node), context: context.anchored())
    }

    private init(storage: Storage, context: ReadContext) {
        self.storage = storage
        self.context = context
    }

    /// Reads the entry at `key` from the file's node when the store reads one, else from its
    /// value: nil when the key is absent, or holds `null` and `nullIsAbsent`.
    @inlinable func entry<T>(
        _ key: String, nullIsAbsent: Bool, node fromNode: (StoredNode, ReadContext) throws -> T,
        value fromValue: (PlistValue, ReadContext) throws -> T
    ) throws -> T? {
        switch storage {
        case .node(let node):
            guard let member = node.member(key), !(nullIsAbsent && member.isNull) else { return nil }
            return try fromNode(member, context.appending(key))
        case .values(let values):
            guard let raw = values[key], !(nullIsAbsent && raw == .null) else { return nil }
            return try fromValue(raw, context.appending(key))
        }
    }

    /// The store as a value.
    public var plistValue: PlistValue { .dictionary(values) }

    /// Equal when the entries are equal; where a store came from does not matter.
    public static func == (lhs: Store, rhs: Store) -> Bool { lhs.values == rhs.values }

    // MARK: - Raw entries

    /// The raw value at `key`. Setting nil removes the key; setting an existing key keeps its
    /// position.
    public subscript(key: String) -> PlistValue? {
        get {
            switch storage {
            case .node(let node): node.member(key)?.value
            case .values(let values): values[key]
            }
        }
        set { values[key] = newValue }
    }

    /// The keys, in order.
    public var keys: OrderedSet<String> {
        switch storage {
        case .node(let node): node.keys
        case .values(let values): values.keys
        }
    }

    /// Whether the store has a value at `key`.
    public func contains(_ key: String) -> Bool {
        switch storage {
        case .node(let node): node.member(key) != nil
        case .values(let values): values[key] != nil
        }
    }

    /// Removes `key` and returns what it held.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PlistValue? {
        values.removeValue(forKey: key)
    }

    /// Renames `key` to `newKey` in place (the entry keeps its position). Does nothing when
    /// `key` is absent; replaces an existing `newKey`.
    public mutating func renameKey(_ key: String, to newKey: String) {
        guard key != newKey, let index = values.index(forKey: key) else { return }
        let value = values.values[index]
        values.removeValue(forKey: newKey)
        let position = values.index(forKey: key)!
        values.remove(at: position)
        values.updateValue(value, forKey: newKey, insertingAt: position)
    }

    /// The same entries read with another collection mode, e.g.
    /// `try store.reading(.lenient).value(forKey: "assets")` to drop bad assets instead of
    /// failing.
    public func reading(_ mode: CollectionMode) -> Store {
        Store(storage: storage, context: context.with(mode: mode))
    }

    /// The error to throw for a missing required key.
    public func missing(_ key: String) -> ModelError {
        context.error(.missingKey(key))
    }

    /// The nested store at `key` (a dictionary), or nil when the key is absent.
    public func store(forKey key: String) throws -> Store? {
        try entry(key, nullIsAbsent: true, node: { try Store(node: $0, context: $1) }, value: { try Store(value: $0, context: $1) })
    }
}
