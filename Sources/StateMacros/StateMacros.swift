@_exported import State

/// Makes a struct or enum a `Model` from its declaration: `init(from:)`, `write(to:)` and, for
/// a struct with no initializer of its own, the memberwise initializer.
///
/// ```swift
/// @StateModel
/// public struct ColorAsset: Asset {
///     public var name: String
///     public var created: Date
///     @Transform(ColorTransform()) public var color: RGBAColor
///     @Dissolved public var tags: [String] = []      // not written when empty
///     @Key("model_note") public var note: String?    // stored under another key; nil: not written
///     @Transient public var isSelected = false       // not stored
/// }
/// ```
///
/// The code is what one writes by hand (see `Model`), so files are the same either way.
/// `version` and `migrations` stay static properties of the type.
@attached(member, names: named(init), named(write))
@attached(extension, conformances: Model)
public macro StateModel() = #externalMacro(module: "StateMacrosPlugin", type: "StateModelMacro")

/// Stores the property under `key` instead of its name.
@attached(peer)
public macro Key(_ key: String) = #externalMacro(module: "StateMacrosPlugin", type: "StorageAttributeMacro")

/// Stores the property through a `ValueTransform` (`ColorTransform()`, `URLTransform()`, one of
/// your own): its `Value` is the property's type.
@attached(peer)
public macro Transform<T: ValueTransform>(_ transform: T) = #externalMacro(module: "StateMacrosPlugin", type: "StorageAttributeMacro")

/// Stores a collection through the `Dissolver`: not written when empty, empty when missing.
@attached(peer)
public macro Dissolved() = #externalMacro(module: "StateMacrosPlugin", type: "StorageAttributeMacro")

/// Stores a protocol-typed value (one, an array or a dictionary of them) through its
/// `Conformers` registry, each with its type tag.
///
/// ```swift
/// let assetConformers = Conformers<any Asset>(root: "Asset", ColorAsset.self, SoundAsset.self)
///
/// @StateModel
/// struct Library {
///     @Conforming(assetConformers) var assets: [any Asset]
/// }
/// ```
/// The registry may also be a static member of `Conformers`: `@Conforming(.asset)`.
@attached(peer)
public macro Conforming<V>(_ registry: Conformers<V>) = #externalMacro(module: "StateMacrosPlugin", type: "StorageAttributeMacro")

/// Leaves the property out of the file: it keeps its initial value when a model is read.
@attached(peer)
public macro Transient() = #externalMacro(module: "StateMacrosPlugin", type: "StorageAttributeMacro")
