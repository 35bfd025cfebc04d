import Foundation

/// ISO-8601 dates as property lists spell them (`2001-01-01T00:00:00Z`), converted with civil
/// calendar arithmetic rather than `DateFormatter`, which is slow and locale-sensitive.
public enum PlistDate {
    /// Days from 1970-01-01 to 2001-01-01, Foundation's reference date.
    private static let referenceDays: Int64 = 11_323

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction]Z`; nil when the text is not such a date.
    public static func parse(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
        func digits(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= s.count else { return nil }
            var v: Int64 = 0
            for i in from..<from + count {
                let d = s[i] &- 48
                guard d < 10 else { return nil }
                v = v * 10 + Int64(d)
            }
            return v
        }
        var p = 0
        var negativeYear = false
        if s.count > 0, s[0] == UInt8(ascii: "-") {
            negativeYear = true
            p = 1
        }
        guard let y0 = digits(p, 4), s.count >= p + 20,
            s[p + 4] == UInt8(ascii: "-"), let month = digits(p + 5, 2),
            s[p + 7] == UInt8(ascii: "-"), let day = digits(p + 8, 2),
            s[p + 10] == UInt8(ascii: "T"), let hour = digits(p + 11, 2),
            s[p + 13] == UInt8(ascii: ":"), let minute = digits(p + 14, 2),
            s[p + 16] == UInt8(ascii: ":"), let second = digits(p + 17, 2)
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var i = p + 19
        var fraction = 0.0
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            let start = i
            while i < s.count, s[i] &- 48 < 10 {
                fraction += Double(s[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        guard i + 1 == s.count, s[i] == UInt8(ascii: "Z") else { return nil }
        let year = negativeYear ? -y0 : y0
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = (days - referenceDays) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
    }

    /// Why the text formats cannot write `date`, if they cannot: their dates have years 1
    /// through 9999 (what ISO 8601's four digits, CoreFoundation and plistlib agree on). A
    /// binary plist stores any Double; writing such a date as text would change it.
    static func unspellable(_ date: Date) -> WriteError? {
        let t = date.timeIntervalSinceReferenceDate
        if t.isFinite, abs(t) < 4e11 {
            let year = civil(Int64(t.rounded(.down))).0
            if (1...9999).contains(year) { return nil }
        }
        let what = t.isFinite ? "\(t) seconds from 2001" : "\(t)"
        return WriteError(message: "the date \(what) is outside the years 1 through 9999 that XML and JSON dates can spell; a binary plist keeps it")
    }

    /// Formats as `YYYY-MM-DDTHH:MM:SSZ`; with `fractional`, non-zero fractions of a second are
    /// kept (up to microseconds).
    public static func format(_ date: Date, fractional: Bool) -> String {
        let t = date.timeIntervalSinceReferenceDate
        guard t.isFinite, abs(t) < 1e14 else { return "0001-01-01T00:00:00Z" }
        let whole = t.rounded(.down)
        var seconds = Int64(whole)
        var micros = fractional ? Int64(((t - whole) * 1_000_000).rounded()) : 0
        if micros >= 1_000_000 {
            seconds += 1
            micros -= 1_000_000
        }
        let (y, m, d, rest) = civil(seconds)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(abs(v))
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var text = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
        if micros > 0 {
            var f = pad(micros, 6)
            while f.hasSuffix("0") { f.removeLast() }
            text += "." + f
        }
        return text + "Z"
    }

    /// Appends `YYYY-MM-DDTHH:MM:SSZ` (whole seconds) without building strings: the writers'
    /// hot path. Years outside 0...9999 take the general `format`.
    static func append(_ date: Date, fractional: Bool, to out: inout OutputBuffer) {
        if !appendWhole(date, fractional: fractional, separator: UInt8(ascii: "T"), zone: "Z", to: &out) {
            out.append(format(date, fractional: fractional))
        }
    }

    /// Appends a date as `plutil -p` prints it, `2001-01-01 00:00:00 +0000` (a fraction of a
    /// second when it has one): `state print`'s hot path, without building strings.
    package static func appendPrinted(_ date: Date, to out: inout OutputBuffer) {
        guard !appendWhole(date, fractional: true, separator: UInt8(ascii: " "), zone: " +0000", to: &out) else { return }
        for c in format(date, fractional: true).utf8 {
            switch c {
            case UInt8(ascii: "T"): out.append(UInt8(ascii: " "))
            case UInt8(ascii: "Z"): out.append(" +0000")
            default: out.append(c)
            }
        }
    }

    /// `YYYY-MM-DD`, `separator`, `HH:MM:SS`, `zone`, of whole seconds; false, with nothing
    /// written, for a year outside 0...9999 or a fraction of a second `fractional` would keep.
    private static func appendWhole(_ date: Date, fractional: Bool, separator: UInt8, zone: StaticString, to out: inout OutputBuffer) -> Bool {
        let t = date.timeIntervalSinceReferenceDate
        let whole = t.rounded(.down)
        guard t.isFinite, abs(t) < 3e11, !fractional || whole == t else { return false }
        let (y, m, d, rest) = civil(Int64(whole))
        guard y >= 0, y <= 9999 else { return false }
        out.appendPadded(y, width: 4)
        out.append(UInt8(ascii: "-"))
        out.appendPadded(m, width: 2)
        out.append(UInt8(ascii: "-"))
        out.appendPadded(d, width: 2)
        out.append(separator)
        out.appendPadded(rest / 3600, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(rest / 60 % 60, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(rest % 60, width: 2)
        out.append(zone)
        return true
    }

    /// Year, month, day and seconds into the day of `seconds` since the reference date.
    static func civil(_ seconds: Int64) -> (Int64, Int64, Int64, Int64) {
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (y, m, d) = civilFromDays(days + referenceDays)
        return (y, m, d, rest)
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d)
    }
}
