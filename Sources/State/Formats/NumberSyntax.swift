/// Number spellings in XML property lists: integers (decimal or `0x` hex, optional sign) and
/// reals (decimal, exponent, `nan`, `inf`, `infinity`).
enum NumberSyntax {
    /// The integer spelled in `start..<end`, or nil when it is malformed or out of the range a
    /// property list can store (`Int64.min ... UInt64.max`).
    static func integer(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int128? {
        var i = start
        guard i < end else { return nil }
        let negative = sign(b, &i)
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

    /// Steps over a leading `-` or `+` at `i` (which must be in `b`); whether it was `-`.
    private static func sign(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        guard b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") else { return false }
        i += 1
        return b[i - 1] == UInt8(ascii: "-")
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
        if let exact = exactDecimal(b, start, end) { return exact }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        if let v = Double(text) { return v }
        // Swift does not take a leading '+' before inf/nan in every version; strip it.
        if text.hasPrefix("+") { return Double(text.dropFirst()) }
        return nil
    }

    /// Exact powers of ten a Double holds (10^22 is the last).
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { p, _ in p * 10 } }

    /// A decimal spelling (`-12.5`, `0.25`, `3e-4`) whose digits, read as one whole number, are
    /// at most 2^53 and whose power of ten is at most 22 either way: one exact multiplication or
    /// division of two exact Doubles, so correctly rounded — the same Double `strtod` gives,
    /// without a string (most reals in files are short). Nil for anything else: the caller
    /// reads the text in full.
    static func exactDecimal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        guard i < end else { return nil }
        let negative = sign(b, &i)
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawPoint = false
        var sawDigit = false
        while i < end {
            let c = b[i]
            if c &- 48 < 10 {
                sawDigit = true
                // Leading zeros add nothing; more than 19 significant digits might overflow.
                if mantissa != 0 || c != 48 { digits += 1 }
                guard digits <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(c &- 48)
                if sawPoint { scale -= 1 }
            } else if c == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return nil }
        if i < end {
            guard b[i] | 0x20 == UInt8(ascii: "e") else { return nil }
            i += 1
            var exponentNegative = false
            if i < end, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
                exponentNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponent = 0
            guard i < end else { return nil }
            while i < end {
                let d = b[i] &- 48
                guard d < 10, exponent < 1000 else { return nil }
                exponent = exponent * 10 + Int(d)
                i += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard i == end, mantissa <= 1 << 53, abs(scale) <= 22 else { return nil }
        var value = Double(mantissa)
        value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
        return negative ? -value : value
    }
}
