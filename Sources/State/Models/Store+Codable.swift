/// `Codable` values in a store, and `Codable` models without hand-written coding.
extension Store {
    /// Decodes the `Decodable` value at `key`; throws when the key is absent.
    public func decode<T: Decodable>(_ type: T.Type = T.self, forKey key: String) throws -> T {
        let decode = { (raw: PlistValue, context: ReadContext) in try PlistValueDecoder().decode(type, from: raw, context: context) }
        guard let value = try entry(key, nullIsAbsent: false, node: { try decode($0.value, $1) }, value: decode) else { throw missing(key) }
        return value
    }

    /// Decodes the `Decodable` value at `key`, or nil when the key is absent.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type = T.self, forKey key: String) throws -> T? {
        let decode = { (raw: PlistValue, context: ReadContext) in try PlistValueDecoder().decode(type, from: raw, context: context) }
        return try entry(key, nullIsAbsent: true, node: { try decode($0.value, $1) }, value: decode)
    }

    /// Encodes an `Encodable` value at `key`; nil removes the key.
    public mutating func encode<T: Encodable>(_ value: T?, forKey key: String) throws {
        guard let value else {
            values.removeValue(forKey: key)
            return
        }
        values[key] = try PlistValueEncoder().encode(value)
    }
}

/// A `Model` that is also `Codable` gets `init(from:)` and `write(to:)` from its `Codable`
/// conformance: declare `struct Point: Model, Codable { var x, y: Double }` and it is stored as
/// `{ "x": …, "y": … }` with versions, migrations and file I/O like any model.
extension Model where Self: Decodable {
    public init(from store: borrowing Store) throws {
        self = try PlistValueDecoder().decode(Self.self, from: store.plistValue, context: store.context)
    }
}

extension Model where Self: Encodable {
    public func write(to store: inout Store) throws {
        let encoded = try PlistValueEncoder().encode(self)
        guard case .dictionary(let entries) = encoded else {
            throw ModelError(.invalidValue("\(Self.self) encodes to \(encoded.preview), not a dictionary"))
        }
        for (key, value) in entries { store[key] = value }
    }
}
