import Foundation
import State

/// How scalar values read as text in the browser.
enum ValueText {
    /// The value as a user would type it: strings raw, numbers as written, dates in ISO 8601,
    /// data in base64. What search matches and `yv` copies.
    static func plain(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): s
        case .integer(let i): String(i)
        case .real(let d): d.description
        case .bool(let b): b ? "true" : "false"
        case .date(let d): PlistDate.format(d, fractional: true)
        case .data(let d): d.base64EncodedString()
        case .uid(let u): "UID(\(u))"
        case .null: "null"
        case .array(let a): "[\(a.count)]"
        case .dictionary(let d): "{\(d.count)}"
        }
    }

    /// A row's summary of a scalar: strings quoted, data as a byte count and its first bytes.
    static func summary(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): "\"" + s.prefix(200) + (s.count > 200 ? "…" : "") + "\""
        case .data(let d):
            "<\(d.count) bytes" + (d.isEmpty ? "" : " " + d.prefix(8).map { String(format: "%02x", $0) }.joined() + (d.count > 8 ? "…" : "")) + ">"
        default: plain(value)
        }
    }
}
