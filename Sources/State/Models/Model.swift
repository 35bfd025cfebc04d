import OrderedCollections

/// A type stored as a dictionary of key-value data: a struct with one entry per stored property,
/// an enum, or a conformer of a protocol.
///
/// Implement `init(from:)` and `write(to:)`; everything else has a default. The framework runs
/// the steps around them, so read models through `Store.value(forKey:)`, `read(from:)` or
/// `init(contentsOf:)`, never by calling `init(from:)` yourself:
///
/// - reading: migrate the raw data to the current `version` (running `migrations`), then
///   `init(from:)`, then `finishReading(from:)`;
/// - writing: `write(to:)`, then `model_version` when the model is versioned, then
///   `finishWriting(to:)`.
public protocol Model: StorableDocument {
    /// Reads the model from a store that has already been migrated to the current version.
    ///
    /// The store is borrowed: the framework hands the same store to `finishReading(from:)`
    /// afterwards, and a store taken as an owned argument was copied for every model read
    /// (a dozen references retained and released). An implementation written
    /// `init(from store: Store)` satisfies it as well; it is handed a copy.
    init(from store: borrowing Store) throws
    /// Writes every stored property (not transient ones) to the store.
    func write(to store: inout Store) throws

    /// The name written in type tags and enum case keys. Defaults to the type's name.
    static var modelName: String { get }
    /// The current version of the model, written as `model_version`; nil (the default) for an
    /// unversioned model, which writes no version and never migrates.
    static var version: Int? { get }
    /// The steps that bring older data up to `version`, one per version.
    static var migrations: [Migration] { get }

    /// Called after `init(from:)` with the same store, to read extra data (meta-data, keys the
    /// model keeps for itself).
    mutating func finishReading(from store: Store) throws
    /// Called last when writing, to add extra entries.
    func finishWriting(to store: inout Store) throws
}

extension Model {
    public static var modelName: String { TypeNames.name(of: Self.self) }
    public static var version: Int? { nil }
    public static var migrations: [Migration] { [] }
    public mutating func finishReading(from store: Store) throws {}
    public func finishWriting(to store: inout Store) throws {}

    /// The key a versioned model writes its version under.
    public static var versionKey: String { ModelVersion.key }

    // MARK: - Storable

    // Inlinable, with the steps around `init(from:)`: a model's module specializes them for
    // the model, where the generic path looked up metadata and copied stores through value
    // witnesses for every model read.
    @inlinable public init(storedValue: PlistValue, context: ReadContext) throws {
        guard case .dictionary(let entries) = storedValue else {
            throw context.mismatch(expected: "a dictionary (\(Self.modelName))", found: storedValue)
        }
        try self.init(reading: Store(entries, context: context))
    }

    /// Reads the model from a dictionary of a parsed file: its store decodes only the entries
    /// `init(from:)` reads (and all of them if something asks for `values` or changes them —
    /// a migration, say).
    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        try self.init(reading: Store(node: storedNode, context: context, expected: "a dictionary (\(Self.modelName))"))
    }

    /// Reads the model from a store: migration, `init(from:)`, `finishReading(from:)`.
    public static func read(from store: Store) throws -> Self {
        try Self(reading: store)
    }

    @inlinable init(reading source: Store) throws {
        // An unversioned model reads the store it is given: a copy to migrate retained and
        // released everything a store holds, for every model read.
        guard Self.version != nil else {
            self = try Self(from: source)
            try finishReading(from: source)
            return
        }
        var store = source
        try Self.migrate(&store)
        self = try Self(from: store)
        try finishReading(from: store)
    }

    public func storedValue() throws -> PlistValue {
        .dictionary(try writtenEntries())
    }

    /// The model written to a fresh store: `write(to:)`, the version, `finishWriting(to:)`.
    public func storedEntries() throws -> Store {
        var store = Store()
        try fill(&store)
        return store
    }

    /// The entries the model writes, written to the store every write shares (`storedValue()`
    /// and a conformer's stored form never hand the store out).
    func writtenEntries() throws -> OrderedDictionary<String, PlistValue> {
        var store = Store.writing()
        try fill(&store)
        // `values`, spelled out: a model may have put a store read from a file in its place.
        if let node = store.node { return node.entries }
        return store.decoded
    }

    public func writeStored(to sink: StoreSink) throws {
        try writeStreamed(to: sink, tag: nil) { try storedValue() }
    }

    /// Writes the model's entries straight into `sink`, after a type tag when it has one. A
    /// model whose `write(to:)` used its store in a way text cannot follow (see `StoreSink`)
    /// is written again from where it began, as the value `asValue` makes.
    func writeStreamed(to sink: StoreSink, tag: (key: String, name: String)?, asValue: () throws -> PlistValue) throws {
        guard !sink.failed else { return }
        let mark = sink.begin(array: false)
        if let tag, try sink.key(tag.key) { try sink.value(.string(tag.name)) }
        var store = Store.streaming(into: sink)
        try fill(&store)
        // A model may have put another store in its place: its entries are not in the sink.
        if !sink.failed, store.wroteOnly(into: sink, entries: sink.items - (tag == nil ? 0 : 1)) {
            sink.end()
            return
        }
        sink.rewind(to: mark)
        try sink.value(try asValue())
    }

    private func fill(_ store: inout Store) throws {
        try write(to: &store)
        if let version = Self.version { store[Self.versionKey] = .integer(Int128(version)) }
        try finishWriting(to: &store)
    }

    // MARK: - Versions

    /// The version the data in `store` was written with: its `model_version` (a whole number,
    /// also accepted as a real or a string such as "2.0" — Xcode's version hash modifiers), or
    /// 1 when there is none.
    public static func dataVersion(of store: Store) throws -> Int {
        guard let raw = store[versionKey] else { return 1 }
        guard let version = ModelVersion.parse(raw) else {
            throw store.context.appending(versionKey).error(.invalidVersion(found: raw.preview))
        }
        return version
    }

    /// Brings the data in `store` up to `version`: runs each migration step from the data's
    /// version to the current one, in order, then records the current version.
    public static func migrate(_ store: inout Store) throws {
        guard let current = version else { return }
        var found = try dataVersion(of: store)
        if found > current {
            throw store.context.error(.versionTooNew(found: found, current: current, model: modelName))
        }
        let steps = migrations
        while found < current {
            guard let step = steps.first(where: { $0.from == found }) else {
                throw store.context.error(.missingMigration(from: found, model: modelName))
            }
            do {
                try step.run(&store)
            } catch let error as ModelError {
                throw error
            } catch {
                throw store.context.error(.migrationFailed(from: found, model: modelName, message: "\(error)"))
            }
            found += 1
        }
        // Only when it differs: setting a key decodes a store that reads a file's node.
        if let stored = store[versionKey], stored != .integer(Int128(current)) { store[versionKey] = .integer(Int128(current)) }
    }
}
