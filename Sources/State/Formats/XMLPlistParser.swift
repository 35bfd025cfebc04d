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
        try SourceTree.parsed(bytes, as: .xml, with: Parser.self)
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
    struct Parser: NodeParser {
        let b: UnsafeBufferPointer<UInt8>
        let n: Int
        var pos = 0
        var nodes: [SourceNode] = []
        let fast = FastTags()
        /// A large file's node table, faulted in ahead of the parse on another core.
        let prefault: NodePrefault?

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
            prefault = NodePrefault.start(for: &nodes)
        }

        func error(_ message: String, at offset: Int) -> PlistError { .text(message, in: b, at: offset) }

        mutating func run() throws {
            defer { prefault?.finish() }
            if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            try ValidatedParse.run(b, from: pos) { try parseDocument() }
        }

        /// The document from `pos`, after a byte-order mark.
        mutating func parseDocument() throws {
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
                    prefault?.report(nodes.count)
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
                        try nodes.appendWithinBudget(SourceNode(kind: kind, start: tagStart, end: pos, keyStart: keyStart, flags: flags | SourceNode.Flags.selfClosing))
                    } else {
                        let open = stack.count + (top.index >= 0 ? 1 : 0)
                        guard open < PlistLimits.maxDepth else {
                            throw error("nesting deeper than \(PlistLimits.maxDepth) levels", at: tagStart)
                        }
                        if top.index >= 0 { stack.append(top) }
                        top = Open(index: nodes.count, isDict: tag == .dict)
                        try nodes.appendWithinBudget(SourceNode(kind: kind, start: tagStart, keyStart: keyStart, flags: flags))
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
                    throw error(
                        "invalid real number '\(String(decoding: UnsafeBufferPointer(rebasing: b[contentStart..<contentEnd]), as: UTF8.self))'",
                        at: selfClosing ? tagStart : contentStart)
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
            try nodes.appendWithinBudget(SourceNode(kind: kind, start: tagStart, end: pos, keyStart: keyStart, flags: flags))
        }
    }
}
