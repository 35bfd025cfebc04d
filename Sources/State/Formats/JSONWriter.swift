import Foundation

/// Writes values as JSON. What JSON cannot hold follows fixed rules: dates become ISO-8601
/// strings and data becomes base64 strings (each reported as a warning, since reading the file
/// back gives strings unless a schema says otherwise); UIDs, NaN and infinities are refused.
public enum JSONWriter {
    /// How the JSON is laid out.
    public struct Style: Sendable, Equatable {
        /// One level of indentation; nil writes everything on one line.
        public var indent: [UInt8]?
        /// The line break.
        public var newline: [UInt8]
        /// What goes between a key and its value (`": "`, `" : "`, `":"`).
        public var colon: [UInt8]
        /// What follows each comma when everything is on one line (`" "` for `[1, 2]`).
        public var afterComma: [UInt8]

        /// A style; the defaults are two spaces, `\n` and `": "`, as `JSONSerialization` writes.
        public init(indent: [UInt8]? = Array("  ".utf8), newline: [UInt8] = [0x0A], colon: [UInt8] = Array(": ".utf8), afterComma: [UInt8] = []) {
            self.indent = indent
            self.newline = newline
            self.colon = colon
            self.afterComma = afterComma
        }

        /// Two-space indentation, `": "` after keys.
        public static let pretty = Style()
        /// One line, no spaces.
        public static let compact = Style(indent: nil, colon: [UInt8(ascii: ":")])
    }

    /// A whole JSON document, ending with a newline when pretty-printed.
    public static func document(_ value: PlistValue, style: Style = .pretty, warnings: inout [PlistWarning]) throws -> [UInt8] {
        try document(style: style, warnings: &warnings) { writer, out in try writer.write(value, into: &out) }
    }

    /// A whole document whose root `writeRoot` writes (a value, or a span tree's root node).
    static func document(style: Style = .pretty, warnings: inout [PlistWarning], writeRoot: (inout Writer, inout OutputBuffer) throws -> Void) throws -> [UInt8] {
        var out = OutputBuffer()
        defer { out.deallocate() }
        try document(style: style, into: &out, warnings: &warnings, writeRoot: writeRoot)
        return out.bytes
    }

    /// A whole document written into `out` (which may hand it on as it fills).
    static func document(
        style: Style = .pretty, into out: inout OutputBuffer, warnings: inout [PlistWarning], writeRoot: (inout Writer, inout OutputBuffer) throws -> Void
    ) throws {
        var writer = Writer(style: style, line: style.newline)
        do {
            try writeRoot(&writer, &out)
        } catch let error as WriteError {
            throw error.plistError
        }
        writer.appendWarnings(to: &warnings)
        if style.indent != nil { out.append(style.newline) }
    }

    /// One value, starting at the current output position; later lines begin with `linePrefix`.
    public static func element(
        _ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout [UInt8], warnings: inout [PlistWarning]
    ) throws {
        var buffer = OutputBuffer()
        defer { buffer.deallocate() }
        try element(value, linePrefix: linePrefix, style: style, into: &buffer, warnings: &warnings)
        out.append(contentsOf: UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    static func element(
        _ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout OutputBuffer, warnings: inout [PlistWarning]
    ) throws {
        var writer = Writer(style: style, line: style.newline + linePrefix)
        do {
            try writer.write(value, into: &out)
        } catch let error as WriteError {
            throw error.plistError
        }
        writer.appendWarnings(to: &warnings)
    }

    /// `text` as a JSON string literal, escaped, appended to `out`.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var buffer = OutputBuffer()
        defer { buffer.deallocate() }
        appendQuoted(text, to: &buffer)
        out.append(contentsOf: UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    @inline(__always) static func appendQuoted(_ text: String, to out: inout OutputBuffer) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// Appends UTF-8 text as a JSON string (see `appendQuoted(_:to:)`).
    @inline(__always) static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        out.append(UInt8(ascii: "\""))
        // Most text needs no escapes: one check, one copy.
        if !ByteScan.containsControlQuoteOrBackslash(utf8) {
            out.append(utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        var runStart = 0
        for (i, c) in utf8.enumerated() where c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") {
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            switch c {
            case UInt8(ascii: "\""): out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            default:
                let hex: StaticString = "0123456789abcdef"
                out.append("\\u00")
                out.append(hex.utf8Start[Int(c >> 4)])
                out.append(hex.utf8Start[Int(c & 15)])
            }
            runStart = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        out.append(UInt8(ascii: "\""))
    }

    struct Writer {
        let style: Style
        /// The line end plus the current indentation: what starts every new line.
        var line: [UInt8]
        var dates = 0
        var datas = 0
        var firstDate: String?
        var firstData: String?
        /// Only tracked for warnings; rebuilt from the error path otherwise.
        var path: [PlistPath.Component] = []

        /// What was written as strings: dates and data, with where the first of each was.
        func appendWarnings(to warnings: inout [PlistWarning]) {
            if let path = firstDate {
                warnings.append(PlistWarning("\(dates) date\(dates == 1 ? "" : "s") written as ISO-8601 strings (first at \(path.isEmpty ? "(root)" : path))"))
            }
            if let path = firstData {
                warnings.append(PlistWarning("\(datas) data value\(datas == 1 ? "" : "s") written as base64 strings (first at \(path.isEmpty ? "(root)" : path))"))
            }
        }

        @inline(__always) func newline(_ out: inout OutputBuffer) {
            guard style.indent != nil else { return }
            out.append(line)
        }

        /// A container: its bracket, `items` one indent deeper, the closing bracket on a line
        /// of its own (an empty one as `[]` or `{}`).
        @inline(__always) mutating func container(
            array: Bool, empty: Bool, into out: inout OutputBuffer, _ items: (inout Self, inout OutputBuffer) throws -> Void
        ) rethrows {
            out.append(UInt8(ascii: array ? "[" : "{"))
            guard !empty else {
                out.append(UInt8(ascii: array ? "]" : "}"))
                return
            }
            if let indent = style.indent { line.append(contentsOf: indent) }
            try items(&self, &out)
            if let indent = style.indent { line.removeLast(indent.count) }
            newline(&out)
            out.append(UInt8(ascii: array ? "]" : "}"))
        }

        /// What goes before item `i` of a container: a comma after the first (and the space
        /// compact output puts after it), then the line break and indentation.
        @inline(__always) func startItem(_ i: Int, into out: inout OutputBuffer) {
            if i > 0 {
                out.append(UInt8(ascii: ","))
                if style.indent == nil, !style.afterComma.isEmpty { out.append(style.afterComma) }
            }
            newline(&out)
        }

        mutating func write(_ value: PlistValue, into out: inout OutputBuffer) throws {
            switch value {
            case .string(let s):
                appendQuoted(s, to: &out)
            case .integer(let i):
                out.appendInteger(i)
            case .real(let d):
                guard d.isFinite else { throw WriteError(message: "\(d) cannot be written to JSON") }
                TextOutput.appendReal(d, trimIntegral: false, to: &out)
            case .bool(let b):
                b ? out.append("true") : out.append("false")
            case .null:
                out.append("null")
            case .date(let date):
                if let error = PlistDate.unspellable(date) { throw error }
                dates += 1
                if firstDate == nil { firstDate = PlistPath(path).description }
                out.append(UInt8(ascii: "\""))
                PlistDate.append(date, fractional: true, to: &out)
                out.append(UInt8(ascii: "\""))
            case .data(let data):
                datas += 1
                if firstData == nil { firstData = PlistPath(path).description }
                out.append(UInt8(ascii: "\""))
                data.withUnsafeBytes { Base64.encode($0, into: &out) }
                out.append(UInt8(ascii: "\""))
            case .uid:
                throw WriteError(message: "a keyed-archive UID cannot be written to JSON")
            case .array(let items):
                try container(array: true, empty: items.isEmpty, into: &out) { writer, out in
                    for (i, item) in items.enumerated() {
                        writer.startItem(i, into: &out)
                        writer.path.append(.index(i))
                        try WriteError.within(.index(i)) { try writer.write(item, into: &out) }
                        writer.path.removeLast()
                    }
                }
            case .dictionary(let dict):
                try container(array: false, empty: dict.isEmpty, into: &out) { writer, out in
                    let keys = dict.keys
                    let values = dict.values
                    for i in 0..<keys.count {
                        let key = keys[i]
                        writer.startItem(i, into: &out)
                        JSONWriter.appendQuoted(key, to: &out)
                        out.append(writer.style.colon)
                        writer.path.append(.key(key))
                        try WriteError.within(.key(key)) { try writer.write(values[i], into: &out) }
                        writer.path.removeLast()
                    }
                }
            }
        }
    }
}
