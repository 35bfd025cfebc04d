import OrderedCollections

/// The registry of the concrete types that conform to a protocol, used to write and read
/// protocol-typed values.
///
/// A protocol value is written as its conformer's dictionary plus a *type tag*: the key is the
/// name of the root protocol (the top of the inheritance chain), the value the conformer's
/// `modelName` — `"Asset": "ColorAsset"`. Reading finds the tag (or the older `model_type_key`),
/// looks the name up here and reads that type.
///
/// ```swift
/// protocol Asset: Model { var name: String { get } }
/// protocol FileAsset: Asset { var path: String { get } }
///
/// extension Conformers where Value == any Asset {
///     static var asset: Self { Conformers(root: "Asset", ColorAsset.self, SoundAsset.self, ImageAsset.self) }
/// }
/// let assets: [any Asset] = try store.value(forKey: "assets", in: .asset)
/// ```
/// A registry for a protocol lower in the chain (`FileAsset`) still uses the root's name as the
/// tag key, so the same data reads as either.
///
/// It is `@unchecked Sendable` because it holds only strings, metatypes and closures that
/// capture nothing but a string, all immutable and safe to share; Swift does not infer that
/// for metatypes of a non-`Sendable` protocol.
public struct Conformers<Value>: @unchecked Sendable {
    /// The name of the root protocol: the type tag's key.
    public let root: String
    /// Conformer types by `modelName`, in registration order.
    public let types: [(name: String, type: any Model.Type)]

    /// The key older State files used for the type tag.
    public static var legacyTagKey: String { "model_type_key" }

    /// A registry of `types` under the root protocol `root` (the type tag's key).
    public init(root: String, _ types: any Model.Type...) {
        self.init(root: root, types)
    }

    /// A registry of `types` under the root protocol `root`, from an array.
    public init(root: String, _ types: [any Model.Type]) {
        self.root = root
        self.types = types.map { (name: $0.modelName, type: $0) }
        writers = types.map { Self.writer(for: $0) }
    }

    /// For each conformer, its type's identity and how a value of it is written straight
    /// into a file: found by comparing the value's type, then cast to that concrete type —
    /// a cast to `any Model` looks the conformance up at run time, a thousand instructions a
    /// value.
    private let writers: [(type: ObjectIdentifier, write: (Any, StoreSink, String, () throws -> PlistValue) throws -> Void)]

    private static func writer<T: Model>(for type: T.Type) -> (type: ObjectIdentifier, write: (Any, StoreSink, String, () throws -> PlistValue) throws -> Void) {
        let name = T.modelName
        return (
            ObjectIdentifier(type),
            { value, sink, root, asValue in
                // Called only for a value whose type is `T` (compared first), so the cast
                // cannot fail; `as?` would look up `Optional<T>` at run time on every call.
                try (value as! T).writeStreamed(to: sink, tag: (key: root, name: name), asValue: asValue)
            }
        )
    }

    /// The conformer registered under `name`.
    public func type(named name: String) -> (any Model.Type)? {
        types.first { $0.name == name }?.type
    }

    /// The conformer name of a value, from its dynamic type.
    public func name(of value: Value) -> String? {
        guard let model = value as? any Model else { return nil }
        return Swift.type(of: model).modelName
    }

    /// The tag that names the conformer in `entries`: the root protocol's key, else the legacy
    /// key.
    public func tag(in store: Store) -> String? {
        store[root]?.stringValue ?? store[Self.legacyTagKey]?.stringValue
    }

    // MARK: - Reading and writing one value

    /// Reads one protocol value from its stored dictionary.
    @inlinable public func read(_ stored: PlistValue, context: ReadContext) throws -> Value {
        // The tag is looked up in the entries themselves: the conformer's own read makes the
        // store (one per value read, not two).
        guard case .dictionary(let entries) = stored else {
            throw context.mismatch(expected: "a dictionary", found: stored)
        }
        let type = try conformer(tagged: { entries[$0] }, context: context)
        return try cast(try type.init(storedValue: stored, context: context), context: context)
    }

    /// Reads one protocol value from a dictionary of a parsed file. Inlinable, as the readers
    /// of arrays and dictionaries of them are: specialized for the protocol.
    @inlinable func read(node: StoredNode, context: ReadContext) throws -> Value {
        guard node.isDictionary else { throw context.mismatch(expected: "a dictionary", found: node) }
        let type = try conformer(tagged: { node.member($0).map { $0.string.map(PlistValue.string) ?? $0.value } }, context: context)
        return try read(type, node: node, context: context)
    }

    /// Reads a conformer, its type opened from the registry's metatype, and casts the model
    /// itself to the protocol: read as `any Model` first, a model too large for an
    /// existential's inline buffer was boxed twice (once per existential), and the cast had to
    /// unwrap the first box.
    @usableFromInline func read<T: Model>(_ type: T.Type, node: StoredNode, context: ReadContext) throws -> Value {
        let model = try T(storedNode: node, context: context)
        guard let value = model as? Value else { throw notConforming(T.self, context: context) }
        return value
    }

    /// The conformer a stored dictionary's tag names; `entry` gives the dictionary's value at
    /// a key.
    @usableFromInline func conformer(tagged entry: (String) -> PlistValue?, context: ReadContext) throws -> any Model.Type {
        let tag = entry(root)
        let legacy = tag?.stringValue == nil ? entry(Self.legacyTagKey) : nil
        guard let name = tag?.stringValue ?? legacy?.stringValue else {
            if let raw = tag ?? legacy {
                throw context.appending(tag != nil ? root : Self.legacyTagKey)
                    .mismatch(expected: "a conformer name (string)", found: raw)
            }
            throw context.error(.missingTypeTag(protocol: root))
        }
        guard let type = type(named: name) else {
            throw context.appending(tag != nil ? root : Self.legacyTagKey)
                .error(.unknownConformer(name, protocol: root, known: types.map(\.name)))
        }
        return type
    }

    /// A conformer's model as the protocol value.
    @usableFromInline func cast(_ model: any Model, context: ReadContext) throws -> Value {
        guard let value = model as? Value else { throw notConforming(Swift.type(of: model), context: context) }
        return value
    }

    /// The error for a registered conformer that is not of the protocol.
    func notConforming(_ type: any Model.Type, context: ReadContext) -> ModelError {
        context.error(.invalidValue("\(type.modelName) is registered as a \(root) conformer but is not a \(Value.self)"))
    }

    /// The stored dictionary of one protocol value, with its type tag first.
    public func write(_ value: Value) throws -> PlistValue {
        guard let model = value as? any Model else {
            throw ModelError(.invalidValue("\(Swift.type(of: value)) is not a Model"))
        }
        let name = Swift.type(of: model).modelName
        guard type(named: name) != nil else {
            throw ModelError(.unknownConformer(name, protocol: root, known: types.map(\.name)))
        }
        // The tag goes first, in front of what the model wrote (a key of the tag's name the
        // model wrote itself gives way to it).
        var entries = try model.writtenEntries()
        entries.removeValue(forKey: root)
        entries.updateValue(.string(name), forKey: root, insertingAt: 0)
        return .dictionary(entries)
    }

    /// Writes one protocol value straight into a file being written: its type tag, then what
    /// the model writes (a model that writes the tag's key itself is written through
    /// `write(_:)`, where the tag replaces it).
    func writeStored(_ value: Value, to sink: StoreSink) throws {
        // Through `Any`: `type(of:)` of a generic value bound to a protocol type is the
        // protocol. (The writers take `Any`, not `Value`: an array of closures of a generic
        // type looked up its metadata at run time on every read.)
        let any = value as Any
        let type = ObjectIdentifier(Swift.type(of: any))
        for writer in writers where writer.type == type {
            try writer.write(any, sink, root, { try write(value) })
            return
        }
        // Not a registered conformer (`write(_:)` throws the error it gives), or a subclass.
        try sink.value(try write(value))
    }
}
