import AssetLibraryExample
import Foundation
import OrderedCollections
import State
import StateTestSupport
import Testing

/// Reading a file into models reads the parsed file's nodes in place (`StoredNode`); reading
/// a `PlistValue` reads the value tree. The two must agree on everything: the models read,
/// the error thrown (message and path) and what lenient collections drop.
@Suite struct NodeReadingTests {
    /// What reading `bytes` as `M` gives, as text: the stored form of what was read plus the
    /// drops, or the error. `fromNodes` picks the way.
    func outcome<M: StorableDocument>(_ type: M.Type, _ bytes: [UInt8], mode: CollectionMode, fromNodes: Bool) -> String {
        do {
            let decoded = fromNodes ? try M.read(bytes: bytes, mode: mode) : try M.read(value: try PlistValue(parsing: bytes), mode: mode)
            let drops = decoded.dropped.map(\.description).joined(separator: "; ")
            return "read \(try decoded.value.storedValue()) dropped [\(drops)]"
        } catch {
            return "error \(error)"
        }
    }

    /// Both ways agree on `bytes` in both modes; returns whether the strict read succeeded.
    @discardableResult
    func expectBothWaysAgree<M: StorableDocument>(_ type: M.Type, _ bytes: [UInt8], _ comment: @autoclosure () -> String = "") -> Bool {
        var strictSucceeded = false
        for mode in [CollectionMode.strict, .lenient] {
            let fromValues = outcome(type, bytes, mode: mode, fromNodes: false)
            let fromNodes = outcome(type, bytes, mode: mode, fromNodes: true)
            #expect(fromNodes == fromValues, "\(M.self) \(mode) \(comment())\n\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
            if mode == .strict { strictSucceeded = fromValues.hasPrefix("read ") }
        }
        return strictSucceeded
    }

    // MARK: - Random damage to the values

    /// Every path in `value`, containers and leaves (the root excluded).
    func paths(in value: PlistValue, at path: [PlistPath.Component] = []) -> [[PlistPath.Component]] {
        switch value {
        case .dictionary(let d): return d.flatMap { key, child in [path + [.key(key)]] + paths(in: child, at: path + [.key(key)]) }
        case .array(let a): return a.enumerated().flatMap { i, child in [path + [.index(i)]] + paths(in: child, at: path + [.index(i)]) }
        default: return []
        }
    }

    /// A value of another kind to put where a model expects something.
    func randomValue(using rng: inout SeededGenerator) -> PlistValue {
        let choices: [PlistValue] = [
            "text", "ColorAsset", "SoundAsset", "template", "caf", 7, -3, 0, 2.5, 0.5, 1.5, true, false,
            .date(Date(timeIntervalSinceReferenceDate: 12345)), .data(Data([1, 2, 3])), [], [1, 2], [:],
            ["red": 0.5, "green": 0.5, "blue": 0.5, "alpha": 1], ["Asset": "ColorAsset"], ["value": "mp3"], ["width": 1, "height": 2],
        ]
        return choices.randomElement(using: &rng)!
    }

    /// `value` with the thing at `path` replaced (`replacement` nil: removed).
    func replacing(_ path: ArraySlice<PlistPath.Component>, in value: PlistValue, with replacement: PlistValue?) -> PlistValue {
        guard let first = path.first else { return replacement ?? value }
        switch (value, first) {
        case (.dictionary(var d), .key(let key)):
            if path.count == 1, replacement == nil {
                d.removeValue(forKey: key)
            } else if let child = d[key] {
                d[key] = replacing(path.dropFirst(), in: child, with: replacement)
            }
            return .dictionary(d)
        case (.array(var a), .index(let i)) where a.indices.contains(i):
            if path.count == 1, replacement == nil {
                a.remove(at: i)
            } else {
                a[i] = replacing(path.dropFirst(), in: a[i], with: replacement)
            }
            return .array(a)
        default:
            return value
        }
    }

    func damaged(_ value: PlistValue, using rng: inout SeededGenerator) -> PlistValue {
        var value = value
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let all = paths(in: value)
            guard let path = all.randomElement(using: &rng) else { break }
            value = replacing(path[...], in: value, with: Bool.random(using: &rng) ? nil : randomValue(using: &rng))
        }
        return value
    }

    @Test(arguments: PlistFormat.valueFormats)
    func damagedLibrariesReadTheSameFromNodesAsFromValues(format: PlistFormat) throws {
        var rng = SeededGenerator.fromEnvironment()
        let sample = try AssetLibrary.sample.storedValue()
        var failures = 0
        for round in 0..<150 {
            var value = damaged(sample, using: &rng)
            if format == .json { value = value.jsonSafe }
            var warnings: [PlistWarning] = []
            guard let bytes = try? value.serialized(as: format, warnings: &warnings) else { continue }
            if !expectBothWaysAgree(AssetLibrary.self, bytes, "round \(round)") { failures += 1 }
        }
        // The damage is real: most rounds make the strict read fail somewhere.
        #expect(failures > 50)
        #expect(expectBothWaysAgree(AssetLibrary.self, try AssetLibrary.sample.bytes(format: format)))
    }

    @Test func damagedFixtureModelsReadTheSameFromNodesAsFromValues() throws {
        var rng = SeededGenerator.fromEnvironment()
        let users: PlistValue = [
            "t_opt": ["id": 1, "name": "Ann"], "t_imp": ["id": 2, "name": "Bo", "email": "b@x"],
            "t_arr": [["id": 3, "name": "C"], ["id": 4, "name": "D"]], "t_arr_imp": [],
            "t_dic": ["a": ["id": 5, "name": "E"], "b": ["id": 6, "name": "F"]], "t_dic_opt": ["c": ["id": 7, "name": "G"]],
        ]
        let protocols: PlistValue = [
            "testProtocol": ["TestParentProtocol": "TestProtocolConformer", "ss_number": "1", "age": 3, "employee": ["name": "E"], "children": [["name": "K"]]],
            "testProtocols": [
                ["TestParentProtocol": "TestProtocolConformer2", "name": "two", "ss_number": "2"],
                ["model_type_key": "TestProtocolConformer", "ss_number": "3", "employee": ["name": "F"], "children": []],
            ],
            "testProtocolsDict": ["x": ["TestParentProtocol": "TestProtocolConformer2", "name": "four", "ss_number": "4"]],
        ]
        let basics: PlistValue = ["t": 1, "t_imp": 2, "t_arr": [3, 4.0], "t_dic": ["a": 5], "t_dic_imp": [:]]
        let company: PlistValue = ["name": "Acme", "yearFounded": 1990, "employees": [["name": "Ann", "title": "CEO"], ["name": "Bo"]]]
        for round in 0..<120 {
            for format in PlistFormat.valueFormats {
                func check<M: StorableDocument>(_ type: M.Type, _ value: PlistValue) throws {
                    var warnings: [PlistWarning] = []
                    let value = format == .json ? value.jsonSafe : value
                    guard let bytes = try? value.serialized(as: format, warnings: &warnings) else { return }
                    expectBothWaysAgree(type, bytes, "round \(round) \(format)")
                }
                try check(UserTypes.self, damaged(users, using: &rng))
                try check(TestProtocolContainer.self, damaged(protocols, using: &rng))
                try check(BasicTypes<Int>.self, damaged(basics, using: &rng))
                try check(BasicTypes<Double>.self, damaged(basics, using: &rng))
                try check(BasicTypes<Float>.self, damaged(basics, using: &rng))
                try check(BasicTypes<PlistValue>.self, damaged(basics, using: &rng))
                try check(Company.self, damaged(company, using: &rng))
            }
        }
    }

    /// The other ways a file can hold models: the library as JSON with comments and as XML in
    /// UTF-16 (read transcoded), and OpenStep text (strings only: a number field fails the
    /// same way both ways).
    @Test func otherSpellingsOfTheLibraryReadTheSameFromNodes() throws {
        var warnings: [PlistWarning] = []
        var library = AssetLibrary.sample
        let swatch = ColorAsset(name: "Résumé “quoted” 🎨", created: Date(timeIntervalSinceReferenceDate: 0), color: RGBAColor(hex: "#FF8000")!)
        library.addAsset(domain: "Ünïcode", group: "Grüppe", swatch)
        let sample = try library.storedValue()
        let json = String(decoding: try sample.jsonSafe.serialized(as: .json, warnings: &warnings), as: UTF8.self)
        let jsonc = json.replacingOccurrences(of: "{\n", with: "{ // an object\n").replacingOccurrences(of: "[\n", with: "[ /* a list */\n")
        #expect(expectBothWaysAgree(AssetLibrary.self, Array(jsonc.utf8)))
        // As Python's json.dump writes it by default: every non-ASCII character escaped.
        var escaped = ""
        for scalar in json.replacingOccurrences(of: "\": ", with: "\":").unicodeScalars {
            guard scalar.value > 0x7F else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { escaped += String(format: "\\u%04x", unit) }
        }
        #expect(escaped.utf8.allSatisfy { $0 < 0x80 } && escaped.contains("\\u"))
        #expect(expectBothWaysAgree(AssetLibrary.self, Array(escaped.utf8)))
        #expect(try AssetLibrary(string: escaped).storedValue() == sample)
        let xml = String(decoding: try sample.serialized(as: .xml, warnings: &warnings), as: UTF8.self)
        for bigEndian in [true, false] {
            #expect(expectBothWaysAgree(AssetLibrary.self, UTF16Text.bytes(xml, bigEndian: bigEndian)))
        }
        let strings = #"{ t = a; t_imp = "b c"; t_arr = (c, "d"); t_arr_imp = (); t_dic = { x = y; "é" = z; }; t_dic_imp = {}; }"#
        #expect(expectBothWaysAgree(BasicTypes<String>.self, Array(strings.utf8)))
        let numbers = #"{ t_imp = { id = 1; name = A; }; t_arr = (); t_arr_imp = (); t_dic = {}; }"#
        #expect(!expectBothWaysAgree(UserTypes.self, Array(numbers.utf8)))
    }

    // MARK: - What only a file can hold

    @Test func aKeyWrittenTwiceReadsAsTheValueTreeHasIt() throws {
        let documents = [
            // A model's field: the last value.
            #"{"t_opt": null, "t_imp": {"id": 1, "name": "A", "id": 2}, "t_arr": [], "t_arr_imp": [], "t_dic": {}}"#,
            // A dictionary of models: first place, last value — and a bad first value is not read.
            #"{"t_imp": {"id": 1, "name": "A"}, "t_arr": [], "t_arr_imp": [], "t_dic": {"a": {"id": "bad"}, "b": {"id": 2, "name": "B"}, "a": {"id": 3, "name": "C"}}}"#,
            // The other way round: a good first value, a bad last one.
            #"{"t_imp": {"id": 1, "name": "A"}, "t_arr": [], "t_arr_imp": [], "t_dic": {"a": {"id": 3, "name": "C"}, "a": {"id": "bad"}}}"#,
        ]
        for text in documents {
            #expect(expectBothWaysAgree(UserTypes.self, Array(text.utf8)) || text.contains("bad"))
        }
        let read = try UserTypes(string: documents[1])
        #expect(read.tDic.keys.sorted() == ["a", "b"])
        #expect(read.tDic["a"]?.id == 3)
        let conformers =
            #"{"testProtocol": {"TestParentProtocol": "TestProtocolConformer", "ss_number": "1", "employee": {"name": "E"}, "children": []}, "testProtocols": [], "testProtocolsDict": {"x": {"TestParentProtocol": "Nope"}, "y": {"TestParentProtocol": "TestProtocolConformer2", "name": "y", "ss_number": "5"}, "x": {"TestParentProtocol": "TestProtocolConformer2", "name": "x", "ss_number": "6"}}}"#
        #expect(expectBothWaysAgree(TestProtocolContainer.self, Array(conformers.utf8)))
        #expect(try TestProtocolContainer(string: conformers).testProtocolsDict.keys.elements == ["x", "y"])
    }

    @Test func aKeyedArchiveUIDIsNotADictionary() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>t_imp</key><dict><key>CF$UID</key><integer>3</integer></dict><key>t_arr</key><array/><key>t_arr_imp</key><array/><key>t_dic</key><dict/></dict></plist>
            """
        #expect(!expectBothWaysAgree(UserTypes.self, Array(xml.utf8)))
        let error = try #require(throws: ModelError.self) { try UserTypes(string: xml) }
        #expect(error.description.hasPrefix("t_imp: expected a dictionary (User), found"))
    }

    /// Keys `K` and `é`, read by name.
    struct Spelled: Model, Equatable {
        var k: Int
        var e: Int
        init(k: Int, e: Int) {
            self.k = k
            self.e = e
        }
        init(from store: Store) throws {
            k = try store.value(forKey: "K")
            e = try store.value(forKey: "\u{E9}")
        }
        func write(to store: inout Store) throws {
            try store.set(k, forKey: "K")
            try store.set(e, forKey: "\u{E9}")
        }
    }

    /// Keys are equal when their strings are: the Kelvin sign is a `K`, and an `e` with a
    /// combining accent is an `é` — whatever bytes the file spells them with.
    @Test func keysEqualAsStringsAreFoundWhateverTheirBytes() throws {
        let value: PlistValue = ["Kx": 0, "\u{212A}": 1, "e\u{301}": 2, "e": 3]
        for format in PlistFormat.valueFormats {
            var warnings: [PlistWarning] = []
            let bytes = try value.serialized(as: format, warnings: &warnings)
            #expect(try Spelled(bytes: bytes) == Spelled(k: 1, e: 2), "\(format)")
            #expect(expectBothWaysAgree(Spelled.self, bytes, "\(format)"))
        }
        let text = "{\"Kx\": 0, \"\u{212A}\": 1, \"e\u{301}\": 2, \"e\": 3}"
        #expect(try Spelled(string: text) == Spelled(k: 1, e: 2))
    }

    @Test func olderLibrariesMigrateFromTheirFiles() throws {
        for format in PlistFormat.valueFormats {
            let v1: PlistValue = ["title": "One", "groups": ["G": ["name": "G", "assets": []]], "model_version": 1]
            let v2: PlistValue = ["title": "Two", "domains": [:], "model_version": "2.0"]
            for value in [v1, v2] {
                var warnings: [PlistWarning] = []
                #expect(expectBothWaysAgree(AssetLibrary.self, try value.serialized(as: format, warnings: &warnings)), "\(format)")
            }
        }
        #expect(try AssetLibrary(string: #"{"title": "Two", "domains": {}, "model_version": 2}"#).name == "Two")
    }

    /// A model that reads its store every other way: its raw entries, keys, membership, a
    /// nested store, a changed copy.
    struct Inspector: Model, Equatable {
        var keys: [String]
        var raw: PlistValue?
        var hasB: Bool
        var nested: [String]
        var changed: [String]
        var all: Int

        init(from store: Store) throws {
            keys = store.keys.elements
            raw = store["b"]
            hasB = store.contains("b")
            nested = try store.store(forKey: "n")?.keys.elements ?? []
            var copy = store
            copy.removeValue(forKey: "a")
            copy.renameKey("b", to: "z")
            changed = copy.keys.elements
            all = store.values.count
            #expect(store.reading(.lenient)["b"] == raw)
            #expect((copy == store) == (changed == keys))
        }

        func write(to store: inout Store) throws {
            try store.set(keys, forKey: "keys")
        }
    }

    /// A model that keeps every key it does not know, as a model of a large open-ended
    /// dictionary would.
    struct Everything: Model, Equatable {
        var count: Int
        var extra: [String: PlistValue] = [:]

        init(from store: Store) throws {
            count = try store.value(forKey: "count")
        }
        mutating func finishReading(from store: Store) throws {
            for key in store.keys where key != "count" { extra[key] = store[key] }
        }
        func write(to store: inout Store) throws {
            try store.set(count, forKey: "count")
        }
    }

    /// Reading every key of a large dictionary one by one stays linear: a large store is
    /// decoded, not scanned per key.
    @Test func aModelReadingEveryKeyOfALargeDictionary() throws {
        var entries = OrderedDictionary<String, PlistValue>()
        for i in 0..<5_000 { entries["key \(i)"] = .integer(Int128(i)) }
        entries["count"] = 5_000
        for format in PlistFormat.valueFormats {
            var warnings: [PlistWarning] = []
            let bytes = try PlistValue.dictionary(entries).serialized(as: format, warnings: &warnings)
            let read = try Everything(bytes: bytes)
            #expect(read.count == 5_000 && read.extra.count == 5_000 && read.extra["key 123"] == 123, "\(format)")
            #expect(expectBothWaysAgree(Everything.self, bytes))
        }
    }

    /// A model that keeps the store it was read from and writes it back whole.
    struct Keeper: Model {
        var original: Store
        init(from store: Store) throws { original = store }
        func write(to store: inout Store) throws { store = original }
    }

    @Test func aStoreKeptFromAFileWritesBackWhatItRead() throws {
        let text = #"{"a": 1, "b": [true, {"c": "d"}], "a": 2}"#
        let kept = try Keeper(string: text)
        #expect(try kept.storedValue() == PlistValue(parsing: Array(text.utf8)))
        #expect(try kept.storedEntries().values == PlistValue(parsing: Array(text.utf8)).dictionaryValue)
    }

    @Test func aStoreOverAFileAnswersAsAStoreOverValues() throws {
        for text in [#"{"a": 1, "b": [1, {"c": 2}], "n": {"x": 1, "y": 2}, "a": 3}"#, #"{"b": null}"#, "{}"] {
            let bytes = Array(text.utf8)
            let fromNodes = try Inspector(bytes: bytes)
            let fromValues = try Inspector(plistValue: try PlistValue(parsing: bytes))
            #expect(fromNodes == fromValues, "\(text)")
        }
        #expect(try Inspector(string: #"{"a": 1, "b": 2, "a": 3}"#).keys == ["a", "b"])
    }
}

extension PlistValue {
    /// The value as JSON can hold it: dates and data as the strings the JSON writer makes.
    var jsonSafe: PlistValue {
        switch self {
        case .date(let d): return .string(ISO8601DateFormatter().string(from: d))
        case .data(let d): return .string(d.base64EncodedString())
        case .uid(let n): return .integer(Int128(n))
        case .array(let a): return .array(a.map(\.jsonSafe))
        case .dictionary(let d): return .dictionary(d.mapValues(\.jsonSafe))
        default: return self
        }
    }
}
