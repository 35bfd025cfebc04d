import OrderedCollections

/// Protocol-typed values: one, an array or a dictionary of them, read and written through a
/// `Conformers` registry. Arrays and dictionaries follow the store's collection mode.
extension Store {
    // MARK: - Reading

    /// The protocol value at `key`, read as the conformer its type tag names; throws when the
    /// key is absent.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> V {
        guard let value = try entry(key, nullIsAbsent: false, node: conformers.read(node:context:), value: conformers.read) else { throw missing(key) }
        return value
    }

    /// The protocol value at `key`, or nil when the key is absent (or `null`).
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> V? {
        try entry(key, nullIsAbsent: true, node: conformers.read(node:context:), value: conformers.read)
    }

    /// An array of protocol values, each read as the conformer its tag names.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> [V] {
        guard let value = try entry(key, nullIsAbsent: false, node: conformers.readArray(node:context:), value: conformers.readArray) else { throw missing(key) }
        return value
    }

    /// An array of protocol values, or nil when the key is absent.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> [V]? {
        try entry(key, nullIsAbsent: true, node: conformers.readArray(node:context:), value: conformers.readArray)
    }

    /// A dictionary of protocol values, in the file's order.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> OrderedDictionary<String, V> {
        guard let value = try entry(key, nullIsAbsent: false, node: conformers.readDictionary(node:context:), value: conformers.readDictionary) else { throw missing(key) }
        return value
    }

    /// A dictionary of protocol values, or nil when the key is absent.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> OrderedDictionary<String, V>? {
        try entry(key, nullIsAbsent: true, node: conformers.readDictionary(node:context:), value: conformers.readDictionary)
    }

    /// A Swift dictionary of protocol values.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> [String: V] {
        let members: OrderedDictionary<String, V> = try value(forKey: key, in: conformers)
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }

    /// A Swift dictionary of protocol values, or nil when the key is absent.
    @inlinable public func value<V>(forKey key: String, in conformers: Conformers<V>) throws -> [String: V]? {
        let members: OrderedDictionary<String, V>? = try value(forKey: key, in: conformers)
        return members.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) }) }
    }

    // MARK: - Writing

    /// Writes a protocol value with its type tag first; nil removes the key.
    public mutating func set<V>(_ value: V?, forKey key: String, in conformers: Conformers<V>) throws {
        guard let value else { removeValue(forKey: key); return }
        if let sink {
            if !sink.failed, try streamKey(key, into: sink) { try conformers.writeStored(value, to: sink) }
            return
        }
        values[key] = try ModelError.writing(at: .key(key)) { try conformers.write(value) }
    }

    /// Writes an array of protocol values, each with its type tag; nil removes the key.
    public mutating func set<V>(_ value: [V]?, forKey key: String, in conformers: Conformers<V>) throws {
        guard let value else { removeValue(forKey: key); return }
        if let sink {
            guard !sink.failed, try streamKey(key, into: sink) else { return }
            _ = sink.begin(array: true)
            for item in value {
                sink.element()
                try conformers.writeStored(item, to: sink)
            }
            sink.end()
            return
        }
        values[key] = try ModelError.writing(at: .key(key)) {
            .array(try value.enumerated().map { index, item in try ModelError.writing(at: .index(index)) { try conformers.write(item) } })
        }
    }

    /// Writes a dictionary of protocol values in its order; nil removes the key.
    public mutating func set<V>(_ value: OrderedDictionary<String, V>?, forKey key: String, in conformers: Conformers<V>) throws {
        guard let value else { removeValue(forKey: key); return }
        if let sink {
            guard !sink.failed, try streamKey(key, into: sink) else { return }
            _ = sink.begin(array: false)
            for (member, item) in value where try sink.key(member) { try conformers.writeStored(item, to: sink) }
            sink.end()
            return
        }
        var out = OrderedDictionary<String, PlistValue>(minimumCapacity: value.count)
        try ModelError.writing(at: .key(key)) {
            for (k, v) in value { out[k] = try ModelError.writing(at: .key(k)) { try conformers.write(v) } }
        }
        values[key] = .dictionary(out)
    }

    /// A Swift dictionary is written with its keys sorted, for stable output.
    public mutating func set<V>(_ value: [String: V]?, forKey key: String, in conformers: Conformers<V>) throws {
        guard let value else { removeValue(forKey: key); return }
        if let sink {
            guard !sink.failed, try streamKey(key, into: sink) else { return }
            try sink.dictionary(value.keys.sorted()) { try conformers.writeStored(value[$0]!, to: sink) }
            return
        }
        var out = OrderedDictionary<String, PlistValue>(minimumCapacity: value.count)
        try ModelError.writing(at: .key(key)) {
            for k in value.keys.sorted() { out[k] = try ModelError.writing(at: .key(k)) { try conformers.write(value[k]!) } }
        }
        values[key] = .dictionary(out)
    }
}

extension Conformers {
    /// An array of protocol values, following the context's collection mode.
    @inlinable public func readArray(_ stored: PlistValue, context: ReadContext) throws -> [Value] {
        guard case .array(let items) = stored else {
            throw context.mismatch(expected: "an array of \(root) values", found: stored)
        }
        var result: [Value] = []
        result.reserveCapacity(items.count)
        let context = context.anchored()
        for (index, item) in items.enumerated() {
            if let v = try context.element({ try read(item, context: context.appending(index: index)) }) {
                result.append(v)
            }
        }
        return result
    }

    /// An array of protocol values from a node of a parsed file.
    @inlinable func readArray(node: StoredNode, context: ReadContext) throws -> [Value] {
        try node.elements(context: context, expected: "an array of \(root) values", read(node:context:))
    }

    /// A dictionary of protocol values from a node of a parsed file; a key the file has twice
    /// is read as the value tree has it (first place, last value).
    @inlinable func readDictionary(node: StoredNode, context: ReadContext) throws -> OrderedDictionary<String, Value> {
        let members = try node.members(context: context, expected: "a dictionary of \(root) values", read(node:context:))
        return OrderedDictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }

    /// A dictionary of protocol values, following the context's collection mode.
    @inlinable public func readDictionary(_ stored: PlistValue, context: ReadContext) throws -> OrderedDictionary<String, Value> {
        guard case .dictionary(let entries) = stored else {
            throw context.mismatch(expected: "a dictionary of \(root) values", found: stored)
        }
        var result = OrderedDictionary<String, Value>(minimumCapacity: entries.count)
        let context = context.anchored()
        for (key, item) in entries {
            if let v = try context.element({ try read(item, context: context.appending(key)) }) {
                result[key] = v
            }
        }
        return result
    }
}
