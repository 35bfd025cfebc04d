import AssetLibraryExample
import Foundation
import OrderedCollections
import StateTestSupport
import Testing

@testable import State

// Models written straight into XML and JSON text (`StoreSink`) give the bytes the value tree's
// writers give, byte for byte; a model whose `write(to:)` uses its store in a way text cannot
// follow is written again through its value, from where it began; errors are the value tree's.

/// Sets a key twice: the second value replaces the first, in the first one's place.
private struct SetsTwice: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(1, forKey: "a")
        try store.set(2, forKey: "b")
        try store.set(3, forKey: "a")
    }
}

/// Reads back what it wrote.
private struct ReadsBack: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set("x", forKey: "a")
        let seen: String? = try store.value(forKey: "a")
        try store.set(seen == "x", forKey: "sawA")
        try store.set(store["a"] != nil, forKey: "sawAAgain")
        try store.set(store.contains("a"), forKey: "containsA")
    }
}

/// Asks only about keys it has not written, which text can answer.
private struct AsksAboutOthers: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set("x", forKey: "a")
        try store.set(store.contains("b"), forKey: "hasB")
        try store.set(store.contains("a"), forKey: "hasA")
        if store["c"] == nil { store["c"] = "filled" }
        try store.set(String?.none, forKey: "d")
        store.removeValue(forKey: "e")
    }
}

/// Removes a key it wrote.
private struct RemovesWritten: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(1, forKey: "a")
        try store.set(2, forKey: "b")
        store.removeValue(forKey: "a")
        try store.set(Int?.none, forKey: "b")
        try store.set(4, forKey: "c")
    }
}

/// Puts another store in place of the one it was handed.
private struct ReplacesStore: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(1, forKey: "lost")
        store = Store(["kept": 2, "also": [1, 2]])
    }
}

/// Puts an older copy of its store back.
private struct RestoresCopy: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(0, forKey: "first")
        let saved = store
        try store.set(1, forKey: "dropped")
        store = saved
        try store.set(2, forKey: "last")
    }
}

/// Edits its entries as a dictionary.
private struct EditsValues: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(1, forKey: "a")
        store.values["b"] = "two"
        store.renameKey("a", to: "z")
    }
}

/// A versioned model that writes its version key itself (the framework's goes in its place).
private struct WritesOwnVersion: Model {
    static var version: Int? { 4 }
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        store["model_version"] = 1
        try store.set("v", forKey: "name")
    }
}

/// A conformer that writes its protocol's tag key itself: the tag replaces it, first.
private protocol Glyph: Model {}
private struct Ring: Glyph {
    var r: Double
    init(r: Double) { self.r = r }
    init(from store: Store) throws { r = try store.value(forKey: "r") }
    func write(to store: inout Store) throws {
        try store.set(r, forKey: "r")
        store["Glyph"] = "not the tag"
    }
}
private struct Block: Glyph {
    var side: Double
    init(side: Double) { self.side = side }
    init(from store: Store) throws { side = try store.value(forKey: "side") }
    func write(to store: inout Store) throws { try store.set(side, forKey: "side") }
}
/// Holds a conformer that writes its tag key itself.
private struct HoldsRing: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set([Ring(r: 1), Block(side: 2)] as [any Glyph], forKey: "glyphs", in: .glyph)
    }
}

extension Conformers where Value == any Glyph {
    fileprivate static var glyph: Self { Conformers(root: "Glyph", Ring.self, Block.self) }
}

/// Every way of holding models, with the ones above inside.
private struct Holder: Model {
    var shapes: [any Glyph] = [Block(side: 1), Ring(r: 2), Block(side: 0.1)]
    var named: OrderedDictionary<String, any Glyph> = ["b": Ring(r: 0.5), "a": Block(side: 3)]
    var sorted: [String: any Glyph] = ["z": Block(side: 1), "m": Block(side: 2)]
    var one: (any Glyph)? = Block(side: 9)
    var inner: [SetsTwice] = [SetsTwice(), SetsTwice()]
    var readers: OrderedDictionary<String, ReadsBack> = ["r": ReadsBack()]
    var others = AsksAboutOthers()
    var empty: [Employee] = []
    var emptyShapes: [any Glyph] = []
    var emptyDictionary: [String: Employee] = [:]

    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(shapes, forKey: "shapes", in: .glyph)
        try store.set(named, forKey: "named", in: .glyph)
        try store.set(sorted, forKey: "sorted", in: .glyph)
        try store.set(one, forKey: "one", in: .glyph)
        try store.set(inner, forKey: "inner")
        try store.set(readers, forKey: "readers")
        try store.set(others, forKey: "others")
        try store.set(empty, forKey: "empty")
        try store.set(emptyShapes, forKey: "emptyShapes", in: .glyph)
        try store.set(emptyDictionary, forKey: "emptyDictionary")
        try store.set(PlistValue.dictionary([:]), forKey: "emptyValue")
        try store.set(Data([0, 1, 2, 250, 251, 252, 253, 254, 255]), forKey: "data")
    }
}

/// A chain of nested models, deeper than the sink's first indentation buffer.
private struct Node: Model {
    var depth: Int
    init(depth: Int) { self.depth = depth }
    init(from store: Store) throws { depth = try store.value(forKey: "depth") }
    func write(to store: inout Store) throws {
        try store.set(depth, forKey: "depth")
        try store.set(Data(repeating: UInt8(depth), count: 40 + depth), forKey: "data")
        if depth > 0 { try store.set([Node(depth: depth - 1)], forKey: "children") }
    }
}

/// Keeps the store it was handed (a place the text cannot follow it to).
private final class KeptStores: @unchecked Sendable {
    static let shared = KeptStores()
    var stores: [Store] = []
}
private struct KeepsItsStore: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set("kept", forKey: "name")
        KeptStores.shared.stores.append(store)
    }
}

/// A model whose one value cannot be written in a format.
private struct Holds: Model {
    var value: PlistValue
    init(_ value: PlistValue) { self.value = value }
    init(from store: Store) throws { value = .null }
    func write(to store: inout Store) throws {
        try store.set("before", forKey: "name")
        try store.set([Employee(name: "e")], forKey: "list")
        try store.set(value, forKey: "bad")
    }
}

/// A model whose `write(to:)` throws.
private struct Throws: Model {
    init() {}
    init(from store: Store) throws {}
    func write(to store: inout Store) throws {
        try store.set(1, forKey: "a")
        throw store.context.appending("a").error(.invalidValue("refused"))
    }
}

@Suite struct StreamedWritingTests {
    /// The value written straight into `format`, with the number of models written again
    /// through their value; and the same value through the value tree.
    private func both(_ value: some StorableDocument, _ format: PlistFormat) throws -> (streamed: [UInt8], rewinds: Int, tree: [UInt8]) {
        let streamed = try #require(try StoreSink.streamed(format) { try value.writeStored(to: $0) })
        return (streamed.document.bytes, streamed.rewinds, try value.storedValue().serialized(as: format))
    }

    @Test func theExampleLibraryIsTheValueTreesBytesWithNoModelWrittenAgain() throws {
        for format in [PlistFormat.xml, .json, .binary] {
            let (streamed, rewinds, tree) = try both(AssetLibrary.sample, format)
            #expect(streamed == tree, "\(format)")
            #expect(rewinds == 0)
            #expect(try AssetLibrary.sample.bytes(format: format) == tree)
            #expect(try AssetLibrary.sample.data(format: format) == Data(tree))
            let folder = try Fixtures.temporaryFolder()
            defer { Fixtures.removeTemporaryFolder(folder) }
            let url = folder.appendingPathComponent("library.\(format.rawValue)")
            try AssetLibrary.sample.write(to: url, format: format)
            #expect(try Data(contentsOf: url) == Data(tree))
        }
    }

    @Test func randomLibrariesAreTheValueTreesBytes() throws {
        var rng = SeededGenerator.fromEnvironment()
        let texts = ["plain", "", "a < b & c > d", "quote \" and \\ backslash", "tab\tand\nline", "CR\r", "日本語 ✓ 🎨", "]]>", "   spaced   "]
        func real() -> Double {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: Double(Int.random(in: 0...1_000_000, using: &rng)) / 1_000_000
            case 1: [0, 1, 0.5, 0.25, 1e-7, 0.1].randomElement(using: &rng)!
            case 2: Double.random(in: 0...1, using: &rng)
            case 3: Double(Float.random(in: 0...1, using: &rng))
            case 4: Double(Int.random(in: 0...100, using: &rng)) / 100
            default: Double(bitPattern: UInt64.random(in: 0x3E00_0000_0000_0000...0x3FF0_0000_0000_0000, using: &rng))
            }
        }
        for round in 0..<8 {
            var groups: [AssetGroup] = []
            for g in 0..<Int.random(in: 0...4, using: &rng) {
                var assets: [any Asset] = []
                for a in 0..<Int.random(in: 0...12, using: &rng) {
                    let name = texts.randomElement(using: &rng)! + "\(a)"
                    let created = Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &rng)))
                    let tags = (0..<Int.random(in: 0...3, using: &rng)).map { _ in texts.randomElement(using: &rng)! }
                    assets.append(
                        ColorAsset(name: name, created: created, color: RGBAColor(red: real(), green: real(), blue: real(), alpha: real()), tags: tags))
                }
                groups.append(AssetGroup(name: "group \(g) \(texts.randomElement(using: &rng)!)", assets: assets))
            }
            let domain = AssetDomain(groups: OrderedDictionary(uniqueKeysWithValues: groups.map { ($0.name, $0) }))
            let library = AssetLibrary(name: texts.randomElement(using: &rng)!, domains: ["domain \(round)": domain])
            for format in [PlistFormat.xml, .json, .binary] {
                let (streamed, rewinds, tree) = try both(library, format)
                #expect(streamed == tree, "round \(round), \(format)")
                #expect(rewinds == 0)
            }
        }
    }

    @Test func theOriginalFrameworksModelsAreTheValueTreesBytes() throws {
        let employee = Employee(name: "E", title: "Boss")
        let company = Company(name: "C", phoneNumber: nil, yearFounded: 1999.5, employees: [employee, Employee(name: "F")])
        let conformer = TestProtocolConformer(age: 3, ss_number: "1", isReady: nil, employee: employee, children: [employee])
        let container = TestProtocolContainer(
            testProtocol: conformer, testProtocols: [conformer, TestProtocolConformer2(name: "n", ss_number: "2")],
            testProtocolsDict: ["x": conformer])
        let enums: [TestAssociatedEnum] = [
            .binaryType(Data([1, 2, 3])), .booleanType(true), .dateType(Date(timeIntervalSince1970: 0)), .decimalType(Decimal(string: "3.14")!),
            .doubleType(-2.5), .floatType(0.1), .intType(-7), .stringType("s"), .transformableColorType(RGBAColor(red: 1, green: 0.5, blue: 0)),
            .decodableToManyType([employee]), .decodableToOneType(employee), .none,
        ]
        for format in [PlistFormat.xml, .json, .binary] {
            let c0 = try both(company, format)
            #expect(c0.streamed == c0.tree)
            let c = try both(container, format)
            #expect(c.streamed == c.tree)
            #expect(c.rewinds == 0)
            let e = try both(enums, format)
            #expect(e.streamed == e.tree)
            #expect(e.rewinds == 0)
            let extras = try KeepsExtras(plistValue: ["name": "n", "future": ["a": 1], "flag": true])
            let k = try both([extras], format)
            #expect(k.streamed == k.tree)
            #expect(k.rewinds == 0)
            let person = try both(Person(name: "P", age: 40), format)
            #expect(person.streamed == person.tree)
            let settings = try both([CodableTests().settings], format)
            #expect(settings.streamed == settings.tree)
        }
    }

    @Test func aModelTheTextCannotFollowIsWrittenAgainThroughItsValue() throws {
        // Each is written again (a rewind) and gives the value tree's bytes: the key set twice
        // keeps its first place, what was read back is what was written, the removed key is
        // gone, the replacing store's entries are written, the restored copy drops what was
        // written after it, the version and the tag replace the model's own.
        let cases: [(String, any StorableDocument)] = [
            ("sets twice", SetsTwice()), ("reads back", ReadsBack()), ("removes", RemovesWritten()), ("replaces", ReplacesStore()),
            ("restores a copy", RestoresCopy()), ("edits values", EditsValues()), ("own version", WritesOwnVersion()),
            ("own tag", HoldsRing()),
        ]
        for (name, model) in cases {
            for format in [PlistFormat.xml, .json, .binary] {
                let (streamed, rewinds, tree) = try both(model, format)
                #expect(streamed == tree, "\(name), \(format)")
                #expect(rewinds >= 1, "\(name)")
            }
        }
        let twice = try SetsTwice().storedValue()
        #expect(twice == ["a": 3, "b": 2])
    }

    @Test func onlyTheModelThatCannotBeFollowedIsWrittenAgain() throws {
        for format in [PlistFormat.xml, .json, .binary] {
            let (streamed, rewinds, tree) = try both(Holder(), format)
            #expect(streamed == tree, "\(format)")
            // Two SetsTwice, one ReadsBack and two Rings (their own tag); AsksAboutOthers only
            // asks what text can answer.
            #expect(rewinds == 5)
            #expect(try Holder().bytes(format: format) == tree)
        }
        let asks = try AsksAboutOthers().storedValue()
        #expect(asks == ["a": "x", "hasB": false, "hasA": true, "c": "filled"])
    }

    @Test func aStoreKeptPastItsWriteWritesNothingMore() throws {
        for format in [PlistFormat.xml, .json, .binary] {
            let tree = try [KeepsItsStore()].storedValue().serialized(as: format)
            KeptStores.shared.stores = []
            let data = try [KeepsItsStore()].data(format: format)
            #expect(data == Data(tree))
            // The document has handed its memory on: the kept store's writes go nowhere (its
            // sink refuses them: writing on would grow memory a `Data` now owns).
            #expect(!KeptStores.shared.stores.isEmpty)
            for var store in KeptStores.shared.stores {
                #expect(store.sink?.failed == true)
                try store.set(String(repeating: "x", count: 100_000), forKey: "late")
                store["later"] = 1
            }
            #expect(data == Data(tree))
        }
    }

    @Test func deepModelsAndDataAreIndentedAsTheValueTreeIndentsThem() throws {
        for format in [PlistFormat.xml, .json, .binary] {
            let (streamed, rewinds, tree) = try both(Node(depth: 60), format)
            #expect(streamed == tree, "\(format)")
            #expect(rewinds == 0)
        }
    }

    @Test func errorsAreTheValueTreesErrors() throws {
        let failures: [(any StorableDocument, PlistFormat)] = [
            (Holds(.real(.nan)), .json), (Holds(.uid(3)), .json), (Holds(.string("bell \u{07}")), .xml), (Holds(.null), .xml), (Holds(.null), .binary),
            ([Throws()] as [Throws], .binary),
            ([Throws()] as [Throws], .xml), ([Throws()] as [Throws], .json), (Holds(.date(Date(timeIntervalSince1970: 1e15))), .json),
        ]
        for (model, format) in failures {
            var treeMessage = ""
            do { _ = try model.storedValue().serialized(as: format) } catch { treeMessage = "\(error)" }
            var message = ""
            do { _ = try model.bytes(format: format) } catch { message = "\(error)" }
            #expect(!treeMessage.isEmpty)
            #expect(message == treeMessage)
        }
    }

    @Test func openStepIsWrittenThroughTheValueTree() throws {
        #expect(try StoreSink.streamed(.openStep) { _ in } == nil)
        #expect(try StoreSink.streamed(.jsonc) { _ in } == nil)
        let employee = Employee(name: "E", title: "Boss")
        let tree = try employee.storedValue().serialized(as: .openStep)
        #expect(try employee.bytes(format: .openStep) == tree)
    }

    @Test func writtenFilesReadBackWithFoundationsOwnReaders() throws {
        // An independent reader: the streamed XML, JSON and binary of the example library parse
        // with Foundation, to the same value ours reads.
        for format in [PlistFormat.xml, .json, .binary] {
            let bytes = try AssetLibrary.sample.bytes(format: format)
            let data = Data(bytes)
            let object: Any =
                format == .json ? try JSONSerialization.jsonObject(with: data) : try PropertyListSerialization.propertyList(from: data, format: nil)
            let library = try #require(object as? [String: Any])
            #expect(library["name"] as? String == AssetLibrary.sample.name)
            #expect(try AssetLibrary(bytes: bytes).storedValue() == AssetLibrary.sample.storedValue())
            // And Python's plistlib reads the binary and XML files the models wrote themselves.
            if format != .json {
                let folder = try Fixtures.temporaryFolder()
                defer { Fixtures.removeTemporaryFolder(folder) }
                let url = folder.appendingPathComponent("library.plist")
                try AssetLibrary.sample.write(to: url, format: format)
                #expect(try PlistOracle.read(url) == PlistOracle.canonical(try AssetLibrary.sample.storedValue()))
            }
        }
    }
}
