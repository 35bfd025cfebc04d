import Foundation
import OrderedCollections
import StateTestSupport
import Testing

@testable import State

/// A store over a file's dictionary finds a key by comparing the file's bytes where the key is
/// spelled plainly, and rejects most members by their first byte (in binary, by their length).
/// Whatever the spelling, it must find what the value tree holds: the last member whose key is
/// equal as a string.
@Suite struct MemberLookupTests {
    /// Keys that are prefixes of each other, share first bytes, differ only past ASCII, or are
    /// equal as strings with other bytes (the Kelvin sign is `K`; `e` with a combining accent
    /// is `é`), and keys a format escapes.
    static let keys = [
        "a", "ab", "abc", "b", "name", "names", "nam", "tint", "thumbnail", "t", "", "K", "\u{212A}", "Kx", "é", "e\u{301}", "e",
        "ée", "a\"b", "a\\b", "<k>", "a&b", "ключ", "日本", "x y",
    ]

    @Test(arguments: PlistFormat.valueFormats)
    func everyKeyIsFoundAsTheValueTreeFindsIt(format: PlistFormat) throws {
        var rng = SeededGenerator.fromEnvironment()
        for _ in 0..<200 {
            // A dictionary written from members in order, a key sometimes twice (the file keeps
            // both; the value tree the last value, where the key first stood).
            var members: [(String, PlistValue)] = []
            for i in 0..<Int.random(in: 0...12, using: &rng) { members.append((Self.keys.randomElement(using: &rng)!, .integer(Int128(i)))) }
            let bytes = try Self.file(members, format: format)
            let tree = try SourceTree(parsing: bytes)
            let file = ParsedFile(tree: tree)
            guard case .dictionary(let expected) = try PlistValue(parsing: bytes) else {
                Issue.record("not a dictionary")
                continue
            }
            for key in Self.keys {
                let found = file.member(of: SourceTree.root, key: key).map { tree.scalar(at: $0) }
                #expect(found == expected[key], "\(format) \(key.debugDescription) in \(members.map(\.0))")
            }
        }
    }

    /// The members as a file: written by hand, so that a key can appear twice.
    static func file(_ members: [(String, PlistValue)], format: PlistFormat) throws -> [UInt8] {
        switch format {
        case .json:
            let body = members.map { key, value in "\(Self.jsonString(key)): \(value.integerValue!)" }
            return Array("{\(body.joined(separator: ", "))}".utf8)
        case .xml:
            let body = members.map { key, value in "<key>\(Self.xmlText(key))</key><integer>\(value.integerValue!)</integer>" }
            return Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>\#(body.joined())</dict></plist>"#.utf8)
        default:
            // Binary keeps no repeated key (a dictionary of the last values); its spellings —
            // ASCII and UTF-16 string objects — are what it tests.
            var unique = OrderedDictionary<String, PlistValue>()
            for (key, value) in members { unique[key] = value }
            var warnings: [PlistWarning] = []
            return try PlistValue.dictionary(unique).serialized(as: format, warnings: &warnings)
        }
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "é": out += "\\u00e9"  // escaped here, plain in other keys: both spellings
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func xmlText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
