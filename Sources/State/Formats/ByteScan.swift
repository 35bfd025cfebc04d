/// Word-at-a-time byte searches (SWAR): eight bytes per step instead of one, for the scanning
/// loops that dominate parsing time.
package enum ByteScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// High bit set in exactly the bytes of `word` equal to `byte` (no carries between bytes).
    @inline(__always) static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & lows) &+ lows) | x | lows)
    }

    /// High bit set in exactly the bytes that are not XML whitespace (space, tab, LF, CR).
    @inline(__always) static func nonSpace(_ word: UInt64) -> UInt64 {
        ~(matches(word, 0x20) | matches(word, 0x09) | matches(word, 0x0A) | matches(word, 0x0D)) & highs
    }

    /// The first index in `from..<end` holding `target`, or `end`.
    @inline(__always) static func firstIndex(of target: UInt8, in base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        while i + 8 <= end {
            let hit = matches(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self), target)
            if hit != 0 { return i + hit.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end, base[i] != target { i += 1 }
        return i
    }

    /// The first index in `from..<end` holding a double quote, a backslash or a control
    /// character (below 0x20) — where a JSON string's plain run stops — or `end` (strings are
    /// most of a JSON file's bytes).
    @inline(__always) package static func firstStringStop(in base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        firstControl(in: base, from: from, end: end, or: UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\""))
    }

    /// Whether every byte is ASCII (below 0x80), eight bytes a step.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let end = bytes.count
        var i = 0
        while i + 8 <= end {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & highs != 0 { return false }
            i += 8
        }
        while i < end {
            if base[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// Whether `bytes` hold a control character (below 0x20), a double quote or a backslash:
    /// what a quoted string must escape. Eight bytes a step (a printer asks it of every key
    /// and string it writes).
    package static func containsControlQuoteOrBackslash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsControl(bytes, or: UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\""))
    }

    /// Whether `bytes` hold a control character (below 0x20), `&`, `<` or `>`: what XML text
    /// may have to spell as a reference (tab and line feed do not, but are rare enough in keys
    /// and strings to be looked at one by one).
    package static func containsControlOrMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsControl(bytes, or: UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"))
    }

    /// Whether `bytes` hold a byte below 0x20 or one of `a`, `b`, `c`.
    @inline(__always) private static func containsControl(_ bytes: UnsafeBufferPointer<UInt8>, or a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return firstControl(in: base, from: 0, end: bytes.count, or: a, b, c) < bytes.count
    }

    /// The first index in `from..<end` holding a byte below 0x20 or one of `a`, `b`, `c`, or
    /// `end`; eight bytes a step.
    @inline(__always) private static func firstControl(in base: UnsafePointer<UInt8>, from: Int, end: Int, or a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        var i = from
        while i + 8 <= end {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte below 0x20: (x - 0x20…) & ~x & 0x80… is nonzero exactly when one is; a
            // borrow can mark a byte above a real one only, so the lowest mark is real.
            let hit = ((word &- ones &* 0x20) & ~word & highs) | matches(word, a) | matches(word, b) | matches(word, c)
            if hit != 0 { return i + hit.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let x = base[i]
            if x < 0x20 || x == a || x == b || x == c { return i }
            i += 1
        }
        return end
    }

    /// The first index at or after `from` (before `end`) that is not XML whitespace, or `end`.
    @inline(__always) static func skipSpace(in base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        while i + 8 <= end {
            let stop = nonSpace(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if stop != 0 { return i + stop.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let c = base[i]
            if !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D) { return i }
            i += 1
        }
        return end
    }

    /// The first index in `from..<end` holding `target`, or `end`; `flagged` tells whether any
    /// byte before it equals `flagA` or `flagB`.
    @inline(__always) static func find(
        _ target: UInt8, flagging flagA: UInt8, _ flagB: UInt8, in base: UnsafePointer<UInt8>, from: Int, end: Int
    ) -> (index: Int, flagged: Bool) {
        var i = from
        var flagged = false
        while i + 8 <= end {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let hit = matches(word, target)
            let flags = matches(word, flagA) | matches(word, flagB)
            if hit != 0 {
                let k = hit.trailingZeroBitCount >> 3
                // Only flags strictly below the hit count.
                if k > 0, flags & ((1 << UInt64(k * 8)) &- 1) != 0 { flagged = true }
                return (i + k, flagged)
            }
            if flags != 0 { flagged = true }
            i += 8
        }
        while i < end {
            let c = base[i]
            if c == target { return (i, flagged) }
            if c == flagA || c == flagB { flagged = true }
            i += 1
        }
        return (end, flagged)
    }
}
