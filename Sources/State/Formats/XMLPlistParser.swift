import Foundation

/// Reads XML property lists into a `SourceTree`, validating every value on the way.
///
/// A hand-written scanner, not `XMLParser`: it must record exact byte spans, stay far ahead of
/// Foundation in speed, and never expand anything but the five predefined entities and numeric
/// character references (no DTD processing, no external entities, ever). The parse is
/// iterative, so nesting depth costs heap, not stack; depth is still capped at
/// `PlistLimits.maxDepth` so that recursive consumers of the tree are safe.
enum XMLPlistParser {
    enum Tag: UInt8 {
        case plist, dict, array, key, string, integer, real, trueTag, falseTag, date, data

        var staticName: StaticString {
            switch self {
            case .plist: "plist"
            case .dict: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .trueTag: "true"
            case .falseTag: "false"
            case .date: "date"
            case .data: "data"
            }
        }

        var name: String { "\(staticName)" }
    }

    static func parse(_ bytes: [UInt8]) throws -> SourceTree {
        let nodes = try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer: buffer)
            try parser.run()
            return parser.nodes
        }
        return SourceTree(bytes: bytes, format: .xml, nodes: nodes)
    }

    // MARK: - Scanning helpers shared by the parser and the decoders

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
                if name.elementsEqual("lt".utf8) { out.append(UInt8(ascii: "<")) }
                else if name.elementsEqual("gt".utf8) { out.append(UInt8(ascii: ">")) }
                else if name.elementsEqual("amp".utf8) { out.append(UInt8(ascii: "&")) }
                else if name.elementsEqual("quot".utf8) { out.append(UInt8(ascii: "\"")) }
                else if name.elementsEqual("apos".utf8) { out.append(UInt8(ascii: "'")) }
                else if name.first == UInt8(ascii: "#") {
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

    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var s = start
        var e = end
        while s < e, isSpace(b[s]) { s += 1 }
        while e > s, isSpace(b[e - 1]) { e -= 1 }
        return (s, e)
    }

    // MARK: - Decoding nodes

    /// The content span of an element node: between its start tag and its closing tag.
    static func content(of node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        if node.flags & SourceNode.Flags.selfClosing != 0 { return (Int(node.end), Int(node.end)) }
        guard let (gt, _) = tagEnd(b, from: Int(node.start) + 1) else { return (Int(node.end), Int(node.end)) }
        var close = Int(node.end) - 1
        while close > gt, b[close] != UInt8(ascii: "<") { close -= 1 }
        return (gt + 1, close)
    }

    static func text(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> String {
        guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        _ = decodeText(b, start, end, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func decodeKey(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(node.keyStart)
        guard let (gt, selfClosing) = tagEnd(b, from: start + 1), !selfClosing else { return "" }
        guard case .closed(let contentEnd, _, let escaped) = scanContent(b, from: gt + 1, tag: .key) else { return "" }
        return text(b, gt + 1, contentEnd, escaped: escaped)
    }

    static func decodeScalar(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> PlistValue {
        let (start, end) = content(of: node, in: b)
        switch node.kind {
        case .string: return .string(text(b, start, end, escaped: node.flags & SourceNode.Flags.escaped != 0))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .integer:
            let (s, e) = trimmed(b, start, end)
            return .integer(NumberSyntax.integer(b, s, e) ?? 0)
        case .real:
            let (s, e) = trimmed(b, start, end)
            return .real(NumberSyntax.real(b, s, e) ?? .nan)
        case .date:
            let (s, e) = trimmed(b, start, end)
            return .date(PlistDate.parse(UnsafeBufferPointer(rebasing: b[s..<e])) ?? Date(timeIntervalSinceReferenceDate: 0))
        case .data:
            return .data(Data(Base64.decode(UnsafeBufferPointer(rebasing: b[start..<end])) ?? []))
        case .dictionary: return .dictionary([:])
        case .array: return .array([])
        case .uid, .null: return .null
        }
    }
}

// MARK: - The parser

/// The common start tags as little-endian 8-byte words, for `Parser.fastTag`.
struct FastTags {
    let key = pack("key>"), string = pack("string>"), stringEmpty = pack("string/>"), integer = pack("integer>")
    let real = pack("real>"), dict = pack("dict>"), date = pack("date>"), data = pack("data>")
    let dictEmpty = pack("dict/>"), dataEmpty = pack("data/>"), array = pack("array>"), arrayEmpty = pack("array/>")
    let trueEmpty = pack("true/>"), falseEmpty = pack("false/>")

    static func pack(_ s: StaticString) -> UInt64 {
        var w: UInt64 = 0
        for i in 0..<s.utf8CodeUnitCount { w |= UInt64(s.utf8Start[i]) << (8 * UInt64(i)) }
        return w
    }

    @inline(__always) static func mask(_ length: Int) -> UInt64 { length >= 8 ? ~0 : (1 << (8 * UInt64(length))) &- 1 }
}

extension XMLPlistParser {
    struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        let n: Int
        var pos = 0
        var nodes: [SourceNode] = []
        let fast = FastTags()

        /// An open `<dict>` or `<array>`, waiting for its closing tag.
        struct Open {
            var index: Int
            var isDict: Bool
            var count: UInt32 = 0
            /// The `<key>` read for the next value, or `SourceNode.noKey`.
            var pendingKey: UInt32 = SourceNode.noKey
            var pendingKeyFlags: UInt8 = 0
        }

        init(buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            n = buffer.count
            // Typical plists spend 25–40 bytes per value; reserving address space is free until
            // it is touched, and avoids copying the table as it grows.
            nodes.reserveCapacity(n / 12 + 16)
        }

        func error(_ message: String, at offset: Int) -> PlistError { .text(message, in: b, at: offset) }

        mutating func run() throws {
            if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            if let bad = UTF8Validation.firstInvalidOffset(b, from: pos) {
                throw error("invalid UTF-8 byte 0x\(String(b[bad], radix: 16, uppercase: true))", at: bad)
            }
            try skipMisc(prolog: true)
            guard pos < n else { throw error("no property list element found", at: pos) }
            guard b[pos] == UInt8(ascii: "<") else { throw error("expected '<'", at: pos) }
            var nameEnd = pos + 1
            while nameEnd < n, !isNameEnd(b[nameEnd]) { nameEnd += 1 }
            var wrapped = false
            if tag(b, pos + 1, nameEnd) == .plist {
                guard let (gt, selfClosing) = tagEnd(b, from: nameEnd) else { throw error("unterminated <plist> tag", at: pos) }
                if selfClosing { throw error("<plist/> holds no value", at: pos) }
                wrapped = true
                pos = gt + 1
                try skipMisc(prolog: false)
                if starts(b, pos, with: "</plist") { throw error("<plist> holds no value", at: pos) }
            }
            try parseValue()
            if wrapped {
                let open = pos
                try skipMisc(prolog: false)
                guard starts(b, pos, with: "</plist") else {
                    throw error(pos < n ? "<plist> must hold exactly one value" : "unexpected end of file: <plist> is not closed", at: pos < n ? pos : open)
                }
                var k = pos + 7
                while k < n, isSpace(b[k]) { k += 1 }
                guard k < n, b[k] == UInt8(ascii: ">") else { throw error("malformed </plist> tag", at: pos) }
                pos = k + 1
            }
            try skipMisc(prolog: false)
            if pos < n { throw error("unexpected content after the property list", at: pos) }
        }

        /// Skips whitespace, comments and processing instructions (and, in the prolog, a DOCTYPE).
        mutating func skipMisc(prolog: Bool) throws {
            while true {
                while pos < n, isSpace(b[pos]) { pos += 1 }
                guard pos + 1 < n, b[pos] == UInt8(ascii: "<") else { return }
                let next = b[pos + 1]
                if next == UInt8(ascii: "?") {
                    guard let after = skip(b, from: pos + 2, past: "?>") else { throw error("unterminated processing instruction", at: pos) }
                    pos = after
                } else if next == UInt8(ascii: "!"), starts(b, pos, with: "<!--") {
                    guard let after = skip(b, from: pos + 4, past: "-->") else { throw error("unterminated comment", at: pos) }
                    pos = after
                } else if next == UInt8(ascii: "!"), starts(b, pos, with: "<!DOCTYPE") {
                    guard prolog else { throw error("DOCTYPE is only allowed before the root element", at: pos) }
                    try skipDoctype()
                } else {
                    return
                }
            }
        }

        /// Steps over a DOCTYPE without interpreting it: nothing it declares is ever used.
        mutating func skipDoctype() throws {
            let start = pos
            var j = pos + 9
            var inSubset = false
            while j < n {
                let c = b[j]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    j += 1
                    while j < n, b[j] != c { j += 1 }
                } else if c == UInt8(ascii: "[") {
                    inSubset = true
                } else if c == UInt8(ascii: "]") {
                    inSubset = false
                } else if c == UInt8(ascii: ">"), !inSubset {
                    pos = j + 1
                    return
                } else if inSubset, c == UInt8(ascii: "<"), starts(b, j, with: "<!--") {
                    guard let after = skip(b, from: j + 4, past: "-->") else { break }
                    j = after
                    continue
                }
                j += 1
            }
            throw error("unterminated DOCTYPE", at: start)
        }

        /// Recognizes the common start tags (`<key>`, `<string>`, `<dict/>`, … without
        /// attributes) with one 8-byte load; nil sends the caller to the general path.
        @inline(__always) func fastTag(at p: Int) -> (tag: Tag, gt: Int, selfClosing: Bool)? {
            guard p + 9 <= n else { return nil }
            let w = UnsafeRawPointer(b.baseAddress! + p + 1).loadUnaligned(as: UInt64.self)
            let f = fast
            switch b[p + 1] {
            case UInt8(ascii: "k"):
                if w & FastTags.mask(4) == f.key { return (.key, p + 4, false) }
            case UInt8(ascii: "s"):
                if w & FastTags.mask(7) == f.string { return (.string, p + 7, false) }
                if w == f.stringEmpty { return (.string, p + 8, true) }
            case UInt8(ascii: "i"):
                if w == f.integer { return (.integer, p + 8, false) }
            case UInt8(ascii: "r"):
                if w & FastTags.mask(5) == f.real { return (.real, p + 5, false) }
            case UInt8(ascii: "d"):
                let w5 = w & FastTags.mask(5)
                if w5 == f.dict { return (.dict, p + 5, false) }
                if w5 == f.date { return (.date, p + 5, false) }
                if w5 == f.data { return (.data, p + 5, false) }
                let w6 = w & FastTags.mask(6)
                if w6 == f.dictEmpty { return (.dict, p + 6, true) }
                if w6 == f.dataEmpty { return (.data, p + 6, true) }
            case UInt8(ascii: "a"):
                if w & FastTags.mask(6) == f.array { return (.array, p + 6, false) }
                if w & FastTags.mask(7) == f.arrayEmpty { return (.array, p + 7, true) }
            case UInt8(ascii: "t"):
                if w & FastTags.mask(6) == f.trueEmpty { return (.trueTag, p + 6, true) }
            case UInt8(ascii: "f"):
                if w & FastTags.mask(7) == f.falseEmpty { return (.falseTag, p + 7, true) }
            default:
                break
            }
            return nil
        }

        mutating func parseValue() throws {
            // The innermost open container lives in `top` (index -1 before the first one);
            // the ones around it wait in `stack`.
            var stack: [Open] = []
            var top = Open(index: -1, isDict: false)
            let base = b.baseAddress!
            while true {
                pos = ByteScan.skipSpace(in: base, from: pos, end: n)
                if pos + 1 < n, b[pos] == UInt8(ascii: "<"), b[pos + 1] == UInt8(ascii: "!") || b[pos + 1] == UInt8(ascii: "?") {
                    try skipMisc(prolog: false)
                }
                guard pos < n else {
                    if top.index >= 0 {
                        throw error("unexpected end of file: <\(top.isDict ? "dict" : "array")> is not closed", at: Int(nodes[top.index].start))
                    }
                    throw error("expected a value", at: pos)
                }
                guard b[pos] == UInt8(ascii: "<") else {
                    throw error(top.index < 0 ? "expected a value element" : "unexpected text between elements", at: pos)
                }
                let tagStart = pos

                // Closing tag of the innermost container.
                if pos + 1 < n, b[pos + 1] == UInt8(ascii: "/") {
                    guard top.index >= 0 else { throw error("unexpected closing tag", at: pos) }
                    let expected: Tag = top.isDict ? .dict : .array
                    let name = expected.staticName
                    var k = pos + 2 + name.utf8CodeUnitCount
                    if !(starts(b, pos + 2, with: name) && k < n && isNameEnd(b[k]) && b[k] != UInt8(ascii: "/")) {
                        var end = pos + 2
                        while end < n, !isNameEnd(b[end]) { end += 1 }
                        let found = String(decoding: UnsafeBufferPointer(rebasing: b[(pos + 2)..<end]), as: UTF8.self)
                        throw error("closing tag </\(found)> does not match <\(expected.name)>", at: pos)
                    }
                    if top.pendingKey != SourceNode.noKey {
                        throw error("<key> has no value", at: Int(top.pendingKey))
                    }
                    while k < n, isSpace(b[k]) { k += 1 }
                    guard k < n, b[k] == UInt8(ascii: ">") else { throw error("malformed closing tag", at: pos) }
                    pos = k + 1
                    nodes[top.index].end = UInt32(pos)
                    nodes[top.index].size = UInt32(nodes.count - top.index - 1)
                    nodes[top.index].count = top.count
                    guard let outer = stack.popLast() else { return }
                    top = outer
                    continue
                }

                let tag: Tag
                let gt: Int
                let selfClosing: Bool
                if let recognized = fastTag(at: pos) {
                    (tag, gt, selfClosing) = recognized
                } else {
                    var nameEnd = pos + 1
                    while nameEnd < n, !isNameEnd(b[nameEnd]) { nameEnd += 1 }
                    guard let general = XMLPlistParser.tag(b, pos + 1, nameEnd) else {
                        if starts(b, pos, with: "<!") {
                            throw error("unexpected markup between elements", at: pos)
                        }
                        let name = String(decoding: UnsafeBufferPointer(rebasing: b[(pos + 1)..<nameEnd]), as: UTF8.self)
                        throw error("unknown element <\(name)>", at: pos)
                    }
                    guard let end = tagEnd(b, from: nameEnd) else {
                        throw error("unterminated <\(general.name)> tag", at: pos)
                    }
                    (tag, gt, selfClosing) = (general, end.gt, end.selfClosing)
                }

                var keyStart = SourceNode.noKey
                var flags: UInt8 = 0
                if top.isDict {
                    if top.pendingKey == SourceNode.noKey {
                        guard tag == .key else { throw error("expected <key> in <dict>, found <\(tag.name)>", at: pos) }
                        var keyFlags: UInt8 = 0
                        if selfClosing {
                            pos = gt + 1
                        } else {
                            let (_, closeEnd, escaped) = try scan(from: gt + 1, tag: .key, elementStart: tagStart)
                            if escaped { keyFlags = SourceNode.Flags.keyEscaped }
                            pos = closeEnd
                        }
                        top.pendingKey = UInt32(tagStart)
                        top.pendingKeyFlags = keyFlags
                        continue
                    }
                    if tag == .key { throw error("<key> follows another <key> without a value", at: pos) }
                    keyStart = top.pendingKey
                    flags = top.pendingKeyFlags
                    top.pendingKey = SourceNode.noKey
                } else if tag == .key {
                    throw error("<key> outside a <dict>", at: pos)
                }

                top.count += 1

                switch tag {
                case .dict, .array:
                    let kind: SourceNode.Kind = tag == .dict ? .dictionary : .array
                    pos = gt + 1
                    if selfClosing {
                        nodes.append(SourceNode(kind: kind, start: tagStart, end: pos, keyStart: keyStart, flags: flags | SourceNode.Flags.selfClosing))
                    } else {
                        let open = stack.count + (top.index >= 0 ? 1 : 0)
                        guard open < PlistLimits.maxDepth else {
                            throw error("nesting deeper than \(PlistLimits.maxDepth) levels", at: tagStart)
                        }
                        if top.index >= 0 { stack.append(top) }
                        top = Open(index: nodes.count, isDict: tag == .dict)
                        nodes.append(SourceNode(kind: kind, start: tagStart, keyStart: keyStart, flags: flags))
                        continue
                    }
                case .plist:
                    throw error("<plist> cannot be nested", at: pos)
                case .key:
                    preconditionFailure("handled above")
                default:
                    try scalar(tag, tagStart: tagStart, gt: gt, selfClosing: selfClosing, keyStart: keyStart, flags: flags)
                }
                if top.index < 0 { return }
            }
        }

        mutating func scan(from start: Int, tag: Tag, elementStart: Int) throws -> (Int, Int, Bool) {
            switch scanContent(b, from: start, tag: tag) {
            case .closed(let contentEnd, let closeEnd, let escaped):
                if escaped, tag == .string || tag == .key {
                    var scratch: [UInt8] = []
                    if let (offset, message) = decodeText(b, start, contentEnd, into: &scratch) {
                        throw error(message, at: offset)
                    }
                }
                return (contentEnd, closeEnd, escaped)
            case .unterminated:
                throw error("unexpected end of file: <\(tag.name)> is not closed", at: elementStart)
            case .failure(let offset, let message):
                throw error(message, at: offset)
            }
        }

        mutating func scalar(_ tag: Tag, tagStart: Int, gt: Int, selfClosing: Bool, keyStart: UInt32, flags: UInt8) throws {
            var flags = flags
            var contentStart = gt + 1
            var contentEnd = gt + 1
            if selfClosing {
                flags |= SourceNode.Flags.selfClosing
                pos = gt + 1
            } else {
                let (end, closeEnd, escaped) = try scan(from: gt + 1, tag: tag, elementStart: tagStart)
                if escaped { flags |= SourceNode.Flags.escaped }
                contentEnd = end
                pos = closeEnd
            }
            let kind: SourceNode.Kind
            switch tag {
            case .string:
                kind = .string
            case .trueTag, .falseTag:
                kind = tag == .trueTag ? .trueValue : .falseValue
                let (s, e) = trimmed(b, contentStart, contentEnd)
                if s != e { throw error("<\(tag.name)> must be empty", at: s) }
            case .integer:
                kind = .integer
                (contentStart, contentEnd) = trimmed(b, contentStart, contentEnd)
                if NumberSyntax.integer(b, contentStart, contentEnd) == nil {
                    throw error(NumberSyntax.integerProblem(b, contentStart, contentEnd), at: selfClosing ? tagStart : contentStart)
                }
            case .real:
                kind = .real
                (contentStart, contentEnd) = trimmed(b, contentStart, contentEnd)
                if !NumberSyntax.isReal(b, contentStart, contentEnd) {
                    throw error("invalid real number '\(String(decoding: UnsafeBufferPointer(rebasing: b[contentStart..<contentEnd]), as: UTF8.self))'", at: selfClosing ? tagStart : contentStart)
                }
            case .date:
                kind = .date
                (contentStart, contentEnd) = trimmed(b, contentStart, contentEnd)
                if PlistDate.parse(UnsafeBufferPointer(rebasing: b[contentStart..<contentEnd])) == nil {
                    throw error("invalid date (expected YYYY-MM-DDTHH:MM:SSZ)", at: selfClosing ? tagStart : contentStart)
                }
            case .data:
                kind = .data
                if let bad = Base64.firstInvalidOffset(UnsafeBufferPointer(rebasing: b[contentStart..<contentEnd])) {
                    throw error("invalid base64 in <data>", at: contentStart + bad)
                }
            default:
                preconditionFailure("not a scalar tag")
            }
            nodes.append(SourceNode(kind: kind, start: tagStart, end: pos, keyStart: keyStart, flags: flags))
        }
    }
}
