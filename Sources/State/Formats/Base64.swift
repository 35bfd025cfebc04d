import Foundation

/// Base64 as property lists use it: decoding skips whitespace (XML `<data>` is wrapped and
/// indented), encoding can wrap lines. Hand-written because Foundation's decoder rejects the
/// whitespace and its encoder allocates intermediate strings on the hot write path.
enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0...63 for alphabet bytes, 64 for '=', 65 for whitespace, 255 for anything else.
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "="))] = 64
        for w in [0x20, 0x09, 0x0A, 0x0D] { t[w] = 65 }
        return t
    }()

    /// The offset (relative to the start of `bytes`) of the first byte that makes this invalid
    /// base64, or nil when it is valid.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var padding = 0
        for (i, b) in bytes.enumerated() {
            let v = table[Int(b)]
            if v == 65 { continue }
            if v == 255 { return i }
            if v == 64 {
                padding += 1
                if padding > 2 { return i }
            } else if padding > 0 {
                return i  // data after padding
            }
            count += 1
        }
        if count % 4 == 1 { return bytes.count }
        return nil
    }

    /// Walks base64 text, skipping whitespace: `sextet` gets each 6-bit value in order.
    /// Returns how many there were, or nil when the text is not base64 (a byte outside the
    /// alphabet, data after padding).
    @inline(__always) private static func sextets(_ bytes: UnsafeBufferPointer<UInt8>, _ sextet: (UInt32) -> Void) -> Int? {
        var count = 0
        var padding = 0
        for b in bytes {
            let v = table[Int(b)]
            if v == 65 { continue }
            if v == 255 { return nil }
            if v == 64 {
                padding += 1
                continue
            }
            if padding > 0 { return nil }
            sextet(UInt32(v))
            count += 1
        }
        return count
    }

    /// Adds sextet `v` to the group in `acc` (`n` sextets so far); a fourth one appends the
    /// group's three bytes and starts the next.
    @inline(__always) private static func take(_ v: UInt32, _ acc: inout UInt32, _ n: inout Int, into out: inout [UInt8]) {
        acc = acc << 6 | v
        n += 1
        if n == 4 {
            out.append(UInt8(truncatingIfNeeded: acc >> 16))
            out.append(UInt8(truncatingIfNeeded: acc >> 8))
            out.append(UInt8(truncatingIfNeeded: acc))
            acc = 0
            n = 0
        }
    }

    /// Appends the bytes of a last, partial group of `n` sextets held in `acc` (2 or 3; none
    /// for 0); false for a group base64 cannot end with (1).
    @inline(__always) private static func appendTail(_ acc: UInt32, _ n: Int, to out: inout [UInt8]) -> Bool {
        switch n {
        case 0: break
        case 2: out.append(UInt8(truncatingIfNeeded: acc >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: acc >> 10))
            out.append(UInt8(truncatingIfNeeded: acc >> 2))
        default: return false
        }
        return true
    }

    /// Decodes, skipping whitespace; nil when the input is not base64.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 4 * 3 + 3)
        var acc: UInt32 = 0
        var n = 0
        let total = sextets(bytes) { v in
            take(v, &acc, &n, into: &out)
        }
        guard total != nil, appendTail(acc, n, to: &out) else { return nil }
        return out
    }

    /// The decoded length of `bytes` and its first `limit` decoded bytes — what a printer
    /// shows of data — decoding no more than those (a whole image was decoded to show 24
    /// bytes); nil when the input is not base64, as for `decode`.
    static func decodedPrefix(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> (count: Int, prefix: [UInt8])? {
        var prefix: [UInt8] = []
        var acc: UInt32 = 0
        var n = 0
        let total = sextets(bytes) { v in
            guard prefix.count < limit else { return }
            take(v, &acc, &n, into: &prefix)
        }
        guard let total, total % 4 != 1 else { return nil }
        // The last group is in `acc` only when the prefix took everything.
        if prefix.count < limit { _ = appendTail(acc, n, to: &prefix) }
        return (total / 4 * 3 + max(0, total % 4 - 1), Array(prefix.prefix(limit)))
    }

    /// Decodes base64 as JSON writers spell data — no whitespace, padded to a multiple of four
    /// — straight into `Data`; nil for anything else (which `Data(base64Encoded:)` then reads
    /// or refuses as before). A table lookup per character and one allocation.
    static func decodePadded(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        let count = text.count
        guard count % 4 == 0 else { return nil }
        let pad = count == 0 ? 0 : (text[count - 1] == UInt8(ascii: "=") ? (text[count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0)
        var data = Data(count: count / 4 * 3 - pad)
        let decoded = table.withUnsafeBufferPointer { t in
            data.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Bool in
                var o = 0
                var i = 0
                while i < count {
                    let last = i + 4 == count
                    let a = t[Int(text[i])], b = t[Int(text[i + 1])]
                    let c = t[Int(text[i + 2])], d = t[Int(text[i + 3])]
                    guard a < 64, b < 64 else { return false }
                    if last && pad > 0 {
                        // `xx==` or `xxx=`: the padding checked above, the rest must be letters
                        // whose unused bits are zero (anything else is left to Foundation).
                        out[o] = a << 2 | b >> 4
                        if pad == 1 {
                            guard c < 64, c & 0x03 == 0 else { return false }
                            out[o + 1] = b << 4 | c >> 2
                        } else {
                            guard b & 0x0F == 0 else { return false }
                        }
                        return true
                    }
                    guard c < 64, d < 64 else { return false }
                    out[o] = a << 2 | b >> 4
                    out[o + 1] = b << 4 | c >> 2
                    out[o + 2] = c << 6 | d
                    o += 3
                    i += 4
                }
                return true
            }
        }
        return decoded ? data : nil
    }

    /// Appends the base64 form of `data` to `out`. When `lineLength` is given, a line break
    /// followed by `linePrefix` is written before each line after the first. Written through
    /// a pointer into room reserved once (an append per character was most of writing data).
    static func encode(
        _ data: UnsafeRawBufferPointer, into out: inout OutputBuffer, lineLength: Int? = nil,
        linePrefix: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        let n = data.count
        let characters = (n + 2) / 3 * 4
        let breaks = lineLength.map { characters == 0 ? 0 : (characters - 1) / $0 } ?? 0
        out.reserve(characters + breaks * (1 + linePrefix.count))
        var p = out.base + out.count
        var column = 0
        @inline(__always) func put(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
            if let lineLength, column == lineLength {
                p.pointee = 0x0A
                p += 1
                if let prefix = linePrefix.baseAddress {
                    p.update(from: prefix, count: linePrefix.count)
                    p += linePrefix.count
                }
                column = 0
            }
            p[0] = a
            p[1] = b
            p[2] = c
            p[3] = d
            p += 4
            column += 4
        }
        var i = 0
        alphabet.withUnsafeBufferPointer { abc in
            while i + 3 <= n {
                let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
                put(abc[Int(v >> 18 & 63)], abc[Int(v >> 12 & 63)], abc[Int(v >> 6 & 63)], abc[Int(v & 63)])
                i += 3
            }
            let pad = UInt8(ascii: "=")
            if n - i == 1 {
                let v = UInt32(data[i]) << 16
                put(abc[Int(v >> 18 & 63)], abc[Int(v >> 12 & 63)], pad, pad)
            } else if n - i == 2 {
                let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
                put(abc[Int(v >> 18 & 63)], abc[Int(v >> 12 & 63)], abc[Int(v >> 6 & 63)], pad)
            }
        }
        out.count = p - out.base
    }
}
