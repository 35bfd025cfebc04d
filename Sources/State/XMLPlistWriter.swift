import Foundation

/// Writes values as XML property lists in the layout Apple's tools use (tab indentation,
/// `<dict/>` for empty containers), or in a given style when splicing into an existing file.
public enum XMLPlistWriter {
    public struct Style: Sendable, Equatable {
        /// One level of indentation.
        public var indent: [UInt8]
        /// The line end (`\n` or `\r\n`).
        public var newline: [UInt8]
        /// Write empty containers as `<dict/>` rather than `<dict></dict>`.
        public var selfClosingEmptyContainers: Bool

        public init(indent: [UInt8] = [0x09], newline: [UInt8] = [0x0A], selfClosingEmptyContainers: Bool = true) {
            self.indent = indent
            self.newline = newline
            self.selfClosingEmptyContainers = selfClosingEmptyContainers
        }

        public static let apple = Style()
    }

    public static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    /// A whole XML property list document.
    public static func document(_ value: PlistValue, style: Style = .apple) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: style.newline == [0x0A] ? header : Array(String(decoding: header, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        try element(value, linePrefix: [], style: style, into: &out)
        out.append(contentsOf: style.newline)
        out.append(contentsOf: Array("</plist>".utf8))
        out.append(contentsOf: style.newline)
        return out
    }

    /// One value's element(s), starting at the current output position. Lines after the first
    /// begin with `linePrefix` (the indentation of the line the element starts on).
    public static func element(_ value: PlistValue, linePrefix: [UInt8], style: Style, into out: inout [UInt8]) throws {
        do {
            var writer = Writer(style: style, prefix: linePrefix)
            try writer.write(value, into: &out)
        } catch let error as WriteError {
            throw error.plistError
        }
    }

    /// Escapes text for element content: `&`, `<`, `>`, and control characters as references.
    public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (i, c) in utf8.enumerated() {
                let replacement: StaticString?
                switch c {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"  // a raw CR would be read back as LF
                case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F: replacement = nil
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                if let replacement {
                    out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                } else {
                    out.append(contentsOf: Array("&#\(c);".utf8))
                }
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    private struct Writer {
        let style: Style
        var prefix: [UInt8]

        @inline(__always) func literal(_ s: StaticString, _ out: inout [UInt8]) {
            out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }

        @inline(__always) func newline(_ out: inout [UInt8]) {
            out.append(contentsOf: style.newline)
            out.append(contentsOf: prefix)
        }

        mutating func write(_ value: PlistValue, into out: inout [UInt8]) throws {
            switch value {
            case .string(let s):
                if s.isEmpty {
                    literal("<string></string>", &out)
                } else {
                    literal("<string>", &out)
                    appendEscaped(s, to: &out)
                    literal("</string>", &out)
                }
            case .integer(let i):
                literal("<integer>", &out)
                TextOutput.appendInteger(i, to: &out)
                literal("</integer>", &out)
            case .real(let d):
                literal("<real>", &out)
                if d.isNaN {
                    literal("nan", &out)
                } else if d.isInfinite {
                    d < 0 ? literal("-infinity", &out) : literal("+infinity", &out)
                } else {
                    out.append(contentsOf: TextOutput.realSpelling(d, trimIntegral: true).utf8)
                }
                literal("</real>", &out)
            case .bool(let b):
                b ? literal("<true/>", &out) : literal("<false/>", &out)
            case .date(let date):
                literal("<date>", &out)
                out.append(contentsOf: PlistDate.format(date, fractional: false).utf8)
                literal("</date>", &out)
            case .data(let data):
                literal("<data>", &out)
                newline(&out)
                if !data.isEmpty {
                    let level = prefix.count
                    let lineLength = max(16, (76 - 8 * level) / 4 * 4)
                    data.withUnsafeBytes { Base64.encode($0, into: &out, lineLength: lineLength, linePrefix: prefix) }
                    newline(&out)
                }
                literal("</data>", &out)
            case .uid(let uid):
                try write(.dictionary(["CF$UID": .integer(Int128(uid))]), into: &out)
            case .array(let items):
                if items.isEmpty {
                    style.selfClosingEmptyContainers ? literal("<array/>", &out) : literal("<array></array>", &out)
                    return
                }
                literal("<array>", &out)
                prefix.append(contentsOf: style.indent)
                for (i, item) in items.enumerated() {
                    newline(&out)
                    do { try write(item, into: &out) } catch var error as WriteError {
                        error.reversedPath.append(.index(i))
                        throw error
                    }
                }
                prefix.removeLast(style.indent.count)
                newline(&out)
                literal("</array>", &out)
            case .dictionary(let dict):
                if dict.isEmpty {
                    style.selfClosingEmptyContainers ? literal("<dict/>", &out) : literal("<dict></dict>", &out)
                    return
                }
                literal("<dict>", &out)
                prefix.append(contentsOf: style.indent)
                for (key, item) in dict {
                    newline(&out)
                    literal("<key>", &out)
                    appendEscaped(key, to: &out)
                    literal("</key>", &out)
                    newline(&out)
                    do { try write(item, into: &out) } catch var error as WriteError {
                        error.reversedPath.append(.key(key))
                        throw error
                    }
                }
                prefix.removeLast(style.indent.count)
                newline(&out)
                literal("</dict>", &out)
            case .null:
                throw WriteError(message: "null cannot be stored in a property list")
            }
        }
    }
}
