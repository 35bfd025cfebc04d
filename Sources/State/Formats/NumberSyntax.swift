/// Number spellings in XML property lists: integers (decimal or `0x` hex, optional sign) and
/// reals (decimal, exponent, `nan`, `inf`, `infinity`).
enum NumberSyntax {
    /// The integer spelled in `start..<end`, or nil when it is malformed or out of the range a
    /// property list can store (`Int64.min ... UInt64.max`).
    static func integer(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int128? {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
            negative = b[i] == UInt8(ascii: "-")
            i += 1
        }
        var magnitude: UInt64 = 0
        if i + 1 < end, b[i] == UInt8(ascii: "0"), b[i + 1] | 0x20 == UInt8(ascii: "x") {
            i += 2
            guard i < end else { return nil }
            while i < end {
                let c = b[i]
                let v: UInt64
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt64(c - 48)
                case UInt8(ascii: "a")...UInt8(ascii: "f"): v = UInt64(c - 87)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): v = UInt64(c - 55)
                default: return nil
                }
                guard magnitude >> 60 == 0 else { return nil }
                magnitude = magnitude << 4 | v
                i += 1
            }
        } else {
            guard i < end else { return nil }
            while i < end {
                let d = b[i] &- 48
                guard d < 10 else { return nil }
                let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.addingReportingOverflow(UInt64(d))
                guard !o1, !o2 else { return nil }
                magnitude = m2
                i += 1
            }
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return -Int128(magnitude)
        }
        return Int128(magnitude)
    }

    /// Says what is wrong with a spelling that `integer` refused.
    static func integerProblem(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        if start == end { return "empty <integer>" }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        let body = text.drop { $0 == "-" || $0 == "+" }
        let isDecimal = !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
        let isHex = body.lowercased().hasPrefix("0x") && body.count > 2 && body.dropFirst(2).allSatisfy { $0.isHexDigit }
        if isDecimal || isHex {
            return "integer \(text) is out of range (property lists hold \(Int64.min) through \(UInt64.max))"
        }
        return "invalid integer '\(text)'"
    }

    /// Whether `start..<end` is a real number spelling.
    static func isReal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        if i < end, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
        guard i < end else { return false }
        if b[i] | 0x20 >= UInt8(ascii: "a"), b[i] | 0x20 <= UInt8(ascii: "z") {
            let word = String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self).lowercased()
            return word == "nan" || word == "inf" || word == "infinity"
        }
        var digits = 0
        while i < end, b[i] &- 48 < 10 { i += 1; digits += 1 }
        if i < end, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, b[i] &- 48 < 10 { i += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if i < end, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            var exponentDigits = 0
            while i < end, b[i] &- 48 < 10 { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == end
    }

    /// The value of a real spelling (validated with `isReal`).
    static func real(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        if let v = Double(text) { return v }
        // Swift does not take a leading '+' before inf/nan in every version; strip it.
        if text.hasPrefix("+") { return Double(text.dropFirst()) }
        return nil
    }
}
