import Foundation
import OrderedCollections
import State
import StateCodegen
import StateSchema
import StateTestSupport
import Testing

/// The types in this module are generated on every build by the `StateModels` plugin from
/// `Schemas/` (the original State framework's Xcode model, and the Asset Library schema): these
/// tests use them, so a generator that writes code that does not compile fails the build.
@Suite struct GeneratedModelTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test func theSchemasAreTheFixtures() throws {
        #expect(
            try Data(contentsOf: Self.folder.appendingPathComponent("Schemas/TestModels.xcdatamodel.contents"))
                == Data(contentsOf: Fixtures.state("TestModels.xcdatamodel.contents")))
        #expect(
            try Data(contentsOf: Self.folder.appendingPathComponent("Schemas/AssetLibrary.schema"))
                == Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema")))
    }

    /// The whole generated source, compared with the checked-in copy (`STATE_RECORD_GOLDEN=1`
    /// rewrites it, and still fails, so a rewrite is never silent). Twice, to show it is
    /// deterministic.
    @Test(arguments: ["TestModels.xcdatamodel.contents", "AssetLibrary.schema", "Data.schema", "Playlist.schema"])
    func generatedSourceMatchesTheGoldenFile(schemaName: String) throws {
        let url = Self.folder.appendingPathComponent("Schemas/\(schemaName)")
        let generator = SwiftGenerator(schema: try SchemaLoader.load(url), schemaName: schemaName)
        let source = try generator.combinedMachineFile()
        #expect(try SwiftGenerator(schema: try SchemaLoader.load(url), schemaName: schemaName).combinedMachineFile() == source)
        let golden = Self.folder.appendingPathComponent("Golden/\(schemaName).swift.txt")
        if ProcessInfo.processInfo.environment["STATE_RECORD_GOLDEN"] == "1" {
            try source.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(golden.lastPathComponent)")
        }
        #expect(source == (try String(contentsOf: golden, encoding: .utf8)))
        // The per-type machine files hold the same declarations as the combined file.
        let files = try generator.files()
        for file in files where file.isMachineFile {
            let body = file.contents.components(separatedBy: "import State\n\n").last ?? ""
            #expect(source.contains(body), "\(file.name)")
        }
        #expect(files.filter { !$0.isMachineFile }.allSatisfy { $0.contents.contains("extension ") })
    }

    /// State.docc's schema article shows Playlist.schema and the code generated from it (this
    /// module's own Playlist types, built by the plugin), and the types do what it says.
    @Test func theSchemaArticleShowsThePlaylistSchemaAndItsCode() throws {
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/SchemasAndCodeGeneration.md"), encoding: .utf8)
        let schema = try String(contentsOf: Self.folder.appendingPathComponent("Schemas/Playlist.schema"), encoding: .utf8)
        let generated = try String(contentsOf: Self.folder.appendingPathComponent("Golden/Playlist.schema.swift.txt"), encoding: .utf8)
        let schemaBody = try #require(schema.range(of: "root Playlist")).lowerBound
        let declarations = try #require(generated.range(of: "/// A named list")).lowerBound
        #expect(article.contains("```\n" + schema[schemaBody...].trimmingCharacters(in: .newlines) + "\n```"), "the article's schema differs from Schemas/Playlist.schema")
        #expect(
            article.contains("```swift\n" + generated[declarations...].trimmingCharacters(in: .newlines) + "\n```"),
            "the article's code differs from Golden/Playlist.schema.swift.txt")

        let playlist = Playlist(name: "Road", tracks: [Track(title: "A", seconds: 200, mood: .calm)], tint: RGBAColor(hex: "#336699"))
        let stored = try playlist.storedValue()
        #expect(stored["model_version"] == 2 && stored["tracks.0.Mood"] == nil && stored["tracks.0.mood"] == ["Mood": "calm"])
        #expect(stored["tracks.0.rating"] == 0)
        let empty = try Playlist(string: #"{"name": "Empty", "model_version": 2}"#)
        #expect(empty.tracks.isEmpty && empty.tint == nil)
        #expect(try empty.storedValue() == ["name": "Empty", "model_version": 2])
        let defaults = try Playlist(string: #"{"name": "x", "tracks": [{"title": "B", "seconds": 1}], "model_version": 2}"#)
        #expect(defaults.tracks.first?.rating == 0 && defaults.tracks.first?.mood == nil)
        // Version 2 with no migrations: data of version 1 (no model_version) is refused, named.
        #expect(throws: ModelError.self) { try Playlist(string: #"{"name": "x"}"#) }
    }

    /// The sample library read through the generated types and written back: Python reads the
    /// same values as from the original, and the XML writer gives the original bytes.
    @Test(.slow, .tags(.python)) func theSampleLibraryRoundTripsThroughTheGeneratedTypes() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist")
        let library = try AssetLibrary(contentsOf: url)
        #expect(library.name == "Sample Library")
        let palette = try #require(library.domains["Game"]?.groups["Palette"])
        let accent = try #require(palette.assets.first as? ColorAsset)
        #expect(accent.color.hex == "#FF8000")
        #expect(accent.tags == ["brand", "buttons"])
        let sounds = try #require(library.domains["Game"]?.groups["Sounds"]?.assets.compactMap { $0 as? SoundAsset })
        #expect(sounds.map(\.format) == [.caf, .mp3])
        #expect(sounds.first?.channels == 1)
        let sprites = try #require(library.domains["Game"]?.groups["Sprites"]?.assets.compactMap { $0 as? ImageAsset })
        #expect(sprites.map(\.rendering) == [.original, .template])
        #expect(AssetLibrary.version == 3)

        let out = try Fixtures.temporaryFolder().appendingPathComponent("again.plist")
        try library.write(to: out)
        #expect(PlistOracle.difference(try PlistOracle.read(out), try PlistOracle.read(url)) == nil)
        #expect(try Data(contentsOf: out) == Data(contentsOf: url))
    }

    /// Each section of the original framework's Data.plist read through its generated type and
    /// written back: the same values (keys in the schema's order), as Python reads them.
    @Test(.slow, .tags(.python)) func theOriginalDataFixtureRoundTripsThroughTheGeneratedTypes() throws {
        let data = try PlistValue(parsing: FileBytes.read(Fixtures.state("Data.plist")))
        func section(_ key: String) throws -> PlistValue { try #require(data[.key(key)]) }
        func again<M: Model>(_ type: M.Type, _ key: String) throws -> PlistValue {
            try M(storedValue: try section(key), context: ReadContext()).storedValue()
        }
        let sections: [(String, any Model.Type)] = [
            ("User1", User.self), ("User2", User.self), ("Users", UserTypes.self), ("Int", IntTypes.self), ("Double", DoubleTypes.self),
            ("Float", FloatTypes.self), ("Bool", BoolTypes.self), ("String", StringTypes.self), ("Object", ObjectTypes.self),
        ]
        for (key, type) in sections {
            let written = try again(type, key)
            // A Double field reads a whole number written as an integer and writes it as a real.
            let reals = key == "Double" || key == "Float"
            let original = Self.sorted(try section(key), numbersAsReals: reals)
            let back = Self.sorted(written, numbersAsReals: reals)
            #expect(back == original, "\(key): \(PlistOracle.difference(PlistOracle.canonical(back), PlistOracle.canonical(original)) ?? "")")
        }
        let users = try UserTypes(storedValue: try section("Users"), context: ReadContext())
        #expect(users.t_dic_opt?["item1"]?.email == "john@unit-testing.com")
        #expect(users.t_arr.count == 3)
        let user2 = try User(storedValue: try section("User2"), context: ReadContext())
        #expect(user2.email == nil)
        // A missing required key is an error naming it.
        #expect(throws: ModelError.self) { try User(storedValue: ["id": 1], context: ReadContext()) }
    }

    /// Dictionaries with their keys sorted, so values can be compared whatever their order.
    static func sorted(_ value: PlistValue, numbersAsReals: Bool = false) -> PlistValue {
        switch value {
        case .dictionary(let d):
            .dictionary(OrderedDictionary(uniqueKeysWithValues: d.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value, numbersAsReals: numbersAsReals)) }))
        case .array(let items): .array(items.map { sorted($0, numbersAsReals: numbersAsReals) })
        case .integer(let i) where numbersAsReals: .real(Double(i))
        default: value
        }
    }

    /// The original framework's model features through the types generated from its Xcode model.
    /// Models saved by Xcode as folders — `Shop.xcdatamodeld` (two versions, the current one
    /// named in `.xccurrentversion`) and `Inventory.xcdatamodel` — reach the plugin as folders
    /// and generate types: these lines compile only if they did. `ShopProduct` has its parent
    /// entity's `sku` as well as its own `price`; the first version's optional `title` is gone.
    @Test func modelFoldersGenerateTheirCurrentVersion() throws {
        let catalog = ShopCatalog(title: "Spring", products: [ShopProduct(sku: "A-1", price: 9.5)])
        let stored = try catalog.storedValue()
        #expect(stored == ["title": "Spring", "products": [["sku": "A-1", "price": .real(9.5)]]])
        #expect(try ShopCatalog(storedValue: stored, context: ReadContext()).products.first?.sku == "A-1")
        #expect(ShopProduct(sku: "B").price == 0)
        #expect(try InventoryBin(label: "Bolts").storedValue() == ["label": "Bolts", "count": 0])
    }

    @Test func theXcodeModelsTypesReadAndWriteTheirWireFormat() throws {
        // Defaults for new instances, dissolved relationships left out.
        let defaults = TestDefaults()
        #expect(defaults.defaultArray == ["zero", "one", "two"])
        #expect(defaults.defaultInt == 10)
        #expect(defaults.defaultChild.name == "New Child")
        let company = Company(name: "Acme")
        let stored = try company.storedValue()
        #expect(stored == ["name": "Acme", "yearFounded": .real(0)])
        let withStaff = Company(name: "Acme", employees: [Employee(name: "Ada", title: "Engineer")])
        let again = try Company(storedValue: try withStaff.storedValue(), context: ReadContext())
        #expect(again.employees.first?.name == "Ada")

        // Raw-value and plain enums, associated values.
        #expect(try Gender.female.storedValue() == ["value": "female"])
        let payload = TestAssociatedEnum.transformableColorType(RGBAColor(hex: "#336699")!)
        let payloadStored = try payload.storedValue()
        #expect(payloadStored[.key("TestAssociatedEnum")] == .string("transformableColorType"))
        guard case .transformableColorType(let color) = try TestAssociatedEnum(storedValue: payloadStored, context: ReadContext()) else {
            Issue.record("wrong case back")
            return
        }
        #expect(color.hex == "#336699")

        // Versions are written, and data without one reads as version 1.
        #expect(TestMigration.version == 2)
        #expect(try TestMigration(name: "n").storedValue()[.key("model_version")] == .integer(2))

        // Protocol values carry their conformer's tag and come back as that type.
        let registry = Conformers<any TestParentProtocol>.testParentProtocol
        #expect(registry.types.map(\.name) == ["TestProtocolConformer", "TestProtocolConformer2"])
    }
}
