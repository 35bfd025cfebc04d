import Foundation

/// Reads OpenStep ("ASCII", old-style) property lists into a `SourceTree`: Xcode's
/// `project.pbxproj`, `.strings` files, NeXT-era defaults.
///
/// `{ key = value; }` dictionaries, `( a, b )` arrays (a trailing comma allowed), quoted and
/// unquoted strings, `<0fbd 7e>` data, `//` and `/* */` comments between tokens; a file whose
/// top level is `key = value;` pairs without braces is a dictionary (`.strings`). OpenStep
/// has no numbers, booleans or dates: every scalar is a string or data. Unquoted strings use
/// CoreFoundation's character set (letters, digits, `_ $ / : . -`). Iterative, depth capped
/// at `PlistLimits.maxDepth`, like the other readers.
enum OpenStepParser {
    static func parse(_ bytes: [UInt8]) throws -> SourceTree {
        try SourceTree.parsed(bytes, as: .openStep, with: Parser.self)
    }

    /// CoreFoundation's unquoted string characters.
    @inline(__always) static func isUnquoted(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }

    /// One past the string token (quoted or not) that starts at `start`.
    static func stringEnd(at start: Int, in b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = start
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
            let quote = b[i]
            i += 1
            while i < b.count, b[i] != quote { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            return min(i + 1, b.count)
        }
        while i < b.count, isUnquoted(b[i]) { i += 1 }
        return i
    }

    /// Decodes the string token at `start`: escapes of quoted strings (`\n`, `\t`, `\U20AC`,
    /// octal `\101`), unquoted strings as they are.
    static func decodeString(at start: Int, escaped: Bool, in b: UnsafeBufferPointer<UInt8>) -> String {
        let end = stringEnd(at: start, in: b)
        guard b[start] == UInt8(ascii: "\"") || b[start] == UInt8(ascii: "'") else {
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        }
        let inner = (start + 1)..<max(start + 1, end - 1)
        guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: b[inner]), as: UTF8.self) }
        var out: [UInt8] = []
        var i = inner.lowerBound
        while i < inner.upperBound {
            let c = b[i]
            guard c == UInt8(ascii: "\\"), i + 1 < inner.upperBound else {
                out.append(c)
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            if let control = BackslashEscapes.control(e) {
                out.append(control)
                continue
            }
            switch e {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - 48)
                var digits = 1
                while digits < 3, i < inner.upperBound, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(b[i] - 48)
                    i += 1
                    digits += 1
                }
                BackslashEscapes.append(Unicode.Scalar(NextStepEncoding.scalar(for: UInt8(truncatingIfNeeded: value))) ?? "\u{FFFD}", to: &out)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, i < inner.upperBound, let h = JSONPlistParser.hexValue(b[i]) {
                    value = value << 4 | h
                    i += 1
                    digits += 1
                }
                // A surrogate pair may be spelled as two escapes.
                BackslashEscapes.append(BackslashEscapes.scalar(value, followedAt: &i, in: b, end: inner.upperBound), to: &out)
            default: out.append(e)  // \\ \" \' and any other character as itself
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of a `<hex data>` token at `start`.
    static func decodeData(at start: Int, in b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = start + 1
        var high: UInt32?
        while i < b.count, b[i] != UInt8(ascii: ">") {
            if let h = JSONPlistParser.hexValue(b[i]) {
                if let first = high {
                    out.append(UInt8(first << 4 | h))
                    high = nil
                } else {
                    high = h
                }
            }
            i += 1
        }
        return out
    }

    static func decodeScalar(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> PlistValue {
        switch node.kind {
        case .string: .string(decodeString(at: Int(node.start), escaped: node.flags & SourceNode.Flags.escaped != 0, in: b))
        case .data: .data(Data(decodeData(at: Int(node.start), in: b)))
        case .dictionary: .dictionary([:])
        case .array: .array([])
        default: .null  // OpenStep has no other values
        }
    }

    static func decodeKey(_ node: SourceNode, in b: UnsafeBufferPointer<UInt8>) -> String {
        decodeString(at: Int(node.keyStart), escaped: node.flags & SourceNode.Flags.keyEscaped != 0, in: b)
    }

    struct Parser: NodeParser {
        let b: UnsafeBufferPointer<UInt8>
        let n: Int
        var pos = 0
        var nodes: [SourceNode] = []
        var open = TextScan.OpenContainers()
        var pendingKey = SourceNode.noKey
        var pendingKeyFlags: UInt8 = 0

        init(buffer: UnsafeBufferPointer<UInt8>) {
            b = buffer
            n = buffer.count
            nodes.reserveCapacity(min(n / 12 + 16, MemoryBudget.maxNodes))
        }

        func error(_ message: String, at offset: Int) -> PlistError { .text(message, in: b, at: offset) }

        func describe(_ offset: Int) -> String { TextScan.describe(b, offset) }

        /// Skips whitespace and comments.
        mutating func skipSpace() throws {
            while pos < n {
                let c = b[pos]
                if isSpace(c) {
                    pos += 1
                } else if c == UInt8(ascii: "/"), try TextScan.skipComment(b, &pos) {
                    continue
                } else {
                    // (A lone `/` starts an unquoted string.)
                    return
                }
            }
        }

        mutating func run() throws {
            if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            try ValidatedParse.run(b, from: pos) { try parseDocument() }
        }

        /// The document from `pos`, after a byte-order mark.
        mutating func parseDocument() throws {
            try skipSpace()
            if try startsBracelessDictionary() {
                // `.strings`: `key = value;` pairs at the top level, no braces. The root spans
                // from its first key to its last `;` (empty in a file of comments only).
                try nodes.appendWithinBudget(SourceNode(kind: .dictionary, start: pos, end: pos, flags: SourceNode.Flags.braceless))
                open.open(0)
                guard pos < n else {
                    close()
                    return
                }
                try parseKey()
            }
            outer: while true {
                try skipSpace()
                guard pos < n else {
                    if let top = open.last {
                        throw error("unexpected end of input: \(nodes[top].kind == .array ? "array" : "dictionary") is not closed", at: Int(nodes[top].start))
                    }
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
                case UInt8(ascii: "{"), UInt8(ascii: "("):
                    guard open.depth < PlistLimits.maxDepth else { throw error("nesting deeper than \(PlistLimits.maxDepth) levels", at: pos) }
                    let isDictionary = c == UInt8(ascii: "{")
                    open.open(nodes.count)
                    try nodes.appendWithinBudget(SourceNode(kind: isDictionary ? .dictionary : .array, start: pos, keyStart: keyStart, flags: keyFlags))
                    pos += 1
                    try skipSpace()
                    if pos < n, b[pos] == (isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")) {
                        pos += 1
                        close()
                    } else {
                        if isDictionary { try parseKey() }
                        continue outer
                    }
                case UInt8(ascii: "<"):
                    pos += 1
                    var digits = 0
                    while pos < n, b[pos] != UInt8(ascii: ">") {
                        if JSONPlistParser.hexValue(b[pos]) != nil {
                            digits += 1
                        } else if !isSpace(b[pos]) {
                            throw error("\(describe(pos)) in data (hex digits and spaces expected)", at: pos)
                        }
                        pos += 1
                    }
                    guard pos < n else { throw error("unterminated data (< without >)", at: start) }
                    guard digits % 2 == 0 else { throw error("data with an odd number of hex digits", at: start) }
                    pos += 1
                    try nodes.appendWithinBudget(SourceNode(kind: .data, start: start, end: pos, keyStart: keyStart, flags: keyFlags))
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    let escaped = try scanQuoted()
                    try nodes.appendWithinBudget(SourceNode(kind: .string, start: start, end: pos, keyStart: keyStart, flags: keyFlags | (escaped ? SourceNode.Flags.escaped : 0)))
                default:
                    guard isUnquoted(c) else { throw error("expected a value, found \(describe(pos))", at: pos) }
                    while pos < n, isUnquoted(b[pos]) { pos += 1 }
                    try nodes.appendWithinBudget(SourceNode(kind: .string, start: start, end: pos, keyStart: keyStart, flags: keyFlags))
                }

                // After a complete value: the member's `;` or the item's `,`, and closings.
                while true {
                    guard let top = open.last else {
                        try skipSpace()
                        if pos < n { throw error("unexpected \(describe(pos)) after the property list", at: pos) }
                        return
                    }
                    try skipSpace()
                    if nodes[top].kind == .dictionary {
                        guard pos < n, b[pos] == UInt8(ascii: ";") else { throw error("expected ';' after the value, found \(describe(pos))", at: pos) }
                        pos += 1
                        let braceless = nodes[top].flags & SourceNode.Flags.braceless != 0
                        if braceless { nodes[top].end = UInt32(pos) }
                        try skipSpace()
                        if braceless, pos == n {
                            close(at: Int(nodes[top].end))
                            continue
                        }
                        if !braceless, pos < n, b[pos] == UInt8(ascii: "}") {
                            pos += 1
                            close()
                            continue
                        }
                        guard pos < n else { throw error("unexpected end of input: dictionary is not closed", at: Int(nodes[top].start)) }
                        try parseKey()
                        continue outer
                    }
                    guard pos < n else { throw error("unexpected end of input: array is not closed", at: Int(nodes[top].start)) }
                    if b[pos] == UInt8(ascii: ")") {
                        pos += 1
                        close()
                        continue
                    }
                    guard b[pos] == UInt8(ascii: ",") else { throw error("expected ',' or ')', found \(describe(pos))", at: pos) }
                    pos += 1
                    try skipSpace()
                    if pos < n, b[pos] == UInt8(ascii: ")") {
                        pos += 1
                        close()
                        continue
                    }
                    continue outer
                }
            }
        }

        /// Whether the top level is a key followed by `=`, or nothing but comments.
        mutating func startsBracelessDictionary() throws -> Bool {
            if pos == n { return true }
            let c = b[pos]
            guard c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || isUnquoted(c) else { return false }
            let saved = pos
            defer { pos = saved }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { _ = try scanQuoted() } else { pos = stringEnd(at: pos, in: b) }
            try skipSpace()
            return pos < n && b[pos] == UInt8(ascii: "=")
        }

        mutating func close(at end: Int? = nil) { open.close(in: &nodes, at: end ?? pos) }

        /// A key (quoted or not) and its `=`.
        mutating func parseKey() throws {
            guard pos < n else {
                throw error("unexpected end of input: dictionary is not closed", at: open.last.map { Int(nodes[$0].start) } ?? pos)
            }
            let start = pos
            let c = b[pos]
            var flags: UInt8 = 0
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                if try scanQuoted() { flags = SourceNode.Flags.keyEscaped }
            } else if isUnquoted(c) {
                while pos < n, isUnquoted(b[pos]) { pos += 1 }
            } else {
                throw error("expected a key, found \(describe(pos))", at: pos)
            }
            try skipSpace()
            guard pos < n, b[pos] == UInt8(ascii: "=") else { throw error("expected '=' after the key, found \(describe(pos))", at: pos) }
            pos += 1
            pendingKey = UInt32(start)
            pendingKeyFlags = flags
        }

        /// Validates the quoted string at `pos`; leaves `pos` after its closing quote.
        /// Returns whether it holds escapes.
        mutating func scanQuoted() throws -> Bool {
            let start = pos
            let quote = b[pos]
            pos += 1
            var escaped = false
            while pos < n, b[pos] != quote {
                if b[pos] == UInt8(ascii: "\\") {
                    escaped = true
                    guard pos + 1 < n else { break }
                    pos += 2
                } else {
                    pos += 1
                }
            }
            guard pos < n else { throw error("unterminated string", at: start) }
            pos += 1
            return escaped
        }
    }
}
