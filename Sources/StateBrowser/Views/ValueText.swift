import Foundation
import State

/// How values read in a row or a pick list's second column (the full text is
/// `PlistValue.plainText`).
enum ValueText {
    /// A short summary: strings quoted, data as a byte count and its first bytes, containers
    /// as their count.
    static func summary(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): "\"" + escaped(String(s.prefix(200)), quotes: true) + (s.count > 200 ? "…" : "") + "\""
        case .data(let d):
            "<\(d.count) bytes" + (d.isEmpty ? "" : " " + d.prefix(8).map { String(format: "%02x", $0) }.joined() + (d.count > 8 ? "…" : "")) + ">"
        case .array(let a): "[\(a.count)]"
        case .dictionary(let d): "{\(d.count)}"
        default: value.plainText
        }
    }

    /// Text on one line, unambiguous: line breaks and tabs as `\n`, `\t`, `\r`; other control
    /// characters and the bidirectional controls that reorder what follows them (U+202E and
    /// friends) as `\u{…}`; with `quotes`, `"` and `\` escaped as in a Swift literal.
    static func escaped(_ text: String, quotes: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || (quotes && ($0 == "\"" || $0 == "\\")) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"" where quotes: out += "\\\""
            case "\\" where quotes: out += "\\\\"
            default:
                if needsEscape(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
