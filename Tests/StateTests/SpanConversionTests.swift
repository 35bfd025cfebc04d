import Foundation
import OrderedCollections
import State
import StateTestSupport
import Testing

/// Conversions are written straight from the span tree (no value tree); what they write must
/// be exactly what writing the value tree gives — bytes, warnings and errors alike.
@Suite struct SpanConversionTests {
    /// The conversion of `bytes` to `format` both ways: from the spans, and through the value tree.
    func expectSameConversion(_ bytes: [UInt8], to format: PlistFormat, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tree = try SourceTree(parsing: bytes)
        var spanWarnings: [PlistWarning] = []
        var valueWarnings: [PlistWarning] = []
        let span = Result { try tree.serialized(as: format, warnings: &spanWarnings) }
        let value = Result { try tree.value().serialized(as: format, warnings: &valueWarnings) }
        switch (span, value) {
        case (.success(let a), .success(let b)):
            #expect(
                a == b, "\(name) → \(format): \(String(decoding: a.prefix(400), as: UTF8.self)) ≠ \(String(decoding: b.prefix(400), as: UTF8.self))", sourceLocation: sourceLocation
            )
            if tree.format != .jsonc { #expect(spanWarnings == valueWarnings, "\(name) → \(format)", sourceLocation: sourceLocation) }
        case (.failure(let a), .failure(let b)):
            #expect("\(a)" == "\(b)", "\(name) → \(format)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(name) → \(format): \(span) vs \(value)", sourceLocation: sourceLocation)
        }
    }

    @Test func fixturesInEveryDirection() throws {
        var count = 0
        for folder in [Fixtures.realShaped(""), Fixtures.state("")] {
            for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                guard let bytes = try? FileBytes.read(url), let tree = try? SourceTree(parsing: bytes) else { continue }
                count += 1
                for format in PlistFormat.valueFormats where format != tree.format {
                    try expectSameConversion(bytes, to: format, url.lastPathComponent)
                }
            }
        }
        #expect(count > 10)
    }

    @Test func randomValuesFromEveryFormat() throws {
        var rng = SeededGenerator.fromEnvironment()
        var converted = 0
        for (round, source, bytes) in Self.randomFiles(300, using: &rng) {
            for target in PlistFormat.valueFormats where target != source {
                try expectSameConversion(bytes, to: target, "round \(round) from \(source) (seed \(rng.seed))")
                converted += 1
            }
        }
        // Values a format cannot hold are skipped as sources; most are not.
        #expect(converted > 300)
    }

    /// The value writer sizes every object before writing it (into a file of its exact size):
    /// long strings, ASCII and not (UTF-16, with pairs past the BMP), containers past 14 entries
    /// (a count object of its own), more than 255 and 65 535 objects (wider references), and
    /// every integer width — written the same as from the spans, and read back by plistlib.
    @Test(.slow, .tags(.python)) func sizesOfEveryObjectKind() throws {
        var items: [PlistValue] = []
        for i in 0..<70_000 {
            switch i % 7 {
            case 0: items.append(.string(String(repeating: "é🍎x", count: i % 40)))
            case 1: items.append(.string(String(repeating: "ascii", count: i % 50)))
            case 2: items.append(.integer([0, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, -1, Int128(Int64.max), Int128(UInt64.max)][i % 10]))
            case 3: items.append(.data(Data(repeating: UInt8(i % 256), count: i % 300)))
            case 4: items.append(.array((0..<(i % 20)).map { .integer(Int128($0)) }))
            case 5: items.append(.dictionary(OrderedDictionary(uniqueKeysWithValues: (0..<(i % 18)).map { ("k\($0)", PlistValue.real(Double($0) / 3)) })))
            default: items.append(.date(Date(timeIntervalSinceReferenceDate: Double(i))))
            }
        }
        let value = PlistValue.dictionary(["items": .array(items), "uid": .uid(70_000), "flag": true])
        let binary = try value.serialized(as: .binary)
        #expect(try PlistValue(parsing: binary) == value)
        try expectSameConversion(try value.serialized(as: .xml), to: .binary, "big XML")
        let noUID = PlistValue.dictionary(["items": .array(items), "flag": true])
        try expectSameConversion(try noUID.serialized(as: .json), to: .binary, "big JSON")
        let url = try Fixtures.temporaryFolder().appendingPathComponent("sizes.plist")
        try Data(binary).write(to: url)
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(value))
    }

    /// `state get` of a subtree: every node written from the spans as its value would be.
    @Test func subtreesAsTheirValues() throws {
        var rng = SeededGenerator.fromEnvironment()
        var checked = 0
        for (_, source, bytes) in Self.randomFiles(40, using: &rng) {
            let tree = try SourceTree(parsing: bytes)
            for node in 0..<tree.nodes.count {
                for target in [PlistFormat.json, .xml] {
                    var spanWarnings: [PlistWarning] = []
                    var valueWarnings: [PlistWarning] = []
                    let span = Result { try tree.serialized(at: node, as: target, warnings: &spanWarnings) }
                    let whole = Result { try tree.value(at: node).serialized(as: target, warnings: &valueWarnings) }
                    switch (span, whole) {
                    case (.success(let a), .success(let b)):
                        #expect(a == b && spanWarnings == valueWarnings, "node \(node) of \(source) → \(target) (seed \(rng.seed))")
                    case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "node \(node) (seed \(rng.seed))")
                    default: Issue.record("node \(node) of \(source) → \(target): \(span) vs \(whole) (seed \(rng.seed))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    /// What only the file's text can hold: keys twice, escaped and canonically equal keys,
    /// keyed-archive UIDs, entities, CDATA, controls that XML cannot spell.
    @Test func keysTwiceUIDsAndEscapes() throws {
        let sources = [
            #"{"a": 1, "b": 2, "a": 3}"#,
            #"{"\u0061": 1, "a": [true, null]}"#,
            "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}",
            #"{"tab\there": "quote \" backslash \\ slash \/ \u00e9 \ud83c\udf4e", "x": 1e300}"#,
            #"{"ctl": "bell \u0007", "n": [1.5, -0, 12345678901234567890]}"#,
            #"{"dup": {"k": 1, "k": 2, "z": 3}, "deep": [{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10, "k": 11, "l": 12, "m": 13, "a": 14}]}"#,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$objects</key><array><dict><key>CF$UID</key><integer>3</integer></dict>\
            <dict><key>CF$UID</key><integer>-1</integer></dict><dict><key>CF$UID</key><string>3</string></dict></array>\
            <key>a&amp;b</key><string><![CDATA[<raw> & ]]>text&#13;&#x1F34E;</string><key>a&amp;b</key><string>again</string>\
            <key>when</key><date>2024-02-29T12:00:00Z</date><key>blob</key><data>AAEC</data></dict></plist>
            """,
        ]
        for (i, text) in sources.enumerated() {
            let source = try SourceTree(parsing: Array(text.utf8)).format
            for format in [PlistFormat.xml, .json, .binary] where format != source {
                try expectSameConversion(Array(text.utf8), to: format, "source \(i)")
            }
        }
    }

    /// A dictionary with a key twice (a hand-merged file) is written from the spans as the
    /// value tree holds it — the key in its first place, with its last value — from JSON, XML
    /// and OpenStep text, streamed or whole; canonically equal keys (`é` and `e` + combining
    /// accent) are one key, as they are in the value tree; small and large dictionaries (the
    /// byte comparison and the hashed one).
    @Test func repeatedKeysAreWrittenAsTheValueTreeHoldsThem() throws {
        var rng = SeededGenerator.fromEnvironment()
        var repeated = 0
        for round in 0..<150 {
            let shape = RepeatedKeyShape.random(&rng, depth: 0)
            repeated += shape.dictionariesWithAKeyTwice
            let texts: [(PlistFormat, String)] = [
                (.json, shape.json),
                (.xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(shape.xml)</plist>\n"),
                (.openStep, shape.openStep),
            ]
            for (format, text) in texts {
                let bytes = Array(text.utf8)
                let tree = try SourceTree(parsing: bytes)
                #expect(tree.format == format)
                for target in [PlistFormat.xml, .json, .binary] where target != format {
                    try expectSameConversion(bytes, to: target, "round \(round) from \(format) (seed \(rng.seed))")
                    // Streamed (`state convert`): the same bytes, nothing left for the value tree.
                    var warnings: [PlistWarning] = []
                    var streamed: [UInt8] = []
                    try tree.stream(as: target, warnings: &warnings) { streamed.append(contentsOf: $0) }
                    #expect(streamed == (try tree.value().serialized(as: target, warnings: &warnings)), "round \(round) streamed from \(format) to \(target)")
                }
            }
        }
        #expect(repeated > 100)
    }

    /// A binary plist whose dictionary names one key object twice (no writer makes one; a
    /// reference patched here): the date the second `a` replaces is not written, and the
    /// precision warning counts only the date that is.
    @Test func aDateAKeyTwiceDropsIsNotCounted() throws {
        let value: PlistValue = [
            "a": .date(Date(timeIntervalSinceReferenceDate: 0.5)), "b": .date(Date(timeIntervalSinceReferenceDate: 0.25)), "c": "x",
        ]
        var bytes = try value.serialized(as: .binary)
        let dictionary = Int(try SourceTree(parsing: bytes).nodes[SourceTree.root].start)
        // The trailer's eighth byte is the reference size; the dictionary's key references
        // follow its marker (three entries: 0xD3).
        let refSize = Int(bytes[bytes.count - 32 + 7])
        #expect(bytes[dictionary] == 0xD3)
        for i in 0..<refSize { bytes[dictionary + 1 + refSize + i] = bytes[dictionary + 1 + i] }
        let twice = try SourceTree(parsing: bytes)
        #expect(twice.children(of: SourceTree.root).map { twice.key(of: $0) } == ["a", "a", "c"])
        var warnings: [PlistWarning] = []
        #expect(try twice.value().serialized(as: .xml, warnings: &warnings).count > 0)
        #expect(warnings.map(\.description) == ["1 date lose fractions of a second (XML dates hold whole seconds); first at a"])
        for format in [PlistFormat.xml, .json] { try expectSameConversion(bytes, to: format, "a date under a key twice") }
    }

    /// Random values written in each format that can hold them, round by round.
    static func randomFiles(_ rounds: Int, using rng: inout SeededGenerator) -> [(round: Int, format: PlistFormat, bytes: [UInt8])] {
        var files: [(round: Int, format: PlistFormat, bytes: [UInt8])] = []
        for round in 0..<rounds {
            let value = randomValue(&rng, depth: 0)
            for format in PlistFormat.valueFormats {
                var warnings: [PlistWarning] = []
                if let bytes = try? value.serialized(as: format, warnings: &warnings) { files.append((round, format, bytes)) }
            }
        }
        return files
    }

    static func randomValue(_ rng: inout SeededGenerator, depth: Int) -> PlistValue {
        let strings = ["", "plain", "a < b & c > d", "line\nbreak\ttab\rcr", "quote \" and \\", "日本語 🍎 e\u{301}", "#FF8000", "bell\u{7}", String(repeating: "long ", count: 20)]
        switch Int.random(in: 0..<(depth >= 4 ? 8 : 11), using: &rng) {
        case 0: return .string(strings.randomElement(using: &rng)!)
        case 1: return .integer([0, 1, -1, 255, 65_536, Int128(Int64.min), Int128(UInt64.max)].randomElement(using: &rng)!)
        case 2: return .real([0, -0.0, 0.1, 1e300, -2.5, 3, .infinity].randomElement(using: &rng)!)
        case 3: return .bool(Bool.random(using: &rng))
        case 4: return .date(Date(timeIntervalSinceReferenceDate: [0, 784_111_777, 784_111_777.25, -3_187_296_000].randomElement(using: &rng)!))
        case 5: return .data(Data((0..<Int.random(in: 0..<40, using: &rng)).map { UInt8($0) }))
        case 6: return Int.random(in: 0..<10, using: &rng) == 0 ? .uid(UInt64.random(in: 0..<300, using: &rng)) : .string("s")
        case 7: return Int.random(in: 0..<30, using: &rng) == 0 ? .null : .integer(7)
        case 8: return .array((0..<Int.random(in: 0..<5, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var d = OrderedDictionary<String, PlistValue>()
            for _ in 0..<Int.random(in: 0..<6, using: &rng) {
                d[strings.randomElement(using: &rng)! + String(Int.random(in: 0..<3, using: &rng))] = randomValue(&rng, depth: depth + 1)
            }
            return .dictionary(d)
        }
    }
}

/// A random document with keys written twice, as JSON, XML and OpenStep text (the writers
/// cannot write one: a value holds each key once).
private indirect enum RepeatedKeyShape {
    case number(Int)
    case text(String)
    case list([RepeatedKeyShape])
    case map([(key: String, value: RepeatedKeyShape)])

    /// Keys drawn from a few, so that they repeat: `é` both composed and decomposed (one key
    /// for the value tree), and sometimes many (past the byte comparison's dozen).
    static func random(_ rng: inout SeededGenerator, depth: Int) -> RepeatedKeyShape {
        // A dictionary at the top: a lone string is not told apart from JSON's.
        switch depth == 0 ? 4 : Int.random(in: 0..<(depth >= 3 ? 2 : 5), using: &rng) {
        case 0: return .number(Int.random(in: -5..<100, using: &rng))
        case 1: return .text(["plain", "tab\there", "caf\u{E9}", "quote \" it"].randomElement(using: &rng)!)
        case 2: return .list((0..<Int.random(in: 0..<4, using: &rng)).map { _ in random(&rng, depth: depth + 1) })
        default:
            let pool = Int.random(in: 0..<4, using: &rng) == 0 ? (0..<20).map { "key\($0)" } : ["a", "b", "caf\u{E9}", "cafe\u{301}", "sp ace"]
            // Never empty at the top: `{}` is JSON as much as OpenStep.
            let count = Int.random(in: (depth == 0 ? 1 : 0)..<(pool.count + 4), using: &rng)
            return .map((0..<count).map { _ in (pool.randomElement(using: &rng)!, random(&rng, depth: depth + 1)) })
        }
    }

    var dictionariesWithAKeyTwice: Int {
        switch self {
        case .number, .text: return 0
        case .list(let items): return items.reduce(0) { $0 + $1.dictionariesWithAKeyTwice }
        case .map(let members):
            let own = Set(members.map(\.key)).count < members.count ? 1 : 0
            return members.reduce(own) { $0 + $1.value.dictionariesWithAKeyTwice }
        }
    }

    private static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }

    var json: String {
        switch self {
        case .number(let n): return "\(n)"
        case .text(let s): return Self.quoted(s)
        case .list(let items): return "[" + items.map(\.json).joined(separator: ", ") + "]"
        case .map(let members): return "{" + members.map { Self.quoted($0.key) + ": " + $0.value.json }.joined(separator: ", ") + "}"
        }
    }

    var openStep: String {
        switch self {
        case .number(let n): return "\"\(n)\""  // OpenStep has strings only
        case .text(let s): return Self.quoted(s)
        case .list(let items): return "(" + items.map(\.openStep).joined(separator: ", ") + ")"
        case .map(let members): return "{" + members.map { Self.quoted($0.key) + " = " + $0.value.openStep + "; " }.joined() + "}"
        }
    }

    var xml: String {
        func escaped(_ s: String) -> String { s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }
        switch self {
        case .number(let n): return "<integer>\(n)</integer>"
        case .text(let s): return "<string>\(escaped(s))</string>"
        case .list(let items): return "<array>" + items.map(\.xml).joined() + "</array>"
        case .map(let members): return "<dict>" + members.map { "<key>\(escaped($0.key))</key>" + $0.value.xml }.joined() + "</dict>"
        }
    }
}
