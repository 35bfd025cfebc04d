/// What JSON and OpenStep strings share in their backslash escapes: the control-character
/// letters, and a UTF-16 escape whose high surrogate may be followed by a second escape with
/// the low one. Each reader validates its own set first (JSON has no `\a` or `\v`).
enum BackslashEscapes {
    /// The character a letter escape stands for: `\a \b \f \n \r \t \v`.
    static func control(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "a"): 0x07
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "v"): 0x0B
        default: nil
        }
    }

    /// `unit` as a scalar: a high surrogate joined with the low one of a `\uXXXX` (or `\U`)
    /// escape at `i` in `b` (before `end`), moving `i` past it. An unpaired surrogate is U+FFFD.
    static func scalar(_ unit: UInt32, followedAt i: inout Int, in b: UnsafeBufferPointer<UInt8>, end: Int) -> Unicode.Scalar {
        if unit >= 0xD800, unit < 0xDC00, i + 6 <= end, b[i] == UInt8(ascii: "\\"), b[i + 1] | 0x20 == UInt8(ascii: "u"),
            let low = JSONPlistParser.hex4(b, i + 2), low >= 0xDC00, low < 0xE000
        {
            i += 6
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        out.append(contentsOf: String(Character(scalar)).utf8)
    }
}
