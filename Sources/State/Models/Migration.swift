/// One step of a model's migration: turns data written by version `from` into data of version
/// `from + 1`, by editing the raw store before the model reads it.
///
/// ```swift
/// static let version: Int? = 3
/// static let migrations = [
///     Migration(from: 1) { $0.renameKey("fullName", to: "name") },
///     Migration(from: 2) { store in
///         store["age"] = store["birthYear"].flatMap { .integer(2026 - ($0.integerValue ?? 2026)) }
///         store.removeValue(forKey: "birthYear")
///     },
/// ]
/// ```
/// Steps chain: data of version 1 read by version 3 runs both steps.
public struct Migration: Sendable {
    /// The version the step upgrades from (to `from + 1`).
    public let from: Int
    let run: @Sendable (inout Store) throws -> Void

    /// A step from `version` to the next, changing the raw store: renaming keys, moving or
    /// removing values, filling in new fields.
    public init(from version: Int, _ run: @escaping @Sendable (inout Store) throws -> Void) {
        self.from = version
        self.run = run
    }
}
