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
    /// entries they read. Such a store refers to the whole parsed file: a model that keeps
    /// data for itself beyond `init(from:)` keeps `values` (or what it reads), not the store.
    public var values: OrderedDictionary<String, PlistValue> {
        get {
            sink?.failed = true
            return node?.entries ?? decoded
        }
        set {
            sink?.failed = true
            node = nil
            decoded = newValue
        }
        _modify {
            sink?.failed = true
            if let node {
                decoded = node.entries
                self.node = nil
            }
            yield &decoded
        }
    }
    /// Where this store is in the data being read, and how its collections are read.
    public let context: ReadContext

    /// The entries, once decoded or written: empty while `node` is set.
    @usableFromInline var decoded: OrderedDictionary<String, PlistValue>
    /// The dictionary of a parsed file this store reads, until something changes it.
    @usableFromInline var node: StoredNode?
    /// The file a model is written straight into, when it is (`StoreSink`): what is set goes
    /// there as text, and what would need the entries back (`values`, a key set twice) marks
    /// the sink failed so that the model is written again the usual way.
    @usableFromInline var sink: StoreSink?
    /// The entries this store wrote into `sink`: a model that put an older copy of its store
    /// back in its place has written entries the copy does not have.
    @usableFromInline var streamed = 0

    /// An empty store, as `write(to:)` receives it.
    public init() {
        self.init(OrderedDictionary(), context: ReadContext())
    }

    /// The empty store a model writes itself to when the store is not handed out: room for a
    /// model's fields (growing the entries field by field reallocated them several times per
    /// model), and one context for every such write (a write reads nothing, so it needs no
    /// place of its own or log of drops).
    static func writing() -> Store {
        Store(decoded: OrderedDictionary(minimumCapacity: 8), node: nil, context: writingContext)
    }
    private static let writingContext = ReadContext()

    /// Starts the entry `key` in `sink` (see `StoreSink.key(_:)`), counting it.
    @inlinable mutating func streamKey(_ key: String, into sink: StoreSink) throws -> Bool {
        guard try sink.key(key) else { return false }
        streamed += 1
        return true
    }

    /// Whether what the model wrote to this store is all in `sink`, as `streaming(into:)`
    /// began it: no entries of its own, and as many in the sink as it wrote there.
    func wroteOnly(into sink: StoreSink, entries: Int) -> Bool {
        self.sink === sink && streamed == entries && decoded.isEmpty && node == nil
    }

    /// The store a model writes itself to when it is written straight into `sink`.
    static func streaming(into sink: StoreSink) -> Store {
        Store(decoded: OrderedDictionary(), node: nil, context: writingContext, sink: sink)
    }

    /// A store over existing entries, read from the root of the data.
    public init(_ values: OrderedDictionary<String, PlistValue>, mode: CollectionMode = .strict) {
        self.init(values, context: ReadContext(mode: mode))
    }

    /// A store over existing entries at the place `context` names.
    public init(_ values: OrderedDictionary<String, PlistValue>, context: ReadContext) {
        self.init(decoded: values, node: nil, context: context.anchored())
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
    @usableFromInline init(node: StoredNode, context: ReadContext, expected: @autoclosure () -> String = "a dictionary") throws {
        guard node.isDictionary else { throw context.mismatch(expected: expected(), found: node) }
        // A lookup scans the members (the last with a key wins): fine for a model's handful
        // of fields, quadratic for a model that reads every key of a large dictionary (its
        // unknown keys, say) — such a store is decoded into entries, which are hashed.
        guard node.count <= Store.largestScanned else {
            self.init(decoded: node.entries, node: nil, context: context.anchored(at: node))
            return
        }
        self.init(decoded: OrderedDictionary(), node: node, context: context.anchored(at: node))
    }

    private init(decoded: OrderedDictionary<String, PlistValue>, node: StoredNode?, context: ReadContext, sink: StoreSink? = nil) {
        self.decoded = decoded
        self.node = node
        self.context = context
        self.sink = sink
    }

    /// The most members a store reads from a file's node; a larger dictionary is decoded.
    static let largestScanned = 64

    /// Reads the entry at `key` from the file's node when the store reads one, else from its
    /// value: nil when the key is absent, or holds `null` and `nullIsAbsent`.
    /// `quick` reads a file's node without a context (`Storable.quickRead`), or gives nil
    /// for the full read, which gets the place's context.
    @inlinable func entry<T>(
        _ key: String, nullIsAbsent: Bool, quick: (StoredNode) -> T? = { _ in nil }, node fromNode: (StoredNode, ReadContext) throws -> T,
        value fromValue: (PlistValue, ReadContext) throws -> T
    ) throws -> T? {
        // A store being written into a sink: what it holds is text already (see `sink`).
        if let sink, sink.has(key) { sink.failed = true }
        if let node {
            guard let member = node.member(key), !(nullIsAbsent && member.isNull) else { return nil }
            if let value = quick(member) { return value }
            return try fromNode(member, context.appending(key))
        }
        guard let raw = decoded[key], !(nullIsAbsent && raw == .null) else { return nil }
        return try fromValue(raw, context.appending(key))
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
            if let sink {
                // What was written is text now: a key written is the one thing not known.
                if sink.has(key) { sink.failed = true }
                return nil
            }
            return node.map { $0.member(key)?.value } ?? decoded[key]
        }
        set {
            if let sink {
                guard !sink.failed else { return }
                guard let newValue else {
                    if sink.has(key) { sink.failed = true }
                    return
                }
                // A value the format cannot hold: the model is written again through a value,
                // which throws what the value tree's writer throws.
                do { if try streamKey(key, into: sink) { try sink.value(newValue) } } catch { sink.failed = true }
                return
            }
            values[key] = newValue
        }
    }

    /// The keys, in order.
    public var keys: OrderedSet<String> {
        sink?.failed = true
        return node?.keys ?? decoded.keys
    }

    /// Whether the store has a value at `key`.
    public func contains(_ key: String) -> Bool {
        if let sink { return sink.has(key) }
        return node.map { $0.member(key) != nil } ?? (decoded[key] != nil)
    }

    /// Removes `key` and returns what it held.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PlistValue? {
        if let sink {
            if sink.has(key) { sink.failed = true }
            return nil
        }
        return values.removeValue(forKey: key)
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
        Store(decoded: decoded, node: node, context: context.with(mode: mode))
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
