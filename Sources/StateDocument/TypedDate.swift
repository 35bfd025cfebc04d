import Foundation

/// Dates as people type them: ISO 8601 with or without the time, with `Z`, an offset
/// (`+02:00`, `+0200`) or no zone (UTC), fractional seconds, and a space instead of the `T`.
/// Files keep their strict spelling; this is only for what a user types.
enum TypedDate {
    static let example = "2026-11-21, 2026-11-21T10:30:00Z or 2026-11-21T10:30:00+02:00"

    static func parse(_ text: String) -> Date? {
        let s = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var n = 0
            for _ in 0..<digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[i]) else { return nil }
                n = n * 10 + Int(s[i] - UInt8(ascii: "0"))
                i += 1
            }
            return n
        }
        func take(_ c: Character) -> Bool {
            guard i < s.count, s[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2) else { return nil }
        var components = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var fraction = 0.0
        if i < s.count {
            guard take("T") || take("t") || take(" "), let hour = number(2), take(":"), let minute = number(2) else { return nil }
            components.hour = hour
            components.minute = minute
            if take(":") {
                guard let second = number(2) else { return nil }
                components.second = second
                if take(".") || take(",") {
                    let start = i
                    while i < s.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[i]) { i += 1 }
                    guard i > start, let f = Double("0." + String(decoding: s[start..<i], as: UTF8.self)) else { return nil }
                    fraction = f
                }
            }
            if take("Z") || take("z") {
            } else if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
                let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let h = number(2) else { return nil }
                _ = take(":")
                guard let m = number(2), h <= 23, m <= 59 else { return nil }
                components.timeZone = TimeZone(secondsFromGMT: sign * (h * 3600 + m * 60))
            }
        }
        guard i == s.count, (1...12).contains(month), (1...31).contains(day), components.isValidDate, let date = components.date else { return nil }
        guard (components.hour ?? 0) <= 23, (components.minute ?? 0) <= 59, (components.second ?? 0) <= 60 else { return nil }
        return date.addingTimeInterval(fraction)
    }
}
