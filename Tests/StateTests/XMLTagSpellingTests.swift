import Foundation
import OrderedCollections
import State
import StateTestSupport
import Testing

/// A scalar's text is found from where its bare tags (`<string>`, `</string>`, `<key>`) put
/// it, and by scanning the tags when they are spelled otherwise: with spaces or line breaks
/// before `>`, empty, self-closing, or holding `</` as a reference or in CDATA. Every
/// spelling reads as plistlib reads it, into values and straight from the spans.
@Suite struct XMLTagSpellingTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>plain</key><string>a</string>
        \t<key >spaced</key ><string >b</string >
        \t<key
        >newline</key
        ><string
        >c</string
        >
        \t<key>empty</key><string></string>
        \t<key>selfClosing</key><string/>
        \t<key>int</key><integer >42</integer >
        \t<key>real</key><real>1.5</real  >
        \t<key>date</key><date >2020-01-02T03:04:05Z</date>
        \t<key>data</key><data\t>AAEC</data >
        \t<key>reference</key><string>x&lt;/string&gt;y</string>
        \t<key>lt</key><string>&lt;/</string>
        \t<key>cdata</key><string><![CDATA[</string>]]></string>
        \t<key>k</key><string>one letter key</string>
        \t<key/><string>empty key</string>
        </dict>
        </plist>
        """

    static let expected: PlistValue = .dictionary([
        "plain": "a", "spaced": "b", "newline": "c", "empty": "", "selfClosing": "", "int": 42, "real": 1.5,
        "date": .date(Date(timeIntervalSince1970: 1_577_934_245)), "data": .data(Data([0, 1, 2])), "reference": "x</string>y", "lt": "</",
        "cdata": "</string>", "k": "one letter key", "": "empty key",
    ])

    @Test func everySpellingReadsAsWritten() throws {
        let bytes = Array(Self.document.utf8)
        let tree = try SourceTree(parsing: bytes)
        #expect(tree.value() == Self.expected)
        // Straight from the spans (keys and strings by their plain ranges) as from the values.
        for format in [PlistFormat.json, .binary] {
            var spanWarnings: [PlistWarning] = []
            var valueWarnings: [PlistWarning] = []
            #expect(try tree.serialized(as: format, warnings: &spanWarnings) == (try Self.expected.serialized(as: format, warnings: &valueWarnings)), "\(format)")
        }
    }

    @Test func plistlibReadsTheSame() throws {
        // The document means what `expected` says (dates and data spelled as JSON would).
        let script = """
            import plistlib, sys, json, base64
            d = plistlib.loads(sys.stdin.buffer.read())
            out = {k: (v.isoformat() if hasattr(v, 'isoformat') else base64.b64encode(v).decode() if isinstance(v, bytes) else v) for k, v in d.items()}
            print(json.dumps(out, sort_keys=True))
            """
        let result = try ProcessRunner.python(script, [], stdin: Array(Self.document.utf8))
        let read = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        #expect(read?["spaced"] as? String == "b")
        #expect(read?["newline"] as? String == "c")
        #expect(read?["reference"] as? String == "x</string>y")
        #expect(read?["cdata"] as? String == "</string>")
        #expect(read?[""] as? String == "empty key")
        #expect(read?["int"] as? Int == 42)
        #expect(read?["data"] as? String == "AAEC")
        #expect(read?.count == 14)
    }
}
