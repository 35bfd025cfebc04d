import Foundation
import OrderedCollections

/// Encodes any `Encodable` value to a `PlistValue`, so existing `Codable` types can be stored in
/// a `Store` (and a `Model` that is `Codable` needs no hand-written `write(to:)`).
///
/// Keys are written in the order the type encodes them (declaration order for synthesized
/// conformances); `nil` optionals are left out, as the wire format wants. `Date`, `Data`, `URL`
/// and `Decimal` are stored natively (date, data, string, real) rather than through their own
/// `Codable` forms.
public struct PlistValueEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// Encodes an `Encodable` value as a value tree.
    public func encode<T: Encodable>(_ value: T) throws -> PlistValue {
        try Self.box(value, codingPath: []).finish()
    }

    // MARK: - Implementation

    /// A value under construction; containers hand out references to their children so nested
    /// containers can fill them later.
    final class Slot {
        enum Content {
            case empty
            case value(PlistValue)
            case dictionary(OrderedDictionary<String, Slot>)
            case array([Slot])
        }
        var content: Content = .empty

        init(_ content: Content = .empty) { self.content = content }

        func finish() -> PlistValue {
            switch content {
            case .empty: return .dictionary([:])
            case .value(let v): return v
            case .dictionary(let d): return .dictionary(d.mapValues { $0.finish() })
            case .array(let a): return .array(a.map { $0.finish() })
            }
        }
    }

    static func box<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Slot {
        switch value {
        case let v as PlistValue: return Slot(.value(v))
        case let v as Date: return Slot(.value(.date(v)))
        case let v as Data: return Slot(.value(.data(v)))
        case let v as URL: return Slot(.value(.string(v.absoluteString)))
        case let v as Decimal: return Slot(.value(try v.storedValue()))
        // Scalars are caught here too: containers' default methods for the integer widths
        // they do not implement come back through `box`, and must not recurse.
        case let v as Bool: return Slot(.value(.bool(v)))
        case let v as String: return Slot(.value(.string(v)))
        case let v as Double: return Slot(.value(.real(v)))
        case let v as Float: return Slot(.value(try v.storedValue()))
        case let v as any FixedWidthInteger: return scalar(v)
        default:
            let slot = Slot()
            try value.encode(to: SlotEncoder(slot: slot, codingPath: codingPath))
            return slot
        }
    }

    static func scalar(_ value: some BinaryInteger) -> Slot { Slot(.value(.integer(Int128(value)))) }
}

private struct SlotEncoder: Encoder {
    let slot: PlistValueEncoder.Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .dictionary = slot.content {} else { slot.content = .dictionary([:]) }
        return KeyedEncodingContainer(KeyedSlotContainer(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: PlistValueEncoder.Slot
    let codingPath: [any CodingKey]

    private func put(_ child: PlistValueEncoder.Slot, _ key: Key) {
        guard case .dictionary(var d) = slot.content else { return }
        slot.content = .empty  // drop the reference so the dictionary is mutated in place
        d[key.stringValue] = child
        slot.content = .dictionary(d)
    }

    /// Absent, not null: an optional that is nil is not written.
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.init(.value(.bool(value))), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.init(.value(.string(value))), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.init(.value(.real(value))), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.init(.value(try value.storedValue())), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(PlistValueEncoder.scalar(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try PlistValueEncoder.box(value, codingPath: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = PlistValueEncoder.Slot(.dictionary([:]))
        put(child, key)
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = PlistValueEncoder.Slot(.array([]))
        put(child, key)
        return UnkeyedSlotContainer(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = PlistValueEncoder.Slot()
        put(child, key)
        return SlotEncoder(slot: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: PlistValueEncoder.Slot
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let a) = slot.content { return a.count }
        return 0
    }

    private func append(_ child: PlistValueEncoder.Slot) {
        guard case .array(var a) = slot.content else { return }
        slot.content = .empty
        a.append(child)
        slot.content = .array(a)
    }

    private var nextKey: any CodingKey { PlistCodingKey(intValue: count) }

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(
            Optional<Int>.none as Any,
            .init(codingPath: codingPath + [nextKey], debugDescription: "a property list array cannot hold nil")
        )
    }
    mutating func encode(_ value: Bool) throws { append(.init(.value(.bool(value)))) }
    mutating func encode(_ value: String) throws { append(.init(.value(.string(value)))) }
    mutating func encode(_ value: Double) throws { append(.init(.value(.real(value)))) }
    mutating func encode(_ value: Float) throws { append(.init(.value(try value.storedValue()))) }
    mutating func encode(_ value: Int) throws { append(PlistValueEncoder.scalar(value)) }
    mutating func encode(_ value: Int64) throws { append(PlistValueEncoder.scalar(value)) }
    mutating func encode(_ value: UInt64) throws { append(PlistValueEncoder.scalar(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try PlistValueEncoder.box(value, codingPath: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = PlistValueEncoder.Slot(.dictionary([:]))
        let path = codingPath + [nextKey]
        append(child)
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = PlistValueEncoder.Slot(.array([]))
        let path = codingPath + [nextKey]
        append(child)
        return UnkeyedSlotContainer(slot: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = PlistValueEncoder.Slot()
        let path = codingPath + [nextKey]
        append(child)
        return SlotEncoder(slot: child, codingPath: path)
    }
}

private struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: PlistValueEncoder.Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(
            Optional<Int>.none as Any,
            .init(codingPath: codingPath, debugDescription: "a property list cannot hold nil")
        )
    }
    mutating func encode(_ value: Bool) throws { slot.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.content = .value(.real(value)) }
    mutating func encode(_ value: Float) throws { slot.content = .value(try value.storedValue()) }
    mutating func encode(_ value: Int) throws { slot.content = .value(.integer(Int128(value))) }
    mutating func encode(_ value: Int64) throws { slot.content = .value(.integer(Int128(value))) }
    mutating func encode(_ value: UInt64) throws { slot.content = .value(.integer(Int128(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.content = try PlistValueEncoder.box(value, codingPath: codingPath).content
    }
}
