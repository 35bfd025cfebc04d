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
        var out: [UInt8] = []
        out.reserveCapacity(raw.count / 2 + raw.count / 8)
        var i = bomLength
        func unit(at offset: Int) -> UInt32 {
            bigEndian ? UInt32(raw[offset]) << 8 | UInt32(raw[offset + 1]) : UInt32(raw[offset + 1]) << 8 | UInt32(raw[offset])
        }
        while i < raw.count {
            guard i + 1 < raw.count else {
                if partial { break }
                throw PlistError("the file is UTF-16 but ends in half a character (an odd number of bytes)", at: .byte(offset: i))
            }
            var scalar = unit(at: i)
            var length = 2
            if scalar >= 0xD800, scalar < 0xDC00 {
                guard i + 3 < raw.count else {
                    if partial { break }
                    throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true)) at the end of the file", at: .byte(offset: i))
                }
                let low = unit(at: i + 2)
                guard low >= 0xDC00, low < 0xE000 else {
                    throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true))", at: .byte(offset: i))
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                length = 4
            } else if scalar >= 0xDC00, scalar < 0xE000 {
                throw PlistError("unpaired UTF-16 surrogate 0x\(String(scalar, radix: 16, uppercase: true))", at: .byte(offset: i))
            }
            Self.appendUTF8(scalar, to: &out)
            i += length
        }
        return out
    }

    /// UTF-8 text (as the parsers accept it: valid) in this encoding, with its byte order mark.
    public func bytes(fromUTF8 utf8: [UInt8]) -> [UInt8] {
        guard case .utf16(let bigEndian, let bom) = self else { return utf8 }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count * 2 + 2)
        func append(_ unit: UInt16) {
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            if bigEndian {
                out.append(high)
                out.append(low)
            } else {
                out.append(low)
                out.append(high)
            }
        }
        if bom { append(0xFEFF) }
        for unit in String(decoding: utf8, as: UTF8.self).utf16 { append(unit) }
        return out
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

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
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
