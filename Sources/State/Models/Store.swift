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
    /// The entries, in order.
    public var values: OrderedDictionary<String, PlistValue>
    /// Where this store is in the data being read, and how its collections are read.
    public let context: ReadContext

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
        self.values = values
        self.context = context.anchored()
    }

    /// A store over a dictionary value; any other value is a type mismatch.
    public init(value: PlistValue, context: ReadContext = ReadContext()) throws {
        guard case .dictionary(let d) = value else {
            throw context.mismatch(expected: "a dictionary", found: value)
        }
        self.init(d, context: context)
    }

    /// The store as a value.
    public var plistValue: PlistValue { .dictionary(values) }

    /// Equal when the entries are equal; where a store came from does not matter.
    public static func == (lhs: Store, rhs: Store) -> Bool { lhs.values == rhs.values }

    // MARK: - Raw entries

    /// The raw value at `key`. Setting nil removes the key; setting an existing key keeps its
    /// position.
    public subscript(key: String) -> PlistValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys, in order.
    public var keys: OrderedSet<String> { values.keys }

    /// Whether the store has a value at `key`.
    public func contains(_ key: String) -> Bool { values[key] != nil }

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
        Store(values, context: context.with(mode: mode))
    }

    /// The error to throw for a missing required key.
    public func missing(_ key: String) -> ModelError {
        context.error(.missingKey(key))
    }

    /// The nested store at `key` (a dictionary), or nil when the key is absent.
    public func store(forKey key: String) throws -> Store? {
        guard let raw = values[key], raw != .null else { return nil }
        return try Store(value: raw, context: context.appending(key))
    }
}
