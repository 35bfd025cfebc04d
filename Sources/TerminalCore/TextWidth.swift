/// Column widths of text, as wcwidth(3) and terminals measure them: combining marks and other
/// zero-width scalars take no column, East Asian wide/fullwidth characters and emoji two, the
/// rest one.
///
/// This is a pure-Swift table rather than a call to the C library so that views and screen
/// tests measure the same way whatever locale the process runs in; a test checks it against
/// glibc's `wcwidth` under C.UTF-8.
package enum TextWidth {
    /// The width of one scalar: 0, 1 or 2. Control characters count 0 (views never draw them).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// The width of a string: the sum of its scalars' widths.
    package static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// The number of leading characters of `text` that fit in `width` columns.
    package static func fittingCount<S: StringProtocol>(_ text: S, width: Int) -> Int {
        var count = 0
        var used = 0
        for character in text {
            var w = 0
            for scalar in character.unicodeScalars { w += of(scalar) }
            if used + w > width { break }
            used += w
            count += 1
        }
        return count
    }

    /// `text` cut to `width` columns, ending in `…` when something was cut.
    package static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        return String(text.prefix(fittingCount(text, width: width - 1))) + "…"
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x200B || (0x200C...0x200F).contains(v) || (0x2028...0x202E).contains(v) || (0x2060...0x2064).contains(v) || v == 0xFEFF { return true }
        if (0x1160...0x11FF).contains(v) { return true }  // Hangul medial vowels and final consonants
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth ranges plus the emoji blocks, as glibc's tables have them.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < wideRanges[mid].lowerBound {
                high = mid - 1
            } else if v > wideRanges[mid].upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
