import Foundation

/// Decodes any `Decodable` value from a `PlistValue`, so existing `Codable` types can be read
/// from a `Store` (and a `Model` that is `Codable` needs no hand-written `init(from:)`).
///
/// Values are converted with the same rules as `Storable` (a real field accepts an integer,
/// a date field accepts an ISO-8601 string in JSON, integer widths are range-checked), and a
/// failure is a `ModelError` naming the full key path.
public struct PlistValueDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// Decodes a `Decodable` value from a value tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: PlistValue) throws -> T {
        try decode(type, from: value, context: ReadContext())
    }

    /// Decodes at `context`'s place in a larger document, so errors carry the full path.
    public func decode<T: Decodable>(_ type: T.Type, from value: PlistValue, context: ReadContext) throws -> T {
        do {
            return try Self.unbox(type, value, context: context, codingPath: [])
        } catch let error as DecodingError {
            throw Self.modelError(error, base: context)
        }
    }

    // MARK: - Implementation

    static func unbox<T: Decodable>(_ type: T.Type, _ value: PlistValue, context: ReadContext, codingPath: [any CodingKey]) throws -> T {
        // Types with a native stored form, and scalars (see the encoder for why scalars too).
        if let storable = type as? any Storable.Type {
            switch storable {
            case is PlistValue.Type, is Date.Type, is Data.Type, is URL.Type, is Decimal.Type,
                is Bool.Type, is String.Type, is Double.Type, is Float.Type, is any FixedWidthInteger.Type:
                return try storable.init(storedValue: value, context: context) as! T
            default:
                break
            }
        }
        return try T(from: ValueDecoder(value: value, context: context, codingPath: codingPath))
    }

    /// A `DecodingError` thrown by a type's own `init(from:)`, as a `ModelError` with a path.
    static func modelError(_ error: DecodingError, base: ReadContext) -> ModelError {
        func path(_ keys: [any CodingKey]) -> PlistPath {
            PlistPath(base.path.components + keys.map { $0.intValue.map(PlistPath.Component.index) ?? .key($0.stringValue) })
        }
        switch error {
        case .keyNotFound(let key, let c): return ModelError(.missingKey(key.stringValue), at: path(c.codingPath))
        case .typeMismatch(let t, let c): return ModelError(.typeMismatch(expected: "\(t)", found: c.debugDescription), at: path(c.codingPath))
        case .valueNotFound(let t, let c): return ModelError(.typeMismatch(expected: "\(t)", found: "nothing"), at: path(c.codingPath))
        case .dataCorrupted(let c): return ModelError(.invalidValue(c.debugDescription), at: path(c.codingPath))
        @unknown default: return ModelError(.invalidValue("\(error)"), at: base.path)
        }
    }
}

private struct ValueDecoder: Decoder {
    let value: PlistValue
    let context: ReadContext
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary = value else { throw context.mismatch(expected: "a dictionary", found: value) }
        return KeyedDecodingContainer(KeyedValueContainer<Key>(store: try Store(value: value, context: context), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw context.mismatch(expected: "an array", found: value) }
        return UnkeyedValueContainer(items: items, context: context, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, context: context, codingPath: codingPath)
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let store: Store
    let codingPath: [any CodingKey]

    var allKeys: [Key] { store.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { store.contains(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let raw = store[key.stringValue] else { return true }
        return raw == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let raw = store[key.stringValue] else { throw store.missing(key.stringValue) }
        return try PlistValueDecoder.unbox(type, raw, context: store.context.appending(key.stringValue), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try child(Key(stringValue: "super")!) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let raw = store[key.stringValue] else { throw store.missing(key.stringValue) }
        return ValueDecoder(value: raw, context: store.context.appending(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let items: [PlistValue]
    let context: ReadContext
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [PlistValue], context: ReadContext, codingPath: [any CodingKey]) {
        self.items = items
        self.context = context
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private func next() throws -> (PlistValue, ReadContext, [any CodingKey]) {
        guard !isAtEnd else {
            throw context.error(.invalidValue("the array has only \(items.count) items; more were expected"))
        }
        return (items[currentIndex], context.appending(index: currentIndex), codingPath + [PlistCodingKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, childContext, path) = try next()
        let result = try PlistValueDecoder.unbox(type, value, context: childContext, codingPath: path)
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, childContext, path) = try next()
        currentIndex += 1
        return try ValueDecoder(value: value, context: childContext, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, childContext, path) = try next()
        currentIndex += 1
        return try ValueDecoder(value: value, context: childContext, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, childContext, path) = try next()
        currentIndex += 1
        return ValueDecoder(value: value, context: childContext, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: PlistValue
    let context: ReadContext
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PlistValueDecoder.unbox(type, value, context: context, codingPath: codingPath)
    }
}
