// Enums in the wire format of the original State framework:
//
// | enum                    | stored as                                           |
// |-------------------------|-----------------------------------------------------|
// | plain cases             | `{ "<EnumName>": "<caseName>" }`                    |
// | raw values              | `{ "value": <rawValue> }`                           |
// | associated values       | `{ "<EnumName>": "<caseName>", "value": <payload> }` |

/// An enum whose cases have raw values, stored as `{ "value": <rawValue> }`. Declaring the
/// conformance is enough:
///
/// ```swift
/// enum Phase: String, RawValueModel { case aim = "Aim", fire = "Fire", ready = "Ready" }
/// ```
public protocol RawValueModel: Model, RawRepresentable where RawValue: Storable {}

extension RawValueModel {
    /// The key the raw value is stored under.
    public static var rawValueKey: String { "value" }

    // Inlinable (as `CaseModel`'s): specialized for the enum, not run through the generic path.
    @inlinable public init(from store: borrowing Store) throws {
        let raw: RawValue = try store.value(forKey: Self.rawValueKey)
        guard let value = Self(rawValue: raw) else {
            throw store.context.appending(Self.rawValueKey)
                .error(.unknownCase("\(raw)", enum: Self.modelName))
        }
        self = value
    }

    public func write(to store: inout Store) throws {
        try store.set(rawValue, forKey: Self.rawValueKey)
    }
}

/// An enum without payloads, stored as `{ "<EnumName>": "<caseName>" }`. Declaring the
/// conformance is enough; case names are the Swift case names:
///
/// ```swift
/// enum Gender: CaseModel { case female, male }
/// ```
public protocol CaseModel: Model, CaseIterable {
    /// The name written for this case. Defaults to the Swift case name.
    var caseName: String { get }
}

extension CaseModel {
    public var caseName: String { TypeNames.describing(self) }

    @inlinable public init(from store: borrowing Store) throws {
        let name = try store.caseName(of: Self.self)
        guard let value = TypeNames.caseValue(named: name, of: Self.self) else { throw store.unknownCase(name, of: Self.self) }
        self = value
    }

    public func write(to store: inout Store) throws {
        store.setCase(caseName, of: Self.self)
    }
}

/// Enums with associated values implement `Model` with these helpers:
///
/// ```swift
/// enum Fill: Model {
///     case solid(RGBAColor), image(ImageAsset), none
///
///     init(from store: Store) throws {
///         switch try store.caseName(of: Fill.self) {
///         case "solid": self = .solid(try store.value(forKey: "value"))
///         case "image": self = .image(try store.value(forKey: "value"))
///         case "none": self = .none
///         case let other: throw store.unknownCase(other, of: Fill.self)
///         }
///     }
///     func write(to store: inout Store) throws {
///         switch self {
///         case .solid(let color): try store.setCase("solid", of: Fill.self, value: color)
///         case .image(let image): try store.setCase("image", of: Fill.self, value: image)
///         case .none: store.setCase("none", of: Fill.self)
///         }
///     }
/// }
/// ```
extension Store {
    /// The key an associated value is stored under.
    public static var payloadKey: String { "value" }

    /// The case name stored under the enum's name.
    @inlinable public func caseName<E: Model>(of type: E.Type) throws -> String {
        try value(forKey: E.modelName)
    }

    /// The error for a case name the enum does not have, at the case-name key.
    public func unknownCase<E: Model>(_ name: String, of type: E.Type) -> ModelError {
        context.appending(E.modelName).error(.unknownCase(name, enum: E.modelName))
    }

    /// Writes a case without a payload.
    public mutating func setCase<E: Model>(_ name: String, of type: E.Type) {
        self[E.modelName] = .string(name)
    }

    /// Writes a case and its payload (any storable value, models included).
    public mutating func setCase<E: Model, P: Storable>(_ name: String, of type: E.Type, value payload: P?) throws {
        self[E.modelName] = .string(name)
        try set(payload, forKey: Store.payloadKey)
    }
}
