import Foundation

extension PlistValue {
    /// The value as a user reads and types it — the one value→text of the package: what the
    /// browser shows and searches, what `yv` copies, what an editor starts with and what
    /// `state get` prints. Strings as they are, numbers as Swift prints them, dates in
    /// ISO 8601 (with fractions when they have them), data in base64, a keyed-archive UID as
    /// `UID(n)`, and containers as compact JSON (or `[n]`/`{n}` when they have none).
    public var plainText: String {
        switch self {
        case .string(let s): s
        case .integer(let i): String(i)
        case .real(let d): d.description
        case .bool(let b): b ? "true" : "false"
        case .date(let d): PlistDate.format(d, fractional: true)
        case .data(let d): d.base64EncodedString()
        case .uid(let u): "UID(\(u))"
        case .null: "null"
        case .array(let a): (try? String(decoding: serialized(as: .json), as: UTF8.self)) ?? "[\(a.count)]"
        case .dictionary(let d): (try? String(decoding: serialized(as: .json), as: UTF8.self)) ?? "{\(d.count)}"
        }
    }
}
