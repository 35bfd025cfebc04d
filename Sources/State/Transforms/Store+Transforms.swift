import OrderedCollections

extension Store {
    /// The value at `key` through `transform`. An absent key fails, except through a
    /// `DissolvingTransform` (the `Dissolver`), which turns it into an empty collection.
    @inlinable public func value<T: ValueTransform>(forKey key: String, using transform: T) throws -> T.Value {
        let read = try entry(key, nullIsAbsent: true, node: { (try T.Stored(storedNode: $0, context: $1), $1) }, value: { (try T.Stored(storedValue: $0, context: $1), $1) })
        guard let (stored, context) = read else {
            guard transform is any DissolvingTransform else { throw missing(key) }
            return try Self.reverse(nil, with: transform, context: context.appending(key))
        }
        return try Self.reverse(stored, with: transform, context: context)
    }

    /// The value at `key` through `transform`, or nil when the key is absent.
    @inlinable public func value<T: ValueTransform>(forKey key: String, using transform: T) throws -> T.Value? {
        let read = try entry(key, nullIsAbsent: true, node: { (try T.Stored(storedNode: $0, context: $1), $1) }, value: { (try T.Stored(storedValue: $0, context: $1), $1) })
        guard let (stored, context) = read else { return nil }
        return try Self.reverse(stored, with: transform, context: context)
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

    @usableFromInline static func reverse<T: ValueTransform>(_ stored: T.Stored?, with transform: T, context: ReadContext) throws -> T.Value {
        do {
            return try transform.reverse(stored)
        } catch let error as TransformError {
            throw context.error(.transformFailed(transform: T.name, message: error.message))
        }
    }
}

/// Marks transforms that give a value for an absent key (the `Dissolver`), so a required field
/// read through them does not fail when the key is missing.
public protocol DissolvingTransform {}
