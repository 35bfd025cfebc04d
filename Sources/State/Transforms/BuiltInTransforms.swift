import Foundation
import OrderedCollections

/// Colors as `{ "red", "green", "blue", "alpha" }` reals in 0…1. Registered as `ColorTransform`
/// and, for Xcode models written for UIKit, `UIColorTransform`.
public struct ColorTransform: ValueTransform {
    /// The transform (it has no settings).
    public init() {}
    public func apply(_ value: RGBAColor) throws -> RGBAColor? { value }
    public func reverse(_ stored: RGBAColor?) throws -> RGBAColor {
        guard let stored else { throw TransformError("no color") }
        return stored
    }
}

/// URLs as strings in their absolute form.
public struct URLTransform: ValueTransform {
    /// The transform (it has no settings).
    public init() {}
    public func apply(_ value: URL) throws -> URL? { value }
    public func reverse(_ stored: URL?) throws -> URL {
        guard let stored else { throw TransformError("no URL") }
        return stored
    }
}

/// UInt64 as a plist integer (plists hold the whole UInt64 range).
public struct UInt64Transform: ValueTransform {
    /// The transform (it has no settings).
    public init() {}
    public func apply(_ value: UInt64) throws -> UInt64? { value }
    public func reverse(_ stored: UInt64?) throws -> UInt64 {
        guard let stored else { throw TransformError("no integer") }
        return stored
    }
}

/// Leaves empty collections out of the file: an empty collection is not written, and an absent
/// key reads back as an empty collection. Use it for collections that are not optional but are
/// usually empty.
///
/// ```swift
/// employees = try store.value(forKey: "employees", using: Dissolver())
/// try store.set(employees, forKey: "employees", using: Dissolver())
/// ```
public struct Dissolver<C: Collection & Storable & EmptyCollection>: ValueTransform, DissolvingTransform {
    /// The transform (it has no settings).
    public init() {}

    public static var name: String { "DissolverTransform" }

    public func apply(_ value: C) throws -> C? { value.isEmpty ? nil : value }
    public func reverse(_ stored: C?) throws -> C { stored ?? C() }
}

/// A collection that can be created empty: what a `Dissolver` gives for an absent key.
public protocol EmptyCollection {
    /// An empty collection.
    init()
}

extension Array: EmptyCollection {}
extension Set: EmptyCollection {}
extension Dictionary: EmptyCollection {}
extension OrderedDictionary: EmptyCollection {}
