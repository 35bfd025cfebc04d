import Foundation
import OrderedCollections
import State
import Testing

/// Scalars read from a file's nodes take a short way for the common spellings (a plain
/// string's bytes, a JSON string holding a date or padded base64, a number node) and the value
/// tree's way for everything else. Every spelling must read as it reads from the value tree:
/// the same value, or the same error at the same path.
@Suite struct ScalarNodeReadingTests {
    /// JSON spellings of one value: strings plain and escaped, dates, base64 of every shape,
    /// URLs, numbers at the edges of the integer types, and the other kinds.
    static let jsonSpellings = [
        #""plain""#, #""esc\"aped\n""#, #""\u00e9t\u00e9""#, #""""#, #""caf\u00e9 ☕️""#,
        #""2015-04-11T23:26:11Z""#, #""2015-04-11T23:26:11.25Z""#, #""2015-04-11""#, #""not a date""#,
        #""QUJD""#, #""QUI=""#, #""QQ==""#, #""QR==""#, #""QUN=""#, #""QUJ""#, #""QU JD""#, #""Q\u0055JD""#, #""QU=D""#, #""====""#,
        #""http://example.com/a b""#, #""file:///Library/x.caf""#, #""https://example.com/?q=1#top""#,
        "0", "-1", "127", "128", "255", "256", "-129", "1e3", "2.5", "1.0", "-0.0", "9223372036854775807", "9223372036854775808",
        "18446744073709551616", "3.5e39", "1e400",
        "true", "false", "null", "[]", "{}",
    ]

    /// XML spellings: entities, CDATA, whitespace around numbers, data wrapped over lines.
    static let xmlSpellings = [
        "<string>plain</string>", "<string>a &amp; b &lt;c&gt;</string>", "<string><![CDATA[x<y]]></string>", "<string/>",
        "<string>2015-04-11T23:26:11Z</string>", "<string>QUJD</string>", "<string>file:///x</string>",
        "<date>2015-04-11T23:26:11Z</date>", "<data>QUJD</data>", "<data>\n\tQUJD\n\tRUY=\n</data>", "<data></data>",
        "<integer>42</integer>", "<integer> -7 </integer>", "<integer>300</integer>", "<real>2.5</real>", "<real>3</real>",
        "<true/>", "<false/>", "<array/>", "<dict/>",
    ]

    func json(_ spelled: String) -> [UInt8] {
        Array(#"{"t": \#(spelled), "t_imp": \#(spelled), "t_arr": [\#(spelled), \#(spelled)], "t_arr_imp": [], "t_dic": {"a": \#(spelled)}, "t_dic_imp": {}}"#.utf8)
    }

    func xml(_ spelled: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>t</key>\(spelled)<key>t_imp</key>\(spelled)<key>t_arr</key><array>\(spelled)</array>\
            <key>t_arr_imp</key><array/><key>t_dic</key><dict><key>a</key>\(spelled)</dict><key>t_dic_imp</key><dict/></dict></plist>
            """.utf8)
    }

    /// Reading `bytes` as `BasicTypes<T>` both ways, as text: what was read, or the error.
    func outcomes<T: Storable>(_ type: T.Type, _ bytes: [UInt8]) -> (nodes: String, values: String) {
        func describe(_ read: () throws -> BasicTypes<T>) -> String {
            do { return "read \(try read().storedValue())" } catch { return "error \(error)" }
        }
        return (describe { try BasicTypes<T>(bytes: bytes) }, describe { try BasicTypes<T>(plistValue: try PlistValue(parsing: bytes)) })
    }

    func expectAgreement<T: Storable>(_ type: T.Type) -> (read: Int, refused: Int) {
        var read = 0
        var refused = 0
        for (spelled, bytes) in Self.jsonSpellings.map({ ($0, json($0)) }) + Self.xmlSpellings.map({ ($0, xml($0)) }) {
            let (nodes, values) = outcomes(type, bytes)
            #expect(nodes == values, "\(T.self) from \(spelled)")
            if nodes.hasPrefix("read ") { read += 1 } else { refused += 1 }
        }
        return (read, refused)
    }

    @Test func everyScalarTypeReadsEverySpellingAsTheValueTreeDoes() {
        // Each type reads some spellings and refuses others: both ways are exercised.
        for outcome in [
            expectAgreement(String.self), expectAgreement(Int.self), expectAgreement(Int8.self), expectAgreement(UInt8.self),
            expectAgreement(Int64.self), expectAgreement(UInt64.self), expectAgreement(Double.self), expectAgreement(Float.self),
            expectAgreement(Bool.self), expectAgreement(Date.self), expectAgreement(Data.self), expectAgreement(URL.self),
            expectAgreement(Decimal.self),
        ] {
            #expect(outcome.read > 0 && outcome.refused > 0)
        }
    }

    @Test func base64InJSONReadsAsFoundationReadsIt() throws {
        // The short way decodes only padded base64 without whitespace; what it reads must be
        // what `Data(base64Encoded:)` reads, and what it leaves goes the old way.
        for text in ["QUJD", "QUI=", "QQ==", "AAAA", "////", "+/+/", "QUJDRA==", "QUJDREU=", ""] {
            let data = try BasicTypes<Data>(bytes: json("\"\(text)\"")).t
            #expect(data == Data(base64Encoded: text), "\(text)")
        }
        #expect(try BasicTypes<Data>(bytes: json(#""QUJD""#)).t == Data("ABC".utf8))
    }

    @Test func aDateInAJSONStringReadsToTheSecondAndBelow() throws {
        let date = try BasicTypes<Date>(bytes: json(#""2015-04-11T23:26:11.25Z""#)).t
        #expect(date == Date(timeIntervalSince1970: 1_428_794_771.25))
        #expect(throws: ModelError.self) { try BasicTypes<Date>(bytes: json(#""2015-04-11""#)) }
    }
}

/// A model read from a file keeps no path of its own: its context names its dictionary in the
/// parsed file, and an error's path is worked out from the file when it is thrown.
@Suite struct FilePathTests {
    @Test(arguments: PlistFormat.valueFormats)
    func anErrorDeepInAFileNamesItsPathFromTheFile(format: PlistFormat) throws {
        let users: PlistValue = [
            "t_imp": ["id": 1, "name": "A"], "t_arr": [["id": 2, "name": "B"], ["id": 3, "name": "C"]], "t_arr_imp": [],
            "t_dic": ["x y": ["id": 4, "name": "D"], "z": ["id": "five", "name": "E"]],
        ]
        var warnings: [PlistWarning] = []
        let bytes = try users.serialized(as: format, warnings: &warnings)
        #expect(throws: ModelError.self) { try UserTypes(bytes: bytes) }
        do {
            _ = try UserTypes(bytes: bytes)
        } catch let error as ModelError {
            #expect(error.path == PlistPath([.key("t_dic"), .key("z"), .key("id")]))
        }
        // Inside an array, and below a dictionary too large to be scanned (decoded instead).
        var large = OrderedDictionary<String, PlistValue>()
        for i in 0..<100 { large["k\(i)"] = ["id": .integer(Int128(i)), "name": "n"] }
        large["k57"] = ["id": 57, "name": .bool(true)]
        let inArray: PlistValue = ["t_imp": ["id": 1, "name": "A"], "t_arr": [["id": 2, "name": "B"], ["name": "C"]], "t_arr_imp": [], "t_dic": [:]]
        let inLarge: PlistValue = ["t_imp": ["id": 1, "name": "A"], "t_arr": [], "t_arr_imp": [], "t_dic": .dictionary(large)]
        for (value, path) in [(inArray, PlistPath([.key("t_arr"), .index(1)])), (inLarge, PlistPath([.key("t_dic"), .key("k57"), .key("name")]))] {
            do {
                _ = try UserTypes(bytes: try value.serialized(as: format, warnings: &warnings))
                Issue.record("read \(path)")
            } catch let error as ModelError {
                #expect(error.path == path, "\(error)")
            }
        }
    }
}
