/// Converts a value that has no key-value form of its own to one that does (`apply`), and back
/// (`reverse`).
///
/// ```swift
/// struct CelsiusTransform: ValueTransform {
///     func apply(_ value: Temperature) throws -> Double? { value.celsius }
///     func reverse(_ stored: Double?) throws -> Temperature {
///         guard let stored else { throw TransformError("no temperature") }
///         return Temperature(celsius: stored)
///     }
/// }
/// try store.set(temperature, forKey: "temperature", using: CelsiusTransform())
/// ```
///
/// `apply` may return nil to write nothing, and `reverse` receives nil when the key is absent —
/// that is how the `Dissolver` turns an empty collection into an absent key and back. Register a
/// transform by name (`TransformRegistry.shared.register`) so that a schema can refer to it.
public protocol ValueTransform<Value>: Sendable {
    /// The type models hold.
    associatedtype Value
    /// The stored form.
    associatedtype Stored: Storable

    /// The name a schema uses for the transform. Defaults to the type's name.
    static var name: String { get }

    /// The stored form of `value`, or nil to write nothing.
    func apply(_ value: Value) throws -> Stored?
    /// The value for a stored form, or for nil when the key is absent.
    func reverse(_ stored: Stored?) throws -> Value
}

extension ValueTransform {
    public static var name: String {
        let full = String(describing: Self.self)
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }
}

/// A transform's refusal of a value; the store adds the key path and the transform's name.
public struct TransformError: Error, Sendable, CustomStringConvertible {
    /// What the transform could not do.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
