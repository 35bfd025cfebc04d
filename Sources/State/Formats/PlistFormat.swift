/// The file formats State reads and writes.
public enum PlistFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// An XML property list (`<plist version="1.0">`).
    case xml
    /// A binary property list (`bplist00`).
    case binary
    /// JSON: the same values, dates as ISO 8601 strings and data as base64.
    case json
    /// JSON with `//` and `/* */` comments and trailing commas (VS Code's settings files):
    /// a JSON file that has them is this format. Written fresh, it is plain JSON.
    case jsonc
    /// OpenStep ("ASCII", old-style) property lists: `project.pbxproj`, `.strings` files.
    /// Strings, data, arrays and dictionaries only.
    case openStep = "openstep"

    public var description: String {
        switch self {
        case .xml: "XML property list"
        case .binary: "binary property list"
        case .json: "JSON"
        case .jsonc: "JSON with comments"
        case .openStep: "OpenStep property list"
        }
    }

    /// The formats any value can be written in (the model API's formats): JSONC writes what
    /// JSON does.
    public static let valueFormats: [PlistFormat] = [.xml, .binary, .json]

    /// JSON or JSONC: the formats with JSON's values (numbers as written, null).
    public var isJSON: Bool { self == .json || self == .jsonc }

    /// Detects the format from the first bytes of a file (never from its name). UTF-16 text is
    /// detected by what it says once decoded.
    public static func detect(_ bytes: some Collection<UInt8>) throws -> PlistFormat {
        var iterator = bytes.makeIterator()
        var prefix: [UInt8] = []
        while prefix.count < 8, let b = iterator.next() { prefix.append(b) }
        if prefix.starts(with: Array("bplist".utf8)) {
            guard prefix.count == 8, prefix[6] == UInt8(ascii: "0") else {
                throw PlistError("unsupported binary property list version (only bplist00 is read)", at: .byte(offset: 6))
            }
            return .binary
        }
        if prefix.starts(with: [0xFF, 0xFE, 0, 0]) || prefix.starts(with: [0, 0, 0xFE, 0xFF]) {
            let order = prefix[0] == 0 ? "big" : "little"
            throw PlistError("UTF-32 (\(order)-endian) text is not supported; convert the file to UTF-8", at: .byte(offset: 0))
        }
        if let utf16 = TextEncoding.utf16(of: prefix) {
            // The text inside decides, as for UTF-8 (a UTF-16 property list is XML, though
            // JSON may come so too).
            let start = try utf16.utf8(from: bytes.prefix(1 << 21), partial: true)
            guard !start.isEmpty else { throw PlistError("the file holds only a UTF-16 byte order mark", at: .byte(offset: 0)) }
            do {
                return try detect(start)
            } catch var error as PlistError {
                if case .byte(let offset) = error.location { error.location = .byte(offset: utf16.fileOffset(ofUTF8: offset, in: start)) }
                throw error
            }
        }
        return try detectText(Array(bytes.prefix(1 << 20)))
    }

    /// XML, JSON or OpenStep, from the first token after whitespace and comments — and, where
    /// JSON and OpenStep start alike (`{`, a quoted string, a word), from what follows it:
    /// `:` is JSON, `=` OpenStep. JSON with comments is told from plain JSON by its parser.
    private static func detectText(_ b: [UInt8]) throws -> PlistFormat {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var sawComment = false
        func skipTrivia(_ j: inout Int) throws {
            while j < b.count {
                switch b[j] {
                case 0x20, 0x09, 0x0A, 0x0D: j += 1
                case UInt8(ascii: "/") where j + 1 < b.count && b[j + 1] == UInt8(ascii: "/"):
                    sawComment = true
                    while j < b.count, b[j] != 0x0A, b[j] != 0x0D { j += 1 }
                case UInt8(ascii: "/") where j + 1 < b.count && b[j + 1] == UInt8(ascii: "*"):
                    sawComment = true
                    j += 2
                    while j + 1 < b.count, !(b[j] == UInt8(ascii: "*") && b[j + 1] == UInt8(ascii: "/")) { j += 1 }
                    j = min(j + 2, b.count)
                default: return
                }
            }
        }
        /// What follows the token at `j` (a quoted string or a word): `=` makes it OpenStep.
        func followedByEquals(_ j: Int) throws -> Bool {
            var k = j
            if b[k] == UInt8(ascii: "\"") {
                k += 1
                while k < b.count, b[k] != UInt8(ascii: "\"") { k += b[k] == UInt8(ascii: "\\") ? 2 : 1 }
                k += 1
            } else {
                while k < b.count, OpenStepParser.isUnquoted(b[k]) { k += 1 }
            }
            try skipTrivia(&k)
            return k < b.count && b[k] == UInt8(ascii: "=")
        }
        try skipTrivia(&i)
        guard i < b.count else {
            // Comments alone: an empty `.strings` file.
            if sawComment { return .openStep }
            throw PlistError(i == 0 ? "the file is empty" : "the file holds only whitespace", at: .byte(offset: i))
        }
        let c = b[i]
        switch c {
        case UInt8(ascii: "<"):
            // `<0fbd 7e>` is OpenStep data; `<?xml`, `<!DOCTYPE`, `<plist`, `<dict>` are XML.
            var j = i + 1
            while j < b.count, JSONPlistParser.hexValue(b[j]) != nil || [0x20, 0x09, 0x0A, 0x0D].contains(b[j]) { j += 1 }
            return j < b.count && b[j] == UInt8(ascii: ">") ? .openStep : .xml
        case UInt8(ascii: "("), UInt8(ascii: "'"):
            return .openStep
        case UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "{"):
            var j = i + 1
            try skipTrivia(&j)
            guard j < b.count else { return .json }
            if b[j] == UInt8(ascii: "\"") { return try followedByEquals(j) ? .openStep : .json }
            // `{ key = value; }`, unless the word is a (wrong) JSON key: `{2: 1}`.
            guard OpenStepParser.isUnquoted(b[j]) else { return .json }
            var k = j
            while k < b.count, OpenStepParser.isUnquoted(b[k]), b[k] != UInt8(ascii: ":") { k += 1 }
            try skipTrivia(&k)
            return k < b.count && b[k] == UInt8(ascii: ":") ? .json : .openStep
        case UInt8(ascii: "\""):
            return try followedByEquals(i) ? .openStep : .json
        case _ where OpenStepParser.isUnquoted(c):
            // A JSON number or literal, unless a word is a `.strings` key or an OpenStep string.
            if try followedByEquals(i) { return .openStep }
            var k = i
            while k < b.count, OpenStepParser.isUnquoted(b[k]) { k += 1 }
            let word = String(decoding: b[i..<k], as: UTF8.self)
            if ["true", "false", "null"].contains(word) || c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { return .json }
            // A bare word alone (`hello`, a cut-off `bplis`) is no file anyone meant as a
            // property list, though CoreFoundation would read it as a string.
            throw PlistError("not a property list or JSON file (a bare word; OpenStep strings at the top level are quoted)", at: .byte(offset: i))
        default:
            throw PlistError("not a property list or JSON file (unexpected byte 0x\(String(c, radix: 16)))", at: .byte(offset: i))
        }
    }
}
