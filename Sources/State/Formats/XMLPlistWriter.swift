import Foundation

/// Writes values as XML property lists in the layout Apple's tools use (tab indentation,
/// `<dict/>` for empty containers), or in a given style when splicing into an existing file.
public enum XMLPlistWriter {
    /// How the XML is laid out.
    public struct Style: Sendable, Equatable {
        /// One level of indentation.
        public var indent: [UInt8]
        /// The line end (`\n` or `\r\n`).
        public var newline: [UInt8]
        /// Write empty containers as `<dict/>` rather than `<dict></dict>`.
        public var selfClosingEmptyContainers: Bool

        /// A style; the defaults are Apple's.
        public init(indent: [UInt8] = [0x09], newline: [UInt8] = [0x0A], selfClosingEmptyContainers: Bool = true) {
            self.indent = indent
            self.newline = newline
            self.selfClosingEmptyContainers = selfClosingEmptyContainers
        }

        /// As Apple's tools write it: tabs, self-closing empty containers.
        public static let apple = Style()
    }

    /// The XML declaration, DOCTYPE and `<plist version="1.0">` line Apple's tools write.
    public static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    /// A whole XML property list document.
    public static func document(_ value: PlistValue, style: Style = .apple) throws -> [UInt8] {
        try document(style: style) { writer, out in try writer.write(value, into: &out) }
    }

    /// A whole document whose root `writeRoot` writes (a value, or a span tree's root node).
    static func document(style: Style = .apple, writeRoot: (inout Writer, inout OutputBuffer) throws -> Void) throws -> [UInt8] {
        var out = OutputBuffer()
        defer { out.deallocate() }
        try document(style: style, into: &out, writeRoot: writeRoot)
        return out.bytes
    }

    /// A whole document written into `out` (which may hand it on as it fills).
    static func document(style: Style = .apple, into out: inout OutputBuffer, writeRoot: (inout Writer, inout OutputBuffer) throws -> Void) throws {
        out.append(style.newline == [0x0A] ? header : Array(String(decoding: header, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        do {
            var writer = Writer(style: style, line: style.newline)
            try writeRoot(&writer, &out)
        } catch let error as WriteError {
            throw error.plistError
        }
        out.append(style.newline)
        out.append("</plist>")
        out.append(style.newline)
    }

    /// One value's element(s), starting at the current output position. Lines after the first
    /// begin with `linePrefix` (the indentation of the line the element starts on).
    public static func element(_ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout [UInt8]) throws {
        var buffer = OutputBuffer()
        defer { buffer.deallocate() }
        try element(value, linePrefix: linePrefix, style: style, into: &buffer)
        out.append(contentsOf: UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    static func element(_ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout OutputBuffer) throws {
        do {
            var writer = Writer(style: style, line: style.newline + linePrefix)
            try writer.write(value, into: &out)
        } catch let error as WriteError {
            throw error.plistError
        }
    }

    /// Escapes text for element content: `&`, `<`, `>`, and CR as `&#13;` (a raw one would
    /// read back as LF). Throws for the other control characters: XML 1.0 allows none of
    /// U+0000–U+001F but tab, LF and CR, raw or as references, so no XML reader (plistlib,
    /// libxml2, ours) takes them back — see DECISIONS.md.
    public static func appendEscaped(_ text: String, to out: inout [UInt8]) throws {
        var buffer = OutputBuffer()
        defer { buffer.deallocate() }
        do {
            try appendEscaped(text, to: &buffer)
        } catch let error as WriteError {
            throw error.plistError
        }
        out.append(contentsOf: UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    /// Why `text` cannot be written to XML: the first control character XML 1.0 forbids.
    static func unspellable(_ c: UInt8) -> WriteError {
        WriteError(
            message:
                "U+\(String(format: "%04X", c)) cannot be written to an XML property list: XML 1.0 has no spelling for it (not even &#\(c);); binary plists and JSON can hold it")
    }

    @inline(__always) static func appendEscaped(_ text: String, to out: inout OutputBuffer) throws {
        var text = text
        try text.withUTF8 { try appendEscaped(utf8: $0, to: &out) }
    }

    /// Appends UTF-8 text with `&`, `<`, `>` and CR escaped (see `appendEscaped(_:to:)`).
    @inline(__always) static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) throws {
        // Most text needs no escaping: one check (eight bytes a step), one copy.
        if !ByteScan.containsControlOrMarkup(utf8) {
            out.append(utf8)
            return
        }
        var runStart = 0
        for (i, c) in utf8.enumerated() {
            let replacement: StaticString
            switch c {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"  // a raw CR would be read back as LF
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F: throw unspellable(c)
            default: continue
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            out.append(replacement)
            runStart = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    struct Writer {
        let style: Style
        /// The line end plus the current indentation: what starts every new line.
        var line: [UInt8]

        @inline(__always) func newline(_ out: inout OutputBuffer) { out.append(line) }

        /// `<array>` or `<dict>`, `items` one indent deeper, the closing tag on a line of its
        /// own; an empty container in the style's empty form.
        @inline(__always) mutating func container(
            array: Bool, empty: Bool, into out: inout OutputBuffer, _ items: (inout Self, inout OutputBuffer) throws -> Void
        ) rethrows {
            guard !empty else {
                if style.selfClosingEmptyContainers { out.append(array ? "<array/>" : "<dict/>") } else { out.append(array ? "<array></array>" : "<dict></dict>") }
                return
            }
            out.append(array ? "<array>" : "<dict>")
            line.append(contentsOf: style.indent)
            try items(&self, &out)
            line.removeLast(style.indent.count)
            newline(&out)
            out.append(array ? "</array>" : "</dict>")
        }

        mutating func write(_ value: PlistValue, into out: inout OutputBuffer) throws {
            switch value {
            case .string(let s):
                if s.isEmpty {
                    out.append("<string></string>")
                } else {
                    out.append("<string>")
                    try appendEscaped(s, to: &out)
                    out.append("</string>")
                }
            case .integer(let i):
                out.append("<integer>")
                out.appendInteger(i)
                out.append("</integer>")
            case .real(let d):
                out.append("<real>")
                if d.isNaN {
                    out.append("nan")
                } else if d.isInfinite {
                    d < 0 ? out.append("-infinity") : out.append("+infinity")
                } else {
                    TextOutput.appendReal(d, trimIntegral: true, to: &out)
                }
                out.append("</real>")
            case .bool(let b):
                b ? out.append("<true/>") : out.append("<false/>")
            case .date(let date):
                if let error = PlistDate.unspellable(date) { throw error }
                out.append("<date>")
                PlistDate.append(date, fractional: false, to: &out)
                out.append("</date>")
            case .data(let data):
                out.append("<data>")
                newline(&out)
                if !data.isEmpty {
                    let newlineCount = style.newline.count
                    let lineLength = max(16, (76 - 8 * (line.count - newlineCount)) / 4 * 4)
                    line.withUnsafeBufferPointer { line in
                        let prefix = UnsafeBufferPointer(rebasing: line[newlineCount...])
                        data.withUnsafeBytes { Base64.encode($0, into: &out, lineLength: lineLength, linePrefix: prefix) }
                    }
                    newline(&out)
                }
                out.append("</data>")
            case .uid(let uid):
                try write(.dictionary(["CF$UID": .integer(Int128(uid))]), into: &out)
            case .array(let items):
                try container(array: true, empty: items.isEmpty, into: &out) { writer, out in
                    for (i, item) in items.enumerated() {
                        writer.newline(&out)
                        try WriteError.within(.index(i)) { try writer.write(item, into: &out) }
                    }
                }
            case .dictionary(let dict):
                try container(array: false, empty: dict.isEmpty, into: &out) { writer, out in
                    let keys = dict.keys
                    let values = dict.values
                    for i in 0..<keys.count {
                        writer.newline(&out)
                        out.append("<key>")
                        try WriteError.within(.key(keys[i])) {
                            try XMLPlistWriter.appendEscaped(keys[i], to: &out)
                            out.append("</key>")
                            writer.newline(&out)
                            try writer.write(values[i], into: &out)
                        }
                    }
                }
            case .null:
                throw WriteError(message: "null cannot be stored in a property list")
            }
        }
    }
}
