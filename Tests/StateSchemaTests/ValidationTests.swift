import AssetLibraryExample
import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

@Suite struct ValidationTests {
    let schema = try! SchemaLoader.load(AssetLibrary.sampleFileURL.deletingPathExtension().appendingPathExtension("schema"))

    func validate(_ text: String, as root: String? = nil) throws -> TypedDocument {
        SchemaValidator(schema: schema).validate(try SourceTree(parsing: Array(text.utf8)), as: root)
    }

    /// The sample library with `replacements` applied to its XML text.
    func sample(_ replacements: [(String, String)]) throws -> String {
        var text = try AssetLibrary.sample.string(format: .xml)
        for (old, new) in replacements {
            let range = try #require(text.range(of: old), "\(old) not in the sample")
            text.replaceSubrange(range, with: new)
        }
        return text
    }

    @Test func theSampleIsValidAndEveryNodeIsTyped() throws {
        let tree = try SourceTree(parsing: Array(try AssetLibrary.sample.string(format: .xml).utf8))
        let document = SchemaValidator(schema: schema).validate(tree)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.rootType == "AssetLibrary")
        func role(_ path: PlistPath) throws -> NodeRole {
            let node = try #require(tree.index(at: path))
            return try #require(document.role(of: node))
        }
        #expect(try role("").label == "AssetLibrary")
        #expect(try role("domains.Game.groups.Palette.assets.0").label == "ColorAsset : Asset")
        #expect(try role("domains.Game.groups.Palette.assets.0.color").kind == .color)
        #expect(try role("domains.Game.groups.Palette.assets.0.color").transform == "ColorTransform")
        #expect(try role("domains.Game.groups.Sounds.assets.0").label == "SoundAsset : Asset")
        #expect(try role("domains.Game.groups.Sounds.assets.0.format").label == "SoundFormat.caf")
        #expect(try role("domains.Game.groups.Sprites.assets.1.rendering").label == "Rendering.template")
        #expect(try role("domains.Game.groups.Sprites.assets.0.size").label == "ImageSize")
        #expect(try role("domains.Game.groups.Palette.assets").label == "[Asset]")
        #expect(try role("domains.Game.groups.Palette.assets.0.Asset").kind == .typeTag)
        #expect(try role("model_version").kind == .version)
        #expect(try role("domains.Game.groups.Palette.assets.0.name").field == "name")
        // Every node has a role.
        #expect(document.roles.assignedCount == tree.nodes.count)
    }

    @Test func deliberateErrorsAreReportedWithTheirKeyPaths() throws {
        let text = try sample([
            ("<string>SoundAsset</string>", "<string>MidiAsset</string>"),  // unknown conformer
            ("<key>name</key>\n\t\t\t\t\t\t\t<string>Background</string>", "<key>label</key>\n\t\t\t\t\t\t\t<string>Background</string>"),  // missing field + unexpected key
            ("<real>0.35</real>", "<real>1.35</real>"),  // color out of range
            ("<string>template</string>", "<string>stencil</string>"),  // bad enum case
            ("<integer>64</integer>", "<string>64</string>"),  // wrong type
            ("<integer>3</integer>", "<integer>4</integer>"),  // version too new
        ])
        let tree = try SourceTree(parsing: Array(text.utf8))
        let document = SchemaValidator(schema: schema).validate(tree)
        let lines = document.diagnostics.map(\.description)
        #expect(
            lines == [
                "domains.Game.groups.Palette.assets.1.label: warning: ColorAsset has no field \"label\" (kept as it is)",
                "domains.Game.groups.Palette.assets.1: required field \"name\" (String) is missing",
                "domains.Game.groups.Palette.assets.2.color.alpha: alpha 1.35 is outside 0…1",
                "domains.Game.groups.Sounds.assets.0.Asset: \"MidiAsset\" is not a known Asset conformer (known: ColorAsset, SoundAsset, ImageAsset)",
                "domains.Game.groups.Sprites.assets.0.size.width: expected an integer (Int), found string \"64\"",
                "domains.Game.groups.Sprites.assets.1.rendering.Rendering: string \"stencil\" is not a case of Rendering (original, template)",
                "model_version: data is AssetLibrary version 4, newer than the schema's version 3",
            ], "\(lines.joined(separator: "\n"))")
        #expect(document.diagnostics.map(\.kind) == [.unexpectedKey, .missingField, .transformFailed, .unknownConformer, .wrongType, .badEnumCase, .versionMismatch])
        // Nothing is dropped: the unknown key and the unknown conformer's node are still there.
        let label = try #require(tree.index(at: "domains.Game.groups.Palette.assets.1.label"))
        #expect(document.role(of: label)?.kind == .unknown)
        #expect(tree.index(at: "domains.Game.groups.Sounds.assets.0.duration") != nil)
    }

    @Test func moreKindsOfProblems() throws {
        let untagged = try validate(#"{"name": "x", "assets": [{"name": "a", "created": "2026-01-01T00:00:00Z"}]}"#, as: "AssetGroup")
        #expect(untagged.diagnostics.map(\.description) == ["assets.0: a Asset value needs a type tag: key \"Asset\" naming its conformer"])
        let legacy = try validate(
            #"{"name": "x", "assets": [{"model_type_key": "ColorAsset", "name": "a", "created": "2026-01-01T00:00:00Z", "color": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}]}"#,
            as: "AssetGroup")
        #expect(legacy.diagnostics.isEmpty)
        let notArray = try validate(#"{"name": "x", "assets": {"a": 1}}"#, as: "AssetGroup")
        #expect(notArray.diagnostics.map(\.description) == ["assets: expected an array of Asset, found dictionary"])
        let rawEnum = try validate(
            #"{"Asset": "SoundAsset", "name": "s", "created": "2026-01-01T00:00:00Z", "url": "file:///a", "format": {"value": "ogg"}, "duration": 1, "channels": 300}"#, as: "Asset"
        )
        #expect(
            rawEnum.diagnostics.map(\.description) == [
                "format.value: string \"ogg\" is not a raw value of SoundFormat (\"caf\", \"wav\", \"mp3\", \"aac\")",
                "channels: 300 is outside the range of Int8 (-128…127)",
            ])
        let oldVersion = try validate(#"{"name": "x", "domains": {}, "model_version": 2}"#)
        #expect(oldVersion.diagnostics.map(\.description) == ["model_version: warning: data is AssetLibrary version 2; reading migrates it to version 3"])
        #expect(oldVersion.errors.isEmpty)
        let badURL = try validate(#"{"Asset": "SoundAsset", "name": "s", "created": "yesterday", "url": "", "format": {"value": "caf"}, "duration": 1}"#, as: "Asset")
        #expect(
            badURL.diagnostics.map(\.description) == [
                "created: \"yesterday\" is not an ISO-8601 date (2015-04-11T23:26:11Z)",
                "url: \"\" is not a URL",
            ])
    }

    @Test func theRootIsGuessedWhenTheSchemaNamesNone() throws {
        var schema = self.schema
        schema.root = nil
        let tree = try SourceTree(parsing: Array(#"{"name": "Lib", "domains": {}}"#.utf8))
        #expect(SchemaValidator(schema: schema).validate(tree).rootType == "AssetLibrary")
    }

    @Test func fixtureModelValidatesTheFixtureData() throws {
        let xcode = try XcodeModelLoader.load(Fixtures.state("TestModels.xcdatamodel.contents"))
        let plist = try SourceTree(contentsOf: Fixtures.state("Data.plist"))
        let company: PlistValue = ["name": "State llc", "yearFounded": 2015, "employees": [["name": "Joe", "title": "CEO"]]]
        let good = SchemaValidator(schema: xcode).validate(try SourceTree(parsing: company.serialized(as: .xml)), as: "Company")
        #expect(good.diagnostics.isEmpty)
        // Data.plist's users are not Employees: their keys are unexpected and "name" is there.
        let users = SchemaValidator(schema: xcode).validate(plist, as: "TestDictionaryComposition")
        #expect(users.errors.map(\.description) == ["(root): required field \"employees\" ([String: Employee]) is missing"])
    }
}

/// OpenStep has only strings: a schema's number and bool fields read them as their text.
@Suite struct OpenStepValidationTests {
    @Test func numberAndBoolFieldsReadStrings() throws {
        let schema = try SchemaFileParser.parse(
            """
            root Project
            struct Project {
                archiveVersion: Int
                objectVersion: Int16
                classes: [String: String]
                objects: [String: Any]
                rootObject: String
                indexed: Bool = false
            }
            """)
        let project = try SourceTree(contentsOf: Fixtures.realShaped("project.pbxproj"))
        let document = SchemaValidator(schema: schema).validate(project, as: nil)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let wrong = try SourceTree(parsing: Array("{ archiveVersion = one; objectVersion = 70000; classes = {}; objects = {}; rootObject = x; indexed = maybe; }".utf8))
        let diagnostics = SchemaValidator(schema: schema).validate(wrong, as: nil).diagnostics.map { "\($0.path): \($0.message)" }
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.contains { $0.hasPrefix("objectVersion: ") && $0.contains("70000") })
    }
}
