import Foundation
import StateTestSupport
import Testing

@testable import State

/// Every kind of broken input gives a `PlistError` with a message and the right location.
@Suite struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var location: PlistError.Location?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ message: String, line: Int, column: Int) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.message = message
            let offset = Self.offset(of: line, column, in: Array(text.utf8))
            self.location = .text(line: line, column: column, offset: offset)
        }

        init(_ name: String, bytes: [UInt8], _ message: String, byte: Int?) {
            self.name = name
            self.bytes = bytes
            self.message = message
            self.location = byte.map { .byte(offset: $0) }
        }

        /// The byte offset of a 1-based line and column (columns in scalars).
        static func offset(of line: Int, _ column: Int, in bytes: [UInt8]) -> Int {
            var l = 1, c = 1, i = 0
            while i < bytes.count, l < line || c < column {
                if bytes[i] == 0x0A { l += 1; c = 1 } else if bytes[i] & 0xC0 != 0x80 { c += 1 }
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
            return i
        }
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"

    static let xmlCases: [Case] = [
        Case("unclosed dict", header + "<dict>\n<key>a</key>\n<string>x</string>\n", "<dict> is not closed", line: 3, column: 1),
        Case("mismatched closing tag", header + "<dict>\n</array>\n</plist>", "</array> does not match <dict>", line: 4, column: 1),
        Case("unknown element", header + "<dict>\n  <key>a</key><strin>x</strin>\n</dict></plist>", "unknown element <strin>", line: 4, column: 15),
        Case("unknown entity", header + "<string>a &nbsp; b</string></plist>", "unknown entity &nbsp;", line: 3, column: 11),
        Case(
            "external entity is not loaded",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<plist><string>&xxe;</string></plist>",
            "unknown entity &xxe;", line: 3, column: 16),
        Case("bare ampersand", header + "<string>fish & chips</string></plist>", "a literal '&' must be written &amp;", line: 3, column: 14),
        Case("bad character reference", header + "<string>&#xD800;</string></plist>", "invalid character reference", line: 3, column: 9),
        Case("bad integer", header + "<integer>12a</integer></plist>", "invalid integer '12a'", line: 3, column: 10),
        Case("integer too large", header + "<integer>18446744073709551616</integer></plist>", "out of range", line: 3, column: 10),
        Case("integer too small", header + "<integer>-9223372036854775809</integer></plist>", "out of range", line: 3, column: 10),
        Case("bad real", header + "<real>1.2.3</real></plist>", "invalid real number '1.2.3'", line: 3, column: 7),
        Case("bad date", header + "<date>yesterday</date></plist>", "invalid date", line: 3, column: 7),
        Case("bad base64", header + "<data>AAA*</data></plist>", "invalid base64", line: 3, column: 10),
        Case("key without value", header + "<dict>\n<key>lonely</key>\n</dict></plist>", "<key> has no value", line: 4, column: 1),
        Case("value without key", header + "<dict>\n<string>x</string>\n</dict></plist>", "expected <key> in <dict>, found <string>", line: 4, column: 1),
        Case("key outside dict", header + "<array><key>k</key></array></plist>", "<key> outside a <dict>", line: 3, column: 8),
        Case("text between elements", header + "<array>stray<true/></array></plist>", "unexpected text between elements", line: 3, column: 8),
        Case("two root values", header + "<true/>\n<false/>\n</plist>", "<plist> must hold exactly one value", line: 4, column: 1),
        Case("trailing garbage", header + "<true/></plist>\ngarbage", "unexpected content after the property list", line: 4, column: 1),
        Case("unterminated string", header + "<string>never ends", "<string> is not closed", line: 3, column: 1),
        Case("unterminated comment", header + "<!-- forever", "unterminated comment", line: 3, column: 1),
        Case("non-empty true", header + "<true>yes</true></plist>", "<true> must be empty", line: 3, column: 7),
        Case("empty plist", header + "</plist>", "<plist> holds no value", line: 3, column: 1),
        Case("nested element in string", header + "<string>a<b>c</b></string></plist>", "unexpected element inside <string>", line: 3, column: 10),
    ]

    static let jsonCases: [Case] = [
        // A single trailing comma makes the file JSONC; two commas are still an error.
        Case("double comma", "{\n  \"a\": 1,,\n}", "expected a string key, found ','", line: 2, column: 10),
        Case("unterminated comment", "{\n  \"a\": 1 /* note\n}", "unterminated comment", line: 2, column: 10),
        Case("unterminated string", "{\"a\": \"open", "unterminated string", line: 1, column: 7),
        Case("unterminated object", "{\"a\": [1, 2]", "object is not closed", line: 1, column: 1),
        Case("bad escape", "[\"a\\qb\"]", "invalid escape '\\q'", line: 1, column: 4),
        Case("lone high surrogate", "[\"\\ud83c\"]", "unpaired high surrogate", line: 1, column: 3),
        Case("lone low surrogate", "[\"\\udf4e\"]", "unpaired low surrogate", line: 1, column: 3),
        Case("leading zero", "[01]", "leading zeros", line: 1, column: 2),
        Case("control character", "[\"tab\there\"]", "control character in string", line: 1, column: 6),
        Case("missing colon", "{\"a\" 1}", "expected ':'", line: 1, column: 6),
        Case("non-string key", "{1: 2}", "expected a string key", line: 1, column: 2),
        Case("bad literal", "[tru]", "invalid literal", line: 1, column: 2),
        Case("garbage after value", "{} {}", "after the JSON value", line: 1, column: 4),
        Case("missing comma", "[1 2]", "expected ',' or ']'", line: 1, column: 4),
        Case("unicode column", "{\"日本\": x}", "expected a value", line: 1, column: 8),
    ]

    @Test(arguments: xmlCases + jsonCases)
    func textErrorsHaveLineAndColumn(_ c: Case) {
        #expect {
            _ = try SourceTree(parsing: c.bytes)
        } throws: { error in
            guard let error = error as? PlistError else { return false }
            #expect(error.message.contains(c.message), "\(error)")
            #expect(error.location == c.location, "\(error)")
            return true
        }
    }

    @Test func invalidUTF8IsReportedWithItsOffset() {
        for (bytes, line, column) in [
            (Array("<plist><string>ab".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8), 1, 18),
            (Array("[\"ok\",\n\"".utf8) + [0xFF] + Array("\"]".utf8), 2, 2),
            (Array("<string>".utf8) + [0xED, 0xA0, 0x80] + Array("</string>".utf8), 1, 9),  // encoded surrogate
            (Array("<string>".utf8) + [0xC0, 0xAF] + Array("</string>".utf8), 1, 9),  // overlong
        ] {
            #expect {
                _ = try SourceTree(parsing: bytes)
            } throws: { error in
                guard let error = error as? PlistError, case .text(let l, let c, _) = error.location else { return false }
                #expect(error.message.contains("invalid UTF-8"), "\(error)")
                #expect((l, c) == (line, column), "\(error)")
                return true
            }
        }
    }

    /// A large file's UTF-8 is checked beside the parse, on another core: the outcome is the
    /// one of checking first — the invalid byte is the error even where a syntax error comes
    /// before it, and a file with bad syntax alone reports that.
    @Test(arguments: ["json", "xml", "openstep"])
    func aLargeFilesUTF8IsCheckedAsASmallOnesIs(format: String) throws {
        // Some 1.4 MB of valid elements, on lines of their own.
        let count = 80_000
        let (open, element, close): (String, String, String)
        switch format {
        case "json": (open, element, close) = ("[\n", "\"an element é\",\n", "\"last\"]\n")
        case "xml": (open, element, close) = ("<plist><array>\n", "<string>an element é</string>\n", "<string>last</string></array></plist>\n")
        default: (open, element, close) = ("(\n", "\"an element é\",\n", "last)\n")
        }
        let body = Array((open + String(repeating: element, count: count)).utf8)
        let good = body + Array(close.utf8)
        #expect(good.count > ValidatedParse.backgroundSize)
        #expect(try SourceTree(parsing: good).nodes.count == count + 2)

        // An invalid byte in the last element: line count + 2.
        let invalid = body + [0xFF] + Array(close.utf8)
        // The same, with a syntax error on line 2 before it (an unclosed element).
        var both = invalid
        let secondLine = both.firstIndex(of: UInt8(ascii: "\n"))! + 1
        both.insert(contentsOf: Array((format == "xml" ? "<bogus>" : "}").utf8), at: secondLine)
        for (bytes, line) in [(invalid, count + 2), (both, count + 2)] {
            #expect {
                _ = try SourceTree(parsing: bytes)
            } throws: { error in
                guard let error = error as? PlistError, case .text(let l, _, _) = error.location else { return false }
                #expect(error.message.contains("invalid UTF-8 byte 0xFF"), "\(format): \(error)")
                #expect(l == line, "\(format): \(error)")
                return true
            }
        }
        // The syntax error alone is reported as the parse met it.
        var syntax = good
        syntax.insert(contentsOf: Array((format == "xml" ? "<bogus>" : "}").utf8), at: secondLine)
        #expect {
            _ = try SourceTree(parsing: syntax)
        } throws: { error in
            guard let error = error as? PlistError, case .text(let l, _, _) = error.location else { return false }
            #expect(!error.message.contains("UTF-8") && l == 2, "\(format): \(error)")
            return true
        }
    }

    @Test(arguments: [100_000, 513])
    func deepNestingIsAnErrorNotACrash(depth: Int) {
        let xml = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        for text in [xml, json] {
            #expect {
                _ = try SourceTree(parsing: Array(text.utf8))
            } throws: { error in
                (error as? PlistError)?.message.contains("nesting deeper than 512 levels") == true
            }
        }
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let depth = PlistLimits.maxDepth
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let tree = try SourceTree(parsing: Array(json.utf8))
        #expect(tree.nodes.count == depth)
        #expect(try tree.value().serialized(as: .xml).count > depth)
    }

    @Test func emptyAndUnknownFiles() {
        for (bytes, message) in [
            ([UInt8](), "empty"), (Array("  \n".utf8), "only whitespace"), (Array("hello".utf8), "not a property list"), (Array("#hello".utf8), "not a property list"),
            ([0, 0, 0xFE, 0xFF, 0, 0, 0, 60], "UTF-32 (big-endian)"),
        ] {
            #expect {
                _ = try SourceTree(parsing: bytes)
            } throws: { error in
                (error as? PlistError)?.message.contains(message) == true
            }
        }
    }
}
