import OrderedCollections

extension Store {
    /// The value at `key` through `transform`. An absent key fails, except through a
    /// `DissolvingTransform` (the `Dissolver`), which turns it into an empty collection.
    @inlinable public func value<T: ValueTransform>(forKey key: String, using transform: T) throws -> T.Value {
        guard let stored = try storedForTransform(T.self, key) else {
            guard transform is any DissolvingTransform else { throw missing(key) }
            return try Self.reverse(nil, with: transform, context: context, key: key)
        }
        return try Self.reverse(stored, with: transform, context: context, key: key)
    }

    /// The value at `key` through `transform`, or nil when the key is absent.
    @inlinable public func value<T: ValueTransform>(forKey key: String, using transform: T) throws -> T.Value? {
        guard let stored = try storedForTransform(T.self, key) else { return nil }
        return try Self.reverse(stored, with: transform, context: context, key: key)
    }

    /// The stored form a transform reads at `key`, or nil when absent (or `null`).
    @inlinable func storedForTransform<T: ValueTransform>(_ transform: T.Type, _ key: String) throws -> T.Stored? {
        try entry(key, nullIsAbsent: true, quick: T.Stored.quickRead, node: T.Stored.init(storedNode:context:), value: T.Stored.init(storedValue:context:))
    }

    /// Writes `value` through `transform`; nil, or a transform that returns nil, writes nothing.
    @inlinable public mutating func set<T: ValueTransform>(_ value: T.Value?, forKey key: String, using transform: T) throws {
        var stored: T.Stored?
        if let value {
            do {
                stored = try transform.apply(value)
            } catch let error as TransformError {
                throw context.appending(key).error(.transformFailed(transform: T.name, message: error.message))
            }
        }
        guard let stored else {
            removeValue(forKey: key)
            return
        }
        if let sink {
            guard !sink.failed else { return }
            if try streamKey(key, into: sink) { try stored.writeStored(to: sink) }
            return
        }
        values[key] = try stored.storedValue()
    }

    /// The transform's value of `stored`; a transform error is thrown at `key` of the store
    /// at `context` (whose context is made only then).
    @usableFromInline static func reverse<T: ValueTransform>(_ stored: T.Stored?, with transform: T, context: ReadContext, key: String) throws -> T.Value {
        do {
            return try transform.reverse(stored)
        } catch let error as TransformError {
            throw context.appending(key).error(.transformFailed(transform: T.name, message: error.message))
        }
    }
}

/// Marks transforms that give a value for an absent key (the `Dissolver`), so a required field
/// read through them does not fail when the key is missing.
public protocol DissolvingTransform {}
