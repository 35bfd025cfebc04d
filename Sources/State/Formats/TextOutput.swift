/// Number spelling shared by the text writers.
enum TextOutput {
    /// The shortest spelling of a real that reads back as the same Double (Swift's own
    /// `description`), with no `.0` on a whole number when `trimIntegral`.
    static func realSpelling(_ value: Double, trimIntegral: Bool) -> String {
        var text = value.description
        if trimIntegral, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Appends `realSpelling(value, trimIntegral:)` — for most reals without making it: a
    /// Double's `description` (a string, then trimmed) was a tenth of writing models.
    @inline(__always) static func appendReal(_ value: Double, trimIntegral: Bool, to out: inout OutputBuffer) {
        if appendShortDecimal(value, trimIntegral: trimIntegral, to: &out) { return }
        out.append(realSpelling(value, trimIntegral: trimIntegral))
    }

    /// 10^0 … 10^22, each exact as a Double.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    /// Writes `value` as `description` does when that is cheap to know for certain: a value
    /// in 0.0001 ..< 10^15 (which `description` writes without an exponent) whose shortest
    /// round-tripping decimal has few enough digits to be found by trying 0, 1, 2, … places.
    /// At `k` places the decimal `m / 10^k` reads back as `value` exactly when
    /// `Double(m) / 10^k == value` (both exact, the division correctly rounded, as parsing
    /// is). The first `k` where exactly one of the three integers nearest `value × 10^k`
    /// reads back gives the shortest spelling, which is also the one `description` writes.
    /// (The three cover a power of two too, whose round-trip interval is lopsided.) Returns
    /// false, writing nothing, otherwise: two candidates at the same `k`, or too many digits.
    static func appendShortDecimal(_ value: Double, trimIntegral: Bool, to out: inout OutputBuffer) -> Bool {
        let magnitude = value.magnitude
        if magnitude == 0 {
            out.append(value.sign == .minus ? "-0" : "0")
            if !trimIntegral { out.append(".0") }
            return true
        }
        guard magnitude >= 0.0001, magnitude < 1e15 else { return false }
        return powersOfTen.withUnsafeBufferPointer { tens in
            for k in 0...17 {
                let scaled = magnitude * tens[k]
                guard scaled < 9_007_199_254_740_000 else { return false }
                // Rounded by conversion (`rounded()` is a call into the C library); the three
                // candidates around it cover its error.
                let nearest = Double(UInt64(scaled + 0.5))
                // Reading back needs |m − value × 10^k| ≤ value × 10^k × 2^-52: one farther
                // than four times that (the product's own error is 2^-53) cannot, nor can its
                // neighbours while `scaled` < 2^49 (they are half a unit away or more); from
                // there the bound is at least half a unit and this never skips.
                if (scaled - nearest).magnitude > scaled * 0x1p-50 { continue }
                var found: Double = -1
                var candidates = 0
                var m = nearest - 1
                for _ in 0..<3 {
                    if m >= 0, m / tens[k] == magnitude {
                        found = m
                        candidates += 1
                    }
                    m += 1
                }
                if candidates == 0 { continue }
                guard candidates == 1 else { return false }
                write(UInt64(found), places: k, negative: value < 0, trimIntegral: trimIntegral, to: &out)
                return true
            }
            return false
        }
    }

    /// `digits` with a decimal point `places` digits from the right (a whole number with
    /// `.0`, unless `trimIntegral`).
    private static func write(_ digits: UInt64, places: Int, negative: Bool, trimIntegral: Bool, to out: inout OutputBuffer) {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let text = raw.bindMemory(to: UInt8.self)
            var end = text.count
            var rest = digits
            var written = 0
            // Digits from the right; the point after `places` of them, a zero before it when
            // the number is below 1.
            repeat {
                if written == places, places > 0 {
                    end -= 1
                    text[end] = UInt8(ascii: ".")
                }
                end -= 1
                text[end] = UInt8(truncatingIfNeeded: rest % 10) + 48
                rest /= 10
                written += 1
            } while rest > 0 || written <= places
            if negative {
                end -= 1
                text[end] = UInt8(ascii: "-")
            }
            out.append(UnsafeBufferPointer(rebasing: text[end...]))
            if places == 0, !trimIntegral { out.append(".0") }
        }
    }
}
