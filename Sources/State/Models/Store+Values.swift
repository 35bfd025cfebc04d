import OrderedCollections

// The readers are inlinable so a model's module specializes them for each field's type: the
// generic path (metadata lookups, value witnesses) was a fifth of decoding a model.
extension Store {
    // MARK: - Reading

    /// The value at `key`; throws when the key is absent or holds the wrong type.
    @inlinable public func value<T: Storable>(forKey key: String) throws -> T {
        guard let value = try entry(key, nullIsAbsent: false, quick: T.quickRead, node: T.init(storedNode:context:), value: T.init(storedValue:context:)) else {
            throw missing(key)
        }
        return value
    }

    /// The value at `key`, or nil when the key is absent (or JSON `null`); throws when it holds
    /// the wrong type.
    @inlinable public func value<T: Storable>(forKey key: String) throws -> T? {
        try entry(key, nullIsAbsent: true, quick: T.quickRead, node: T.init(storedNode:context:), value: T.init(storedValue:context:))
    }

    /// The value at `key`, or `defaultValue` when the key is absent.
    @inlinable public func value<T: Storable>(forKey key: String, default defaultValue: @autoclosure () -> T) throws -> T {
        try entry(key, nullIsAbsent: true, quick: T.quickRead, node: T.init(storedNode:context:), value: T.init(storedValue:context:)) ?? defaultValue()
    }

    // MARK: - Writing

    /// Writes `value` at `key`; nil removes the key, so an optional that is nil is not written.
    @inlinable public mutating func set<T: Storable>(_ value: T?, forKey key: String) throws {
        guard let value else {
            removeValue(forKey: key)
            return
        }
        if let sink {
            // Written straight into a file (`StoreSink`).
            if !sink.failed, try streamKey(key, into: sink) { try value.writeStored(to: sink) }
            return
        }
        values[key] = try ModelError.writing(at: .key(key)) { try value.storedValue() }
    }
}
