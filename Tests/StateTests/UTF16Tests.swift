import Foundation
import State
import StateTestSupport
import Testing

/// UTF-16 text files (XML property lists as CoreFoundation and plistlib read them; JSON too):
/// read by transcoding to UTF-8, written back in their own encoding byte for byte.
@Suite struct UTF16Tests {
    static let xml = UTF16Text.xmlPlist(
        """
        \t<key>CFBundleName</key>
        \t<string>Café 𝄞 日本 &amp; more</string>
        \t<!-- a comment -->
        \t<key>Größe</key>
        \t<integer>3</integer>
        """)

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        UTF16Text.bytes(text, bigEndian: bigEndian, byteOrderMark: byteOrderMark)
    }

    static let layouts: [(bigEndian: Bool, byteOrderMark: Bool)] = [(false, true), (true, true), (false, false), (true, false)]

    @Test(arguments: 0..<4) func readsEveryByteOrderAndKeepsTheBytes(layout: Int) throws {
        let (bigEndian, bom) = Self.layouts[layout]
        let bytes = Self.utf16(Self.xml, bigEndian: bigEndian, byteOrderMark: bom)
        #expect(try PlistFormat.detect(bytes) == .xml)
        let tree = try SourceTree(parsing: bytes)
        #expect(tree.encoding == .utf16(bigEndian: bigEndian, byteOrderMark: bom))
        #expect(tree.value() == (try SourceTree(parsing: Array(Self.xml.utf8)).value()))
        #expect(tree.value()["CFBundleName"] == "Café 𝄞 日本 & more")
        // Stored back exactly as read.
        #expect(tree.fileBytes == bytes)
        var warnings: [PlistWarning] = []
        #expect(try tree.serialized(as: .xml, warnings: &warnings) == bytes)
        if bom {
            // plistlib reads UTF-16 only with a byte order mark (as CoreFoundation does).
            let url = try Fixtures.temporaryFolder().appendingPathComponent("u16.plist")
            try Data(bytes).write(to: url)
            #expect(try PlistOracle.read(url) == PlistOracle.canonical(tree.value()))
        }
    }

    @Test func convertingChangesOnlyTheEncodingAndTheDeclaration() throws {
        let source = try SourceTree(parsing: Self.utf16(Self.xml, bigEndian: false, byteOrderMark: true))
        var warnings: [PlistWarning] = []
        let utf8 = try source.serialized(as: .xml, encoding: .utf8, warnings: &warnings)
        #expect(String(decoding: utf8, as: UTF8.self) == Self.xml.replacingOccurrences(of: "encoding=\"UTF-16\"", with: "encoding=\"UTF-8\""))
        // Back to UTF-16 big-endian: the text once more, with a byte order mark.
        let again = try SourceTree(parsing: utf8).serialized(as: .xml, encoding: .utf16(bigEndian: true, byteOrderMark: true), warnings: &warnings)
        #expect(again == Self.utf16(Self.xml, bigEndian: true, byteOrderMark: true))
        // A fresh XML file from JSON, in UTF-16: its declaration says so and plistlib reads it.
        let json = try SourceTree(parsing: Array(#"{"a": ["é", 2]}"#.utf8))
        let fresh = try json.serialized(as: .xml, encoding: .utf16(bigEndian: false, byteOrderMark: true), warnings: &warnings)
        let url = try Fixtures.temporaryFolder().appendingPathComponent("fresh.plist")
        try Data(fresh).write(to: url)
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(json.value()))
        #expect(try SourceTree(parsing: fresh).bytes.starts(with: Array(#"<?xml version="1.0" encoding="UTF-16"?>"#.utf8)))
        // A declaration without an encoding gets one; JSON and binary refuse UTF-16.
        let bare = TextEncoding.utf16(bigEndian: false, byteOrderMark: true).xmlBytes(fromUTF8: Array("<?xml version='1.0'?><plist><true/></plist>".utf8))
        #expect(try SourceTree(parsing: bare).bytes == Array("<?xml version='1.0' encoding=\"UTF-16\"?><plist><true/></plist>".utf8))
        #expect(throws: PlistError.self) { try json.serialized(as: .json, encoding: .utf16(bigEndian: false, byteOrderMark: true), warnings: &warnings) }
        #expect(throws: PlistError.self) { try json.serialized(as: .binary, encoding: .utf16(bigEndian: false, byteOrderMark: true), warnings: &warnings) }
    }

    @Test func jsonInUTF16IsReadToo() throws {
        let bytes = Self.utf16(#"{"name": "Zoë", "n": [1, 2.5]}"#, bigEndian: true, byteOrderMark: true)
        let tree = try SourceTree(parsing: bytes)
        #expect(tree.format == .json)
        #expect(tree.value()["name"] == "Zoë")
        #expect(tree.fileBytes == bytes)
    }

    /// Errors name the file's own bytes: UTF-16 offsets, and lines and columns as the text has them.
    @Test func errorsAreLocatedInTheFile() throws {
        let odd = Self.utf16("<plist><true/></plist>", bigEndian: false, byteOrderMark: true) + [0x0A]
        #expect(throws: PlistError("the file is UTF-16 but ends in half a character (an odd number of bytes)", at: .byte(offset: 46))) {
            try SourceTree(parsing: odd)
        }
        // A high surrogate followed by a letter, then a lone low surrogate.
        var lone = Self.utf16("<plist><string>", bigEndian: true, byteOrderMark: true)
        lone += [0xD8, 0x34, 0x00, 0x41]
        #expect(throws: PlistError("unpaired UTF-16 surrogate 0xD834", at: .byte(offset: 32))) { try SourceTree(parsing: lone) }
        let low = Self.utf16("<plist><string>", bigEndian: false, byteOrderMark: false) + [0x1E, 0xDD]
        #expect(throws: PlistError("unpaired UTF-16 surrogate 0xDD1E", at: .byte(offset: 30))) { try SourceTree(parsing: low) }
        // A syntax error after non-ASCII text: same line and column as in UTF-8, the offset in UTF-16.
        let text = "<plist>\n<dict><key>é𝄞</key><strin>x</string></dict></plist>"
        let utf8Error = #expect(throws: PlistError.self) { try SourceTree(parsing: Array(text.utf8)) }
        let utf16Error = #expect(throws: PlistError.self) { try SourceTree(parsing: Self.utf16(text, bigEndian: false, byteOrderMark: true)) }
        guard case .text(let line, let column, let offset8)? = utf8Error?.location, case .text(line, column, let offset16)? = utf16Error?.location else {
            Issue.record("not text locations: \(String(describing: utf8Error)) \(String(describing: utf16Error))")
            return
        }
        #expect(utf8Error?.message == utf16Error?.message)
        let prefix = String(decoding: Array(text.utf8)[..<offset8], as: UTF8.self)
        #expect(offset16 == 2 + 2 * prefix.utf16.count)
        #expect(line == 2)
        // UTF-32 is still named, not mistaken for UTF-16.
        #expect(throws: PlistError("UTF-32 (little-endian) text is not supported; convert the file to UTF-8", at: .byte(offset: 0))) {
            try SourceTree(parsing: [0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0])
        }
        #expect(throws: PlistError("the file holds only a UTF-16 byte order mark", at: .byte(offset: 0))) { try SourceTree(parsing: [0xFE, 0xFF]) }
    }

    /// Transcoding both ways agrees with Swift's own UTF-16 and UTF-8 views on random text —
    /// ASCII runs (the four-units-at-a-time path) broken anywhere by two- and three-byte
    /// characters and pairs, in either byte order, with and without a mark, of any length —
    /// and errors are where the unit-by-unit reading found them.
    @Test func transcodingAgreesWithSwiftsOwnViews() throws {
        var rng = SeededGenerator.fromEnvironment()
        let pieces = ["a", "plist ", "<key>", "\t", "é", "ß", "日本", "𝄞", "🍎", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}"]
        for round in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<30, using: &rng)).map { _ in
                Int.random(in: 0..<3, using: &rng) == 0 ? pieces.randomElement(using: &rng)! : String(repeating: "x", count: Int.random(in: 0..<12, using: &rng))
            }.joined()
            let (bigEndian, mark) = Self.layouts[round % 4]
            let encoding = TextEncoding.utf16(bigEndian: bigEndian, byteOrderMark: mark)
            let stored = Self.utf16(text, bigEndian: bigEndian, byteOrderMark: mark)
            #expect(try encoding.utf8(from: stored) == Array(text.utf8), "round \(round) (seed \(rng.seed))")
            #expect(encoding.bytes(fromUTF8: Array(text.utf8)) == stored, "round \(round) (seed \(rng.seed))")
            // Cut anywhere: a whole prefix of units reads as its text; half a unit or a pair
            // is an error, or dropped when reading only a file's first bytes.
            let cut = Int.random(in: 0...stored.count, using: &rng)
            let prefix = Array(stored[..<cut])
            let start = mark ? 2 : 0
            var units: [UInt16] = []
            var i = start
            while i + 1 < cut {
                units.append(bigEndian ? UInt16(prefix[i]) << 8 | UInt16(prefix[i + 1]) : UInt16(prefix[i + 1]) << 8 | UInt16(prefix[i]))
                i += 2
            }
            let endsInAHalf = cut > start && (cut - start) % 2 == 1
            let endsInAHighSurrogate = units.last.map { $0 >= 0xD800 && $0 < 0xDC00 } ?? false
            if endsInAHighSurrogate { units.removeLast() }
            let whole = Array(String(decoding: units, as: UTF16.self).utf8)
            #expect(try encoding.utf8(from: prefix, partial: true) == whole, "round \(round), cut \(cut) (seed \(rng.seed))")
            if endsInAHalf || endsInAHighSurrogate {
                #expect(throws: PlistError.self) { try encoding.utf8(from: prefix) }
            } else {
                #expect(try encoding.utf8(from: prefix) == whole)
            }
        }
    }
}
