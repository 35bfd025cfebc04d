import Foundation
import State

/// Values that exercise every type and awkward corner, for round-trip tests.
package enum SampleValues {
    /// Everything a property list can hold: full integer range, special reals, Unicode and
    /// characters that need escaping, dates, data, UIDs, empty and nested containers.
    package static func everything(includeUID: Bool = true) -> PlistValue {
        var dict: PlistValue = [
            "string": "plain",
            "unicode": "日本語 — café 🍎 e\u{301}",
            "escapes": "a < b && c > d \"quoted\" 'single' ]]> tab\tnewline\nend",
            "cr": "carriage\rreturn",
            "empty string": "",
            "zero": 0,
            "small": 42,
            "negative": -17,
            "int64 min": .integer(Int128(Int64.min)),
            "int64 max": .integer(Int128(Int64.max)),
            "uint64 max": .integer(Int128(UInt64.max)),
            "above int64": .integer(Int128(Int64.max) + 1),
            "real": 3.141592653589793,
            "tenth": 0.1,
            "integral real": 2.0,
            "tiny": .real(.leastNonzeroMagnitude),
            "huge": 1.7976931348623157e308,
            "negative zero": -0.0,
            "infinity": .real(.infinity),
            "minus infinity": .real(-.infinity),
            "true": true,
            "false": false,
            "date": .date(Date(timeIntervalSinceReferenceDate: 784_111_777)),
            "old date": .date(Date(timeIntervalSinceReferenceDate: -3_187_296_000)),
            "data": .data(Data((0..<200).map { UInt8($0 % 256) })),
            "empty data": .data(Data()),
            "empty array": [],
            "empty dict": [:],
            "nested": ["a": [1, 2, ["deep": ["deeper": "bottom"]]], "b": [[], [:]]],
            "key.with.dots": "dots",
            "z first?": "order is kept, not sorted",
            "A": "capital",
        ]
        if includeUID, case .dictionary(var d) = dict {
            d["uid"] = .uid(7)
            dict = .dictionary(d)
        }
        return dict
    }

    /// What JSON can hold of `everything`: no dates, data, UIDs or non-finite reals.
    package static func jsonSafe() -> PlistValue {
        guard case .dictionary(var d) = everything(includeUID: false) else { return .null }
        for key in ["date", "old date", "data", "empty data", "infinity", "minus infinity"] { d[key] = nil }
        d["null"] = .null
        return .dictionary(d)
    }
}
