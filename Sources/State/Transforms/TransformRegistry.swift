import Synchronization

/// A transform with its types erased, as a schema uses it: it can check that a stored value is
/// one the transform accepts, without knowing the Swift type it turns into.
public struct AnyValueTransform: Sendable {
    /// The name a schema uses for the transform.
    public let name: String
    private let check: @Sendable (PlistValue?, ReadContext) throws -> Void

    /// `transform`, type-erased, under `name` (default: the transform's own).
    public init<T: ValueTransform>(_ transform: T, name: String? = nil) {
        let name = name ?? T.name
        self.name = name
        check = { raw, context in
            let stored = try raw.map { try T.Stored(storedValue: $0, context: context) }
            do {
                _ = try transform.reverse(stored)
            } catch let error as TransformError {
                throw context.error(.transformFailed(transform: name, message: error.message))
            }
        }
    }

    /// Throws a `ModelError` (at `context`'s path) when the transform refuses `stored`; nil means
    /// the key is absent.
    public func validate(_ stored: PlistValue?, context: ReadContext = ReadContext()) throws {
        try check(stored, context)
    }
}

/// Transforms by name, so that a schema (an Xcode model's `valueTransformerName`) can refer to
/// them. `shared` starts with the built-in transforms; register your own at launch.
public final class TransformRegistry: Sendable {
    private let transforms: Mutex<[String: AnyValueTransform]>

    /// A registry of `transforms` (besides none built in; `shared` has the built-in ones).
    public init(_ transforms: [AnyValueTransform] = []) {
        self.transforms = Mutex(Dictionary(transforms.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }))
    }

    /// The registry schemas use, holding `ColorTransform` (also as `UIColorTransform`,
    /// `NSColorTransform` and `RGBAColorTransform`), `URLTransform`, `UInt64Transform` and
    /// `DissolverTransform`.
    public static let shared = TransformRegistry([
        AnyValueTransform(ColorTransform()),
        AnyValueTransform(ColorTransform(), name: "UIColorTransform"),
        AnyValueTransform(ColorTransform(), name: "NSColorTransform"),
        AnyValueTransform(ColorTransform(), name: "RGBAColorTransform"),
        AnyValueTransform(URLTransform()),
        AnyValueTransform(UInt64Transform()),
        AnyValueTransform(Dissolver<[PlistValue]>()),
    ])

    /// Registers `transform` under `name` (default: its type's name), replacing any transform of
    /// that name.
    public func register<T: ValueTransform>(_ transform: T, as name: String? = nil) {
        let erased = AnyValueTransform(transform, name: name)
        transforms.withLock { $0[erased.name] = erased }
    }

    /// The transform registered as `name`, if any.
    public func transform(named name: String) -> AnyValueTransform? {
        transforms.withLock { $0[name] }
    }

    /// Every registered name, sorted.
    public var names: [String] { transforms.withLock { $0.keys.sorted() } }
}
