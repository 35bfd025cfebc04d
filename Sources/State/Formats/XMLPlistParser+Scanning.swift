/// The scanner under the XML parser and the decoders: whitespace, element names, the ends of
/// tags, comments and processing instructions, and where an element's content stops.
extension XMLPlistParser {
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c <= 0x20 && (0x1_0000_2600 as UInt64) >> UInt64(c) & 1 != 0 }

    @inline(__always) static func isNameEnd(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || isSpace(c)
    }

    /// Classifies the element name in `start..<end`.
    static func tag(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Tag? {
        @inline(__always) func matches(_ s: StaticString) -> Bool {
            guard end - start == s.utf8CodeUnitCount else { return false }
            let p = s.utf8Start
            for i in 0..<(end - start) where b[start + i] != p[i] { return false }
            return true
        }
        switch end - start {
        case 3: return matches("key") ? .key : nil
        case 4:
            if matches("dict") { return .dict }
            if matches("real") { return .real }
            if matches("true") { return .trueTag }
            if matches("date") { return .date }
            if matches("data") { return .data }
            return nil
        case 5:
            if matches("array") { return .array }
            if matches("false") { return .falseTag }
            if matches("plist") { return .plist }
            return nil
        case 6: return matches("string") ? .string : nil
        case 7: return matches("integer") ? .integer : nil
        default: return nil
        }
    }

    @inline(__always) static func starts(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, with s: StaticString) -> Bool {
        let count = s.utf8CodeUnitCount
        guard i + count <= b.count else { return false }
        let p = s.utf8Start
        for k in 0..<count where b[i + k] != p[k] { return false }
        return true
    }

    /// The index just past `terminator`, searching from `i`; nil when it never appears.
    static func skip(_ b: UnsafeBufferPointer<UInt8>, from i: Int, past terminator: StaticString) -> Int? {
        let first = terminator.utf8Start[0]
        var j = i
        while j < b.count {
            if b[j] == first, starts(b, j, with: terminator) { return j + terminator.utf8CodeUnitCount }
            j += 1
        }
        return nil
    }

    /// The index of the `>` that ends the tag whose name ends at `i`, skipping quoted attribute
    /// values, and whether the tag is in its empty form (`/>`).
    static func tagEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> (gt: Int, selfClosing: Bool)? {
        var j = i
        while j < b.count {
            let c = b[j]
            if c == UInt8(ascii: ">") { return (j, j > 0 && b[j - 1] == UInt8(ascii: "/")) }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                j += 1
                while j < b.count, b[j] != c { j += 1 }
            } else if c == UInt8(ascii: "<") {
                return nil
            }
            j += 1
        }
        return nil
    }

    enum ContentScan {
        /// `contentEnd` is the `<` of the closing tag, `closeEnd` is just past its `>`.
        case closed(contentEnd: Int, closeEnd: Int, escaped: Bool)
        case unterminated
        case failure(offset: Int, message: String)
    }

    /// Scans the text content of a scalar element from `i` to its closing tag `</name>`,
    /// stepping over CDATA sections, comments and processing instructions.
    static func scanContent(_ b: UnsafeBufferPointer<UInt8>, from i: Int, tag: Tag) -> ContentScan {
        var j = i
        var escaped = false
        let n = b.count
        let base = b.baseAddress!
        while true {
            let (lt, flagged) = ByteScan.find(UInt8(ascii: "<"), flagging: UInt8(ascii: "&"), 0x0D, in: base, from: j, end: n)
            j = lt
            if flagged { escaped = true }
            guard j < n else { return .unterminated }
            if j + 1 < n, b[j + 1] == UInt8(ascii: "/") {
                let name = tag.staticName
                let length = name.utf8CodeUnitCount
                if starts(b, j + 2, with: name), j + 2 + length < n, b[j + 2 + length] == UInt8(ascii: ">") {
                    return .closed(contentEnd: j, closeEnd: j + 3 + length, escaped: escaped)
                }
                var k = j + 2
                while k < n, !isNameEnd(b[k]) { k += 1 }
                guard XMLPlistParser.tag(b, j + 2, k) == tag else {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: b[(j + 2)..<k]), as: UTF8.self)
                    return .failure(offset: j, message: "closing tag </\(name)> does not match <\(tag.name)>")
                }
                while k < n, isSpace(b[k]) { k += 1 }
                guard k < n, b[k] == UInt8(ascii: ">") else {
                    return .failure(offset: j, message: "malformed closing tag </\(tag.name)>")
                }
                return .closed(contentEnd: j, closeEnd: k + 1, escaped: escaped)
            }
            let terminator: StaticString
            let what: String
            if starts(b, j, with: "<![CDATA[") {
                (terminator, what) = ("]]>", "CDATA section")
            } else if starts(b, j, with: "<!--") {
                (terminator, what) = ("-->", "comment")
            } else if starts(b, j, with: "<?") {
                (terminator, what) = ("?>", "processing instruction")
            } else {
                return .failure(offset: j, message: "unexpected element inside <\(tag.name)> (text only)")
            }
            guard let after = skip(b, from: j + 2, past: terminator) else {
                return .failure(offset: j, message: "unterminated \(what)")
            }
            escaped = true
            j = after
        }
    }

    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var s = start
        var e = end
        while s < e, isSpace(b[s]) { s += 1 }
        while e > s, isSpace(b[e - 1]) { e -= 1 }
        return (s, e)
    }
}
