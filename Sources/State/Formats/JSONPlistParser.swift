import Foundation

/// Reads JSON (RFC 8259) into a `SourceTree` — and JSON with comments (`//`, `/* */`) and
/// trailing commas, as VS Code's settings and tsconfig files have them: such a file is
/// `.jsonc`, whose comments every edit keeps and a conversion drops (with a warning).
///
/// Numbers without a fraction or exponent are integers; those beyond 64 bits (and reals
/// beyond a Double) are kept as written (`Flags.wide`). Strings must be valid UTF-8 with
/// well-paired `\u` surrogates. Like the XML reader it is iterative, with depth capped at
/// `PlistLimits.maxDepth`.
enum JSONPlistParser {
    /// A file that turns out to have comments or trailing commas is `.jsonc`; asked `as`
    /// `.jsonc` (an edited JSONC file), it stays so either way.
    static func parse(_ bytes: [UInt8]) throws -> SourceTree {
        try parse(bytes, as: .json)
    }

    static func parse(_ bytes: [UInt8], as format: PlistFormat) throws -> SourceTree {
        let (nodes, extended) = try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer: buffer)
            try parser.run()
            return (parser.nodes, parser.usedExtensions)
        }
        return SourceTree(bytes: bytes, format: extended ? .jsonc : format, nodes: nodes)
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    @inline(__always) static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - 55)
        default: nil
        }
    }

    /// Decodes the string token that starts (at its quote) at `start`.
    static func decodeString(at start: Int, escaped: Bool, in b: UnsafeBufferPointer<UInt8>) -> String {
        var i = start + 1
        if !escaped {
            while i < b.count, b[i] != UInt8(ascii: "\"") { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<i]), as: UTF8.self)
        }
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { break }
            guard c == UInt8(ascii: "\\"), i + 1 < b.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            if let control = BackslashEscapes.control(e) {
                out.append(control)
            } else if e == UInt8(ascii: "u") {
                let unit = hex4(b, i) ?? 0xFFFD
                i += 4
                BackslashEscapes.append(BackslashEscapes.scalar(unit, followedAt: &i, in: b, end: b.count), to: &out)
            } else {
                out.append(e)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        guard i + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let h = hexValue(b[i + k]) else { return nil }
            v = v << 4 | h
        }
        return v
    }

    static func decodeScalar(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> PlistValue {
        switch node.kind {
        case .string: return .string(decodeString(at: Int(node.start), escaped: node.flags & SourceNode.Flags.escaped != 0, in: b))
        case .integer: return .integer(NumberSyntax.integer(b, Int(node.start), Int(node.end)) ?? 0)
        case .real:
            if let exact = NumberSyntax.exactDecimal(b, Int(node.start), Int(node.end)) { return .real(exact) }
            return .real(Double(String(decoding: UnsafeBufferPointer(rebasing: b[Int(node.start)..<Int(node.end)]), as: UTF8.self)) ?? .nan)
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .null: return .null
        case .dictionary: return .dictionary([:])
        case .array: return .array([])
        case .date, .data, .uid: return .null  // JSON has no such tokens
        }
    }

    struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        let n: Int
        var pos = 0
        var nodes: [SourceNode] = []
        var open = TextScan.OpenContainers()
        var pendingKey = SourceNode.noKey
        var pendingKeyFlags: UInt8 = 0
        /// A comment or a trailing comma was read: the file is JSONC.
        var usedExtensions = false
        /// A large file's node table, faulted in ahead of the parse on another core.
        let prefault: NodePrefault?

        init(buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            n = buffer.count
            nodes.reserveCapacity(min(n / 8 + 16, MemoryBudget.maxNodes))
            prefault = NodePrefault.start(for: &nodes)
        }

        func error(_ message: String, at offset: Int) -> PlistError { .text(message, in: b, at: offset) }

        /// Skips whitespace and comments.
        @inline(__always) mutating func skipSpace() throws {
            while pos < n {
                let c = b[pos]
                if isSpace(c) {
                    pos += 1
                    // A run (a line's indentation) eight bytes a step; one space byte by byte.
                    if pos < n, isSpace(b[pos]) { pos = ByteScan.skipSpace(in: b.baseAddress!, from: pos + 1, end: n) }
                } else if c == UInt8(ascii: "/") {
                    try skipComment()
                } else {
                    return
                }
            }
        }

        /// A `//` or `/* */` comment: the file is JSONC.
        mutating func skipComment() throws {
            guard try TextScan.skipComment(b, &pos) else {
                throw error("expected a value, found '/' (a comment starts with // or /*)", at: pos)
            }
            usedExtensions = true
        }

        func describe(_ offset: Int) -> String { TextScan.describe(b, offset) }

        mutating func run() throws {
            defer { prefault?.finish() }
            if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            try ValidatedParse.run(b, from: pos) { try parseDocument() }
        }

        /// The document from `pos`, after a byte-order mark.
        mutating func parseDocument() throws {
            outer: while true {
                try skipSpace()
                guard pos < n else {
                    if let top = open.last { throw error("unexpected end of input: \(nodes[top].kind == .array ? "array" : "object") is not closed", at: Int(nodes[top].start)) }
                    throw error("unexpected end of input: expected a value", at: pos)
                }
                let keyStart = pendingKey
                let keyFlags = pendingKeyFlags
                pendingKey = SourceNode.noKey
                pendingKeyFlags = 0
                open.countValue()
                let start = pos
                let c = b[pos]
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard open.depth < PlistLimits.maxDepth else {
                        throw error("nesting deeper than \(PlistLimits.maxDepth) levels", at: pos)
                    }
                    let isObject = c == UInt8(ascii: "{")
                    open.open(nodes.count)
                    try nodes.appendWithinBudget(SourceNode(kind: isObject ? .dictionary : .array, start: pos, keyStart: keyStart, flags: keyFlags))
                    pos += 1
                    try skipSpace()
                    if pos < n, b[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        pos += 1
                        close()
                    } else {
                        if isObject { try parseKey() }
                        continue outer
                    }
                case UInt8(ascii: "\""):
                    let escaped = try scanString()
                    try nodes.appendWithinBudget(SourceNode(kind: .string, start: start, end: pos, keyStart: keyStart, flags: keyFlags | (escaped ? SourceNode.Flags.escaped : 0)))
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let (kind, wide) = try scanNumber()
                    try nodes.appendWithinBudget(SourceNode(kind: kind, start: start, end: pos, keyStart: keyStart, flags: keyFlags | (wide ? SourceNode.Flags.wide : 0)))
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let (word, kind): (StaticString, SourceNode.Kind) =
                        c == UInt8(ascii: "t") ? ("true", .trueValue) : c == UInt8(ascii: "f") ? ("false", .falseValue) : ("null", .null)
                    guard XMLPlistParser.starts(b, pos, with: word) else {
                        throw error("invalid literal (expected \(word))", at: pos)
                    }
                    pos += word.utf8CodeUnitCount
                    try nodes.appendWithinBudget(SourceNode(kind: kind, start: start, end: pos, keyStart: keyStart, flags: keyFlags))
                default:
                    throw error("expected a value, found \(describe(pos))", at: pos)
                }

                // After a complete value: separators and closing brackets.
                while true {
                    guard let top = open.last else {
                        try skipSpace()
                        if pos < n { throw error("unexpected \(describe(pos)) after the JSON value", at: pos) }
                        return
                    }
                    try skipSpace()
                    let isObject = nodes[top].kind == .dictionary
                    guard pos < n else {
                        throw error("unexpected end of input: \(isObject ? "object" : "array") is not closed", at: Int(nodes[top].start))
                    }
                    if b[pos] == UInt8(ascii: ",") {
                        pos += 1
                        try skipSpace()
                        if pos < n, b[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                            // A trailing comma (JSONC): the container ends here.
                            usedExtensions = true
                            pos += 1
                            close()
                            continue
                        }
                        if isObject { try parseKey() }
                        continue outer
                    }
                    if b[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        pos += 1
                        close()
                        continue
                    }
                    throw error("expected ',' or '\(isObject ? "}" : "]")', found \(describe(pos))", at: pos)
                }
            }
        }

        mutating func close() {
            open.close(in: &nodes, at: pos)
            prefault?.report(nodes.count)
        }

        mutating func parseKey() throws {
            guard pos < n, b[pos] == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(describe(pos))", at: pos)
            }
            let start = pos
            let escaped = try scanString()
            try skipSpace()
            guard pos < n, b[pos] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key, found \(describe(pos))", at: pos)
            }
            pos += 1
            pendingKey = UInt32(start)
            pendingKeyFlags = escaped ? SourceNode.Flags.keyEscaped : 0
        }

        /// Validates the string starting at the quote at `pos`; leaves `pos` after the closing
        /// quote. Returns whether the string holds escapes.
        mutating func scanString() throws -> Bool {
            let start = pos
            pos += 1
            var escaped = false
            while true {
                pos = ByteScan.firstStringStop(in: b.baseAddress!, from: pos, end: n)
                guard pos < n else { throw error("unterminated string", at: start) }
                let c = b[pos]
                if c == UInt8(ascii: "\"") {
                    pos += 1
                    return escaped
                }
                if c < 0x20 { throw error("control character in string (escape it as \\u00\(String(format: "%02X", c)))", at: pos) }
                escaped = true
                guard pos + 1 < n else { throw error("unterminated string", at: start) }
                let e = b[pos + 1]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    pos += 2
                case UInt8(ascii: "u"):
                    guard let v = hex4(b, pos + 2) else { throw error("invalid \\u escape (four hex digits expected)", at: pos) }
                    if v >= 0xDC00, v < 0xE000 { throw error("unpaired low surrogate \\u\(String(v, radix: 16, uppercase: true))", at: pos) }
                    if v >= 0xD800, v < 0xDC00 {
                        guard pos + 12 <= n, b[pos + 6] == UInt8(ascii: "\\"), b[pos + 7] == UInt8(ascii: "u"),
                            let low = hex4(b, pos + 8), low >= 0xDC00, low < 0xE000
                        else { throw error("unpaired high surrogate \\u\(String(v, radix: 16, uppercase: true))", at: pos) }
                        pos += 12
                    } else {
                        pos += 6
                    }
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: pos)
                }
            }
        }

        /// Scans a number; `wide` when it is beyond what property lists hold (jq, jless and fx
        /// open such files, so they open here too, and keep their text).
        mutating func scanNumber() throws -> (SourceNode.Kind, wide: Bool) {
            let start = pos
            if b[pos] == UInt8(ascii: "-") { pos += 1 }
            guard pos < n, b[pos] &- 48 < 10 else { throw error("invalid number", at: start) }
            if b[pos] == UInt8(ascii: "0") {
                pos += 1
                if pos < n, b[pos] &- 48 < 10 { throw error("leading zeros are not allowed in JSON numbers", at: start) }
            } else {
                while pos < n, b[pos] &- 48 < 10 { pos += 1 }
            }
            var isReal = false
            var exponentDigits = 0
            if pos < n, b[pos] == UInt8(ascii: ".") {
                isReal = true
                pos += 1
                guard pos < n, b[pos] &- 48 < 10 else { throw error("digits expected after the decimal point", at: pos) }
                while pos < n, b[pos] &- 48 < 10 { pos += 1 }
            }
            if pos < n, b[pos] | 0x20 == UInt8(ascii: "e") {
                isReal = true
                pos += 1
                if pos < n, b[pos] == UInt8(ascii: "+") || b[pos] == UInt8(ascii: "-") { pos += 1 }
                guard pos < n, b[pos] &- 48 < 10 else { throw error("digits expected in the exponent", at: pos) }
                let exponentStart = pos
                while pos < n, b[pos] &- 48 < 10 { pos += 1 }
                exponentDigits = pos - exponentStart
            }
            if isReal {
                // Three exponent digits or more are the only way a short spelling can overflow
                // a Double.
                if pos - start > 24 || exponentDigits >= 3 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<pos]), as: UTF8.self)
                    guard let v = Double(text), v.isFinite else { return (.real, true) }
                }
                return (.real, false)
            }
            guard NumberSyntax.integer(b, start, pos) != nil else { return (.real, true) }
            return (.integer, false)
        }
    }
}
