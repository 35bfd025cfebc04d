/// Writes OpenStep property list text: values for edits of an OpenStep file (in its style),
/// and whole documents only for `.strings`-shaped data — a dictionary of strings, which is
/// what OpenStep holds without loss. Anything else has no OpenStep spelling worth writing
/// (numbers, booleans and dates would become strings), so a conversion to it is refused.
public enum OpenStepWriter {
    /// How the OpenStep text is laid out.
    public struct Style: Sendable, Equatable {
        /// One level of indentation; nil writes containers on one line.
        public var indent: [UInt8]?
        /// The line break.
        public var newline: [UInt8]
        /// Quote every string (`.strings` files), or only those that need it (Xcode's files).
        public var quotesAll: Bool

        /// A style; the defaults are Xcode's: tabs, `\n`, quotes only where needed.
        public init(indent: [UInt8]? = [0x09], newline: [UInt8] = [0x0A], quotesAll: Bool = false) {
            self.indent = indent
            self.newline = newline
            self.quotesAll = quotesAll
        }
    }

    /// A `.strings` file: `"key" = "value";` lines. Throws for anything but a dictionary of
    /// strings.
    public static func document(_ value: PlistValue) throws -> [UInt8] {
        guard case .dictionary(let dictionary) = value else {
            throw PlistError("OpenStep is written only for .strings-shaped data (a dictionary of strings); this is \(article(value.typeName))")
        }
        var out: [UInt8] = []
        for (key, item) in dictionary {
            guard case .string(let text) = item else {
                throw PlistError(
                    "OpenStep is written only for .strings-shaped data (a dictionary of strings); this is \(article(item.typeName))",
                    at: .keyPath(PlistPath([.key(key)]).description))
            }
            appendString(key, quoting: true, to: &out)
            out += Array(" = ".utf8)
            appendString(text, quoting: true, to: &out)
            out += Array(";\n".utf8)
        }
        return out
    }

    /// `value` as an element whose line starts with `linePrefix`. Numbers are written as
    /// their text (OpenStep reads them back as strings); booleans, dates, UIDs and null have
    /// no spelling and throw with the key path inside `value`.
    public static func element(_ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout [UInt8]) throws {
        try write(value, prefix: linePrefix, style: style, path: PlistPath(), into: &out)
    }

    private static func write(_ value: PlistValue, prefix: [UInt8], style: Style, path: PlistPath, into out: inout [UInt8]) throws {
        switch value {
        case .string(let text):
            appendString(text, quoting: style.quotesAll, to: &out)
        case .integer, .real:
            appendString(value.plainText, quoting: style.quotesAll, to: &out)
        case .data(let data):
            out.append(UInt8(ascii: "<"))
            for (i, byte) in data.enumerated() {
                if i > 0, i % 4 == 0 { out.append(0x20) }
                out += Array(String(byte, radix: 16).leftPadded(to: 2).utf8)
            }
            out.append(UInt8(ascii: ">"))
        case .array(let items):
            out.append(UInt8(ascii: "("))
            guard !items.isEmpty else {
                out.append(UInt8(ascii: ")"))
                return
            }
            let inner = prefix + (style.indent ?? [])
            for (i, item) in items.enumerated() {
                if let _ = style.indent { out += style.newline + inner } else if i > 0 { out.append(0x20) }
                try write(item, prefix: inner, style: style, path: path.appending(.index(i)), into: &out)
                if style.indent != nil || i < items.count - 1 { out.append(UInt8(ascii: ",")) }
            }
            if style.indent != nil { out += style.newline + prefix }
            out.append(UInt8(ascii: ")"))
        case .dictionary(let dictionary):
            out.append(UInt8(ascii: "{"))
            let inner = prefix + (style.indent ?? [])
            for (key, item) in dictionary {
                if style.indent != nil { out += style.newline + inner }
                appendString(key, quoting: style.quotesAll, to: &out)
                out += Array(" = ".utf8)
                try write(item, prefix: inner, style: style, path: path.appending(.key(key)), into: &out)
                out.append(UInt8(ascii: ";"))
                if style.indent == nil { out.append(0x20) }
            }
            if style.indent != nil, !dictionary.isEmpty { out += style.newline + prefix }
            out.append(UInt8(ascii: "}"))
        case .bool, .date, .uid, .null:
            throw PlistError(
                "OpenStep property lists hold only strings, data, arrays and dictionaries; \(article(value.typeName)) has no spelling (write it as a string)",
                at: .keyPath(path.description))
        }
    }

    static func article(_ noun: String) -> String { ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun }

    /// A string token: bare when it may be (and `quoting` is off), else quoted with escapes.
    static func appendString(_ text: String, quoting: Bool, to out: inout [UInt8]) {
        if !quoting, !text.isEmpty, text.utf8.allSatisfy(OpenStepParser.isUnquoted) {
            out += Array(text.utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\t": out += Array("\\t".utf8)
            case "\r": out += Array("\\r".utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += Array("\\U\(String(scalar.value, radix: 16).leftPadded(to: 4))".utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension OpenStepWriter {
    /// A string token as `element` writes it (for keys).
    public static func stringToken(_ text: String, quoting: Bool) -> [UInt8] {
        var out: [UInt8] = []
        appendString(text, quoting: quoting, to: &out)
        return out
    }

    /// One past the string token (quoted or not) at `start`.
    public static func stringTokenEnd(at start: Int, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { OpenStepParser.stringEnd(at: start, in: $0) }
    }

    /// Whether a file's strings are all quoted (as `.strings` files are): then new ones are too.
    public static func quotesAll(_ tree: SourceTree) -> Bool {
        tree.bytes.withUnsafeBufferPointer { b in
            for node in tree.nodes {
                if node.hasKey, OpenStepParser.isUnquoted(b[Int(node.keyStart)]) { return false }
                if node.kind == .string, OpenStepParser.isUnquoted(b[Int(node.start)]) { return false }
            }
            return true
        }
    }
}
