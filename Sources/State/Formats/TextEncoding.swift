import Foundation

/// The character encoding a text file (XML or JSON) is stored in.
///
/// The parsers and editors work on UTF-8 only. A UTF-16 file is transcoded to UTF-8 when read
/// and encoded back when written: UTF-16 → UTF-8 → UTF-16 is lossless for any well-formed
/// text, so every byte an edit did not touch comes back as it was (CoreFoundation and plistlib
/// read UTF-16 property lists; `.strings` files are often UTF-16).
public enum TextEncoding: Sendable, Equatable, CustomStringConvertible {
    /// UTF-8, with or without a byte order mark (kept as the file had it).
    case utf8
    /// UTF-16 in either byte order, with or without a byte order mark.
    case utf16(bigEndian: Bool, byteOrderMark: Bool)

    public var description: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16(let bigEndian, let bom): "UTF-16 \(bigEndian ? "BE" : "LE")\(bom ? "" : " without BOM")"
        }
    }

    /// Whether the text is stored as UTF-8.
    public var isUTF8: Bool { self == .utf8 }

    /// The UTF-16 encoding `bytes` start in: a byte order mark, or (as XML's autodetection
    /// has it) `<` or whitespace as one 16-bit unit followed by another ASCII one. Nil for
    /// anything else, which is read as UTF-8.
    public static func utf16(of bytes: some Collection<UInt8>) -> TextEncoding? {
        let b = Array(bytes.prefix(4))
        guard b.count >= 2 else { return nil }
        if b[0] == 0xFE, b[1] == 0xFF { return .utf16(bigEndian: true, byteOrderMark: true) }
        if b[0] == 0xFF, b[1] == 0xFE {
            // FF FE 00 00 is UTF-32 LE's mark, which detection names separately.
            if b.count == 4, b[2] == 0, b[3] == 0 { return nil }
            return .utf16(bigEndian: false, byteOrderMark: true)
        }
        guard b.count == 4 else { return nil }
        let starts: Set<UInt8> = [UInt8(ascii: "<"), 0x20, 0x09, 0x0A, 0x0D]
        if b[0] == 0, starts.contains(b[1]), b[2] == 0, b[3] != 0, b[3] < 0x80 { return .utf16(bigEndian: true, byteOrderMark: false) }
        if b[1] == 0, starts.contains(b[0]), b[3] == 0, b[2] != 0, b[2] < 0x80 { return .utf16(bigEndian: false, byteOrderMark: false) }
        return nil
    }

    private var bomLength: Int {
        if case .utf16(_, true) = self { return 2 }
        return 0
    }

    /// `bytes` (in this encoding, with its byte order mark if it has one) as UTF-8, without
    /// the mark. Throws at the byte offset of an odd trailing byte or an unpaired surrogate;
    /// with `partial`, a cut-off last unit or pair is dropped instead (for a file's first
    /// bytes).
    public func utf8(from bytes: some Collection<UInt8>, partial: Bool = false) throws -> [UInt8] {
        guard case .utf16(let bigEndian, _) = self else { return Array(bytes) }
        let raw = Array(bytes)
        return try raw.withUnsafeBufferPointer { try Self.utf8(fromUTF16: $0, start: bomLength, bigEndian: bigEndian, partial: partial) }
    }

    /// The units of `raw` from `start` as UTF-8, written in place: four ASCII units are read
    /// as one 64-bit word and written as four bytes (a byte and a bounds check at a time,
    /// transcoding ran at about 140 MB/s, most of opening a large UTF-16 file).
    private static func utf8(fromUTF16 raw: UnsafeBufferPointer<UInt8>, start: Int, bigEndian: Bool, partial: Bool) throws -> [UInt8] {
        guard let p = raw.baseAddress, raw.count > start else { return [] }
        let n = raw.count
        // A unit is 2 bytes and at most 3 in UTF-8; a pair is 4 and 4.
        return try [UInt8](unsafeUninitializedCapacity: (n - start) / 2 * 3 + 4) { out, count in
            let o = out.baseAddress!
            var w = 0
            var i = start
            // The bits that must be clear for four units (read little-endian) to be ASCII:
            // the high byte and the low byte's top bit of each.
            let notASCII: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
            let low: UInt64 = bigEndian ? 8 : 0
            @inline(__always) func unit(at offset: Int) -> UInt32 {
                bigEndian ? UInt32(p[offset]) << 8 | UInt32(p[offset + 1]) : UInt32(p[offset + 1]) << 8 | UInt32(p[offset])
            }
            while i < n {
                if i + 8 <= n {
                    let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                    if word & notASCII == 0 {
                        let ascii = word >> low
                        o[w] = UInt8(truncatingIfNeeded: ascii)
                        o[w + 1] = UInt8(truncatingIfNeeded: ascii >> 16)
                        o[w + 2] = UInt8(truncatingIfNeeded: ascii >> 32)
                        o[w + 3] = UInt8(truncatingIfNeeded: ascii >> 48)
                        w += 4
                        i += 8
                        continue
                    }
                }
                guard i + 1 < n else {
                    if partial { break }
                    throw PlistError("the file is UTF-16 but ends in half a character (an odd number of bytes)", at: .byte(offset: i))
                }
                var scalar = unit(at: i)
                var length = 2
                if scalar >= 0xD800, scalar < 0xDC00 {
                    guard i + 3 < n else {
                        if partial { break }
                        throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true)) at the end of the file", at: .byte(offset: i))
                    }
                    let trail = unit(at: i + 2)
                    guard trail >= 0xDC00, trail < 0xE000 else {
                        throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true))", at: .byte(offset: i))
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (trail - 0xDC00)
                    length = 4
                } else if scalar >= 0xDC00, scalar < 0xE000 {
                    throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true))", at: .byte(offset: i))
                }
                w += storeUTF8(scalar, at: o + w)
                i += length
            }
            count = w
        }
    }

    /// Stores `scalar` (a Unicode scalar value) as UTF-8 at `out`; the number of bytes, 1 to 4.
    @inline(__always) static func storeUTF8(_ scalar: UInt32, at out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// UTF-8 text (as the parsers accept it: valid) in this encoding, with its byte order mark:
    /// eight ASCII bytes at a time widened to sixteen, the rest unit by unit.
    public func bytes(fromUTF8 utf8: [UInt8]) -> [UInt8] {
        guard case .utf16(let bigEndian, let bom) = self else { return utf8 }
        return utf8.withUnsafeBufferPointer { input in
            // Each UTF-8 byte is at most one unit (two bytes); a 4-byte sequence is two units.
            [UInt8](unsafeUninitializedCapacity: input.count * 2 + 2) { out, count in
                let o = out.baseAddress!
                var w = 0
                @inline(__always) func put(_ unit: UInt16) {
                    o[w] = UInt8(truncatingIfNeeded: bigEndian ? unit >> 8 : unit)
                    o[w + 1] = UInt8(truncatingIfNeeded: bigEndian ? unit : unit >> 8)
                    w += 2
                }
                if bom { put(0xFEFF) }
                guard let p = input.baseAddress else {
                    count = w
                    return
                }
                let n = input.count
                var i = 0
                while i < n {
                    if i + 8 <= n {
                        let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                        if word & 0x8080_8080_8080_8080 == 0 {
                            for k in 0..<8 {
                                o[w + 2 * k] = bigEndian ? 0 : p[i + k]
                                o[w + 2 * k + 1] = bigEndian ? p[i + k] : 0
                            }
                            w += 16
                            i += 8
                            continue
                        }
                    }
                    let lead = UInt32(p[i])
                    switch lead {
                    case 0..<0x80:
                        put(UInt16(lead))
                        i += 1
                    case 0xC0..<0xE0 where i + 1 < n:
                        put(UInt16((lead & 0x1F) << 6 | UInt32(p[i + 1]) & 0x3F))
                        i += 2
                    case 0xE0..<0xF0 where i + 2 < n:
                        put(UInt16((lead & 0x0F) << 12 | (UInt32(p[i + 1]) & 0x3F) << 6 | UInt32(p[i + 2]) & 0x3F))
                        i += 3
                    case 0xF0..<0xF8 where i + 3 < n:
                        let scalar = (lead & 0x07) << 18 | (UInt32(p[i + 1]) & 0x3F) << 12 | (UInt32(p[i + 2]) & 0x3F) << 6 | UInt32(p[i + 3]) & 0x3F
                        let v = scalar - 0x10000
                        put(UInt16(0xD800 + (v >> 10)))
                        put(UInt16(0xDC00 + (v & 0x3FF)))
                        i += 4
                    default:
                        // Not valid UTF-8 (the parsers never let such text through): a
                        // replacement character, never a crash.
                        put(0xFFFD)
                        i += 1
                    }
                }
                count = w
            }
        }
    }

    /// Where the byte at `offset` of the UTF-8 text is in the file: what an error's location
    /// must say for a file that was transcoded.
    public func fileOffset(ofUTF8 offset: Int, in utf8: [UInt8]) -> Int {
        guard case .utf16 = self else { return offset }
        var units = 0
        var i = 0
        let end = min(offset, utf8.count)
        while i < end {
            let lead = utf8[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            i += length
        }
        return bomLength + 2 * (units + max(0, offset - utf8.count))
    }
}

extension TextEncoding {
    /// UTF-8 XML text stored in this encoding, its declaration's `encoding` saying so (a
    /// declaration naming another encoding than the bytes' makes readers such as expat
    /// refuse the file). A UTF-8 byte order mark is dropped for UTF-16 and kept for UTF-8.
    public func xmlBytes(fromUTF8 utf8: [UInt8]) -> [UInt8] {
        var text = utf8
        if !isUTF8, text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if text[start...].starts(with: Array("<?xml".utf8)), let end = text[start...].firstIndex(of: UInt8(ascii: ">")) {
            var declaration = String(decoding: text[start..<end], as: UTF8.self)
            let name = isUTF8 ? "UTF-8" : "UTF-16"
            if let attribute = declaration.range(of: #"encoding\s*=\s*(["'])[^"']*\1"#, options: .regularExpression) {
                let quote = declaration[attribute].last!
                declaration.replaceSubrange(attribute, with: "encoding=\(quote)\(name)\(quote)")
            } else if !isUTF8 {
                // Without the attribute a byte order mark is enough, but saying it is clearer.
                let version = declaration.range(of: #"version\s*=\s*(["'])[^"']*\1"#, options: .regularExpression)
                declaration.insert(contentsOf: " encoding=\"UTF-16\"", at: version?.upperBound ?? declaration.index(declaration.startIndex, offsetBy: 5))
            }
            text.replaceSubrange(start..<end, with: Array(declaration.utf8))
        }
        return bytes(fromUTF8: text)
    }
}
