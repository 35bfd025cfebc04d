/// Fast whole-buffer UTF-8 validation: eight bytes at a time while they are ASCII, a strict
/// decoder (no overlongs, no surrogates, nothing above U+10FFFF) otherwise.
public enum UTF8Validation {
    /// The offset of the first byte of the first invalid sequence, or nil when all is valid.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = start
        while i < n {
            // ASCII fast path.
            while i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            if i >= n { break }
            let b0 = base[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            let b1 = base[i + 1]
            guard b1 >= lower, b1 <= upper else { return i }
            for k in 2..<max(2, length) where base[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
