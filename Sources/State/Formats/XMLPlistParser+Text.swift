/// Entity and character-reference decoding of text content: the five predefined entities,
/// numeric references, CDATA, comments and line-end normalization — and nothing else (no DTD,
/// no external entities, ever).
extension XMLPlistParser {
    /// Decodes text content (entities, CDATA, comments, line ends) into `out`. Returns the
    /// offset and reason of the first error, or nil.
    static func decodeText(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: inout [UInt8]) -> (offset: Int, message: String)? {
        var i = start
        while i < end {
            let c = b[i]
            if c == UInt8(ascii: "&") {
                var semicolon = i + 1
                while semicolon < end, semicolon - i <= 12, b[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                guard semicolon < end, b[semicolon] == UInt8(ascii: ";") else {
                    return (i, "unterminated entity reference (a literal '&' must be written &amp;)")
                }
                let name = UnsafeBufferPointer(rebasing: b[(i + 1)..<semicolon])
                if name.elementsEqual("lt".utf8) {
                    out.append(UInt8(ascii: "<"))
                } else if name.elementsEqual("gt".utf8) {
                    out.append(UInt8(ascii: ">"))
                } else if name.elementsEqual("amp".utf8) {
                    out.append(UInt8(ascii: "&"))
                } else if name.elementsEqual("quot".utf8) {
                    out.append(UInt8(ascii: "\""))
                } else if name.elementsEqual("apos".utf8) {
                    out.append(UInt8(ascii: "'"))
                } else if name.first == UInt8(ascii: "#") {
                    var value: UInt32 = 0
                    var digits = name.dropFirst()
                    var radix: UInt32 = 10
                    if digits.first == UInt8(ascii: "x") {
                        radix = 16
                        digits = digits.dropFirst()
                    }
                    var valid = !digits.isEmpty
                    for d in digits where valid {
                        let v: UInt32
                        switch d {
                        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(d - 48)
                        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: v = UInt32(d - 87)
                        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: v = UInt32(d - 55)
                        default: valid = false; v = 0
                        }
                        value = value * radix + v
                        if value > 0x10FFFF { valid = false }
                    }
                    guard valid, value != 0, let scalar = Unicode.Scalar(value) else {
                        return (i, "invalid character reference &\(String(decoding: name, as: UTF8.self));")
                    }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    return (i, "unknown entity &\(String(decoding: name, as: UTF8.self)); (only &lt; &gt; &amp; &quot; &apos; and numeric references are expanded)")
                }
                i = semicolon + 1
            } else if c == UInt8(ascii: "<") {
                if starts(b, i, with: "<![CDATA[") {
                    guard let after = skip(b, from: i + 9, past: "]]>"), after <= end else { return (i, "unterminated CDATA section") }
                    var k = i + 9
                    while k < after - 3 {
                        if b[k] == 0x0D {
                            out.append(0x0A)
                            if k + 1 < after - 3, b[k + 1] == 0x0A { k += 1 }
                        } else {
                            out.append(b[k])
                        }
                        k += 1
                    }
                    i = after
                } else if starts(b, i, with: "<!--") {
                    guard let after = skip(b, from: i + 4, past: "-->"), after <= end else { return (i, "unterminated comment") }
                    i = after
                } else if starts(b, i, with: "<?") {
                    guard let after = skip(b, from: i + 2, past: "?>"), after <= end else { return (i, "unterminated processing instruction") }
                    i = after
                } else {
                    return (i, "unexpected '<' in text")
                }
            } else if c == 0x0D {
                // XML normalizes CR and CRLF line ends to LF.
                out.append(0x0A)
                if i + 1 < end, b[i + 1] == 0x0A { i += 1 }
                i += 1
            } else {
                out.append(c)
                i += 1
            }
        }
        return nil
    }
}
