import Foundation
import State
import StateTestSupport
import Testing

/// Values written by our writers, read back by us and by Python; files written by Python, read
/// by us.
@Suite struct RoundTripTests {
    @Test(arguments: [PlistFormat.xml, .binary])
    func everythingRoundTripsThroughPlists(format: PlistFormat) throws {
        let value = SampleValues.everything()
        let bytes = try value.serialized(as: format)
        let back = try PlistValue(parsing: bytes)
        #expect(back == value)
    }

    @Test func everythingRoundTripsThroughJSON() throws {
        let value = SampleValues.jsonSafe()
        let bytes = try value.serialized(as: .json)
        #expect(try PlistValue(parsing: bytes) == value)
        let compact = try JSONWriter.document(value, style: .compact, warnings: &Self.ignored)
        #expect(try PlistValue(parsing: compact) == value)
        #expect(!compact.contains(0x0A))
    }

    nonisolated(unsafe) static var ignored: [PlistWarning] = []

    @Test(.slow, .tags(.python), arguments: [PlistFormat.xml, .binary, .json])
    func pythonReadsWhatWeWrite(format: PlistFormat) throws {
        let value = format == .json ? SampleValues.jsonSafe() : SampleValues.everything()
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("out")
        try Data(try value.serialized(as: format)).write(to: url)
        let difference = PlistOracle.difference(PlistOracle.canonical(value), try PlistOracle.read(url))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Python writes the files (its own layout and binary encoder); we read them.
    @Test(.slow, .tags(.python), arguments: ["FMT_XML", "FMT_BINARY"])
    func weReadWhatPythonWrites(format: String) throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("python.plist")
        let script = """
            import plistlib, sys, datetime
            value = {
              'name': 'Asset Library', 'unicode': 'ünïcødé 🍎 日本', 'escape': '<&>',
              'count': 3, 'neg': -5, 'big': 2**64 - 1, 'min': -2**63, 'pi': 3.25, 'flag': True, 'off': False,
              'when': datetime.datetime(2024, 2, 29, 12, 30, 45), 'blob': bytes(range(100)),
              'list': [1, 'two', [3.5, {}], []],
              'shared': ['same', 'same', 'same'],
            }
            value['aliased'] = [value['list'], value['list']]
            if plistlib.\(format) == plistlib.FMT_BINARY: value['uid'] = plistlib.UID(12)
            plistlib.dump(value, open(sys.argv[1], 'wb'), fmt=plistlib.\(format), sort_keys=False)
            """
        let result = try ProcessRunner.python(script, [url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try SourceTree(contentsOf: url)
        #expect(tree.format == (format == "FMT_XML" ? .xml : .binary))
        let difference = PlistOracle.difference(PlistOracle.canonical(tree.value()), try PlistOracle.read(url))
        #expect(difference == nil, "\(difference ?? "")")
        if tree.format == .binary { #expect(tree.value()["uid"] == .uid(12)) }
    }

    /// Hand-written XML with everything a person or an old tool might put there.
    @Test func readsTheUnusualCornersOfXML() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>\r
            <!-- a comment before the DOCTYPE -->\r
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\r
            <plist version="1.0">\r
              <dict>\r
                <key>hex</key> <integer>0x1F</integer>\r
                <key>plus</key><integer> +5 </integer>\r
                <key>exp</key><real>1E3</real>\r
                <key>half</key><real>.5</real>\r
                <key>nan</key><real>nan</real>\r
                <key>inf</key><real>-infinity</real>\r
                <key>entities</key><string>&lt;&amp;&gt;&quot;&apos;&#65;&#x1F34E;</string>\r
                <key>cdata</key><string><![CDATA[<not markup> & raw]]></string>\r
                <key>comment inside</key><string>a<!-- hidden -->b</string>\r
                <key>multi\r
            line</key><string>x\r
            y</string>\r
                <key>empty1</key><dict></dict>\r
                <key>empty2</key><array/>\r
                <key/><string/>\r
                <key>fraction</key><date>2001-01-01T00:00:00.5Z</date>\r
                <key>wrapped data</key><data>\r
                  AAEC\r
                  AwQ=\r
                </data>\r
                <!-- a comment between entries -->\r
              </dict>\r
            </plist>\r

            """
        let bytes = Array(xml.utf8)
        let tree = try SourceTree(parsing: bytes)
        let value = tree.value()
        #expect(value["hex"] == 31)
        #expect(value["plus"] == 5)
        #expect(value["exp"] == 1000.0)
        #expect(value["half"] == 0.5)
        if case .real(let d)? = value["nan"] { #expect(d.isNaN) } else { Issue.record("nan") }
        #expect(value["inf"] == .real(-.infinity))
        #expect(value["entities"] == "<&>\"'A🍎")
        #expect(value["cdata"] == "<not markup> & raw")
        #expect(value["comment inside"] == "ab")
        #expect(value["multi\nline"] == "x\ny")
        #expect(value["empty1"] == [:])
        #expect(value["empty2"] == [])
        #expect(value[.key("")] == "")
        #expect(value["fraction"] == .date(Date(timeIntervalSinceReferenceDate: 0.5)))
        #expect(value["wrapped data"] == .data(Data([0, 1, 2, 3, 4])))
        #expect(tree.bytes == bytes)
    }

    @Test func bareRootWithoutPlistElement() throws {
        #expect(try PlistValue(parsing: Array("<array><integer>1</integer></array>".utf8)) == [1])
        #expect(try PlistValue(parsing: Array("<string>solo</string>".utf8)) == "solo")
    }

    @Test func jsonScalarsAndEscapes() throws {
        let json = #"{"s": "a\"b\\c\/d\n\u00e9\ud83c\udf4e", "i": -9223372036854775808, "u": 18446744073709551615, "r": 1.5e-3, "z": -0.0, "t": true, "n": null}"#
        let value = try PlistValue(parsing: Array(json.utf8))
        #expect(value["s"] == "a\"b\\c/d\né🍎")
        #expect(value["i"] == .integer(Int128(Int64.min)))
        #expect(value["u"] == .integer(Int128(UInt64.max)))
        #expect(value["r"] == 0.0015)
        #expect(value["t"] == true)
        #expect(value["n"] == .null)
    }

    @Test func integerAndRealKindsSurviveJSON() throws {
        let value: PlistValue = ["int": 1, "real": 1.0]
        let back = try PlistValue(parsing: try value.serialized(as: .json))
        #expect(back["int"] == 1)
        #expect(back["real"] == 1.0)
    }

    @Test func duplicateKeysKeepTheLastValueAndAllBytes() throws {
        let xml = Array("<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>".utf8)
        let tree = try SourceTree(parsing: xml)
        #expect(tree[0].count == 2)
        #expect(tree.value() == ["a": 2])
    }
}
