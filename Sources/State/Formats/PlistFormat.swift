/// The file formats State reads and writes.
public enum PlistFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case xml
    case binary
    case json
    /// JSON with `//` and `/* */` comments and trailing commas (VS Code's settings files):
    /// a JSON file that has them is this format. Written fresh, it is plain JSON.
    case jsonc

    public var description: String {
        switch self {
        case .xml: "XML property list"
        case .binary: "binary property list"
        case .json: "JSON"
        case .jsonc: "JSON with comments"
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
            let start = try utf16.utf8(from: bytes.prefix(256), partial: true)
            guard !start.isEmpty else { throw PlistError("the file holds only a UTF-16 byte order mark", at: .byte(offset: 0)) }
            do {
                return try detect(start)
            } catch var error as PlistError {
                if case .byte(let offset) = error.location { error.location = .byte(offset: utf16.fileOffset(ofUTF8: offset, in: start)) }
                throw error
            }
        }
        var offset = 0
        for b in bytes {
            switch b {
            case 0xEF where offset == 0, 0xBB where offset == 1, 0xBF where offset == 2:
                break  // UTF-8 byte order mark
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            case UInt8(ascii: "<"):
                return .xml
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "/"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return .json
            default:
                throw PlistError("not a property list or JSON file (unexpected byte 0x\(String(b, radix: 16)))", at: .byte(offset: offset))
            }
            offset += 1
        }
        throw PlistError(offset == 0 ? "the file is empty" : "the file holds only whitespace", at: .byte(offset: offset))
    }
}
