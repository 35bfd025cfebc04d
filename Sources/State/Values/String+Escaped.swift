extension String {
    /// The text on one line, unambiguous, in Swift literal syntax: line breaks and tabs as
    /// `\n`, `\t`, `\r`; other control characters and the bidirectional controls that reorder
    /// what follows them (U+202E and friends) as `\u{…}`; with `quotes`, `"` and `\` escaped
    /// too. The browser shows values this way and `state generate` writes string literals so.
    public func escaped(quotes: Bool = false) -> String {
        guard unicodeScalars.contains(where: { Self.needsEscape($0) || (quotes && ($0 == "\"" || $0 == "\\")) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"" where quotes: out += "\\\""
            case "\\" where quotes: out += "\\\\"
            default:
                if Self.needsEscape(scalar) {
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
