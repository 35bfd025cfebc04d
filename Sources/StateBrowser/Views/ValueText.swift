import Foundation
import State

/// How values read in a row or a pick list's second column (the full text is
/// `PlistValue.plainText`).
enum ValueText {
    /// A short summary: strings quoted, data as a byte count and its first bytes, containers
    /// as their count.
    static func summary(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): "\"" + String(s.prefix(200)).escaped(quotes: true) + (s.count > 200 ? "…" : "") + "\""
        case .data(let d):
            "<\(d.count) bytes" + (d.isEmpty ? "" : " " + d.prefix(8).map { String(format: "%02x", $0) }.joined() + (d.count > 8 ? "…" : "")) + ">"
        case .array(let a): "[\(a.count)]"
        case .dictionary(let d): "{\(d.count)}"
        default: value.plainText
        }
    }

    /// The theme role values of a kind are drawn in.
    static func role(of kind: SourceNode.Kind) -> ThemeRole {
        switch kind {
        case .string: .string
        case .integer, .real: .number
        case .trueValue, .falseValue: .bool
        case .date: .date
        case .data: .data
        case .uid, .null, .dictionary, .array: .null
        }
    }
}
