import AssetLibraryExample
import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

@Suite struct InferenceTests {
    @Test func shapesAreRecognisedAndMarkedAsGuesses() throws {
        let tree = try SourceTree(parsing: AssetLibrary.sample.bytes(format: .json))
        let document = SchemaInference.annotate(tree)
        func role(_ path: PlistPath) throws -> NodeRole {
            let node = try #require(tree.index(at: path))
            return try #require(document.role(of: node))
        }
        #expect(try role("domains.Game.groups.Palette.assets.0").kind == .conformer("ColorAsset", protocolName: "Asset"))
        #expect(try role("domains.Game.groups.Palette.assets.0.Asset").kind == .typeTag)
        #expect(try role("domains.Game.groups.Palette.assets.0.color").kind == .color)
        #expect(try role("domains.Game.groups.Sprites.assets.1.rendering").kind == .enumValue("Rendering", caseName: "template"))
        #expect(try role("domains.Game.groups.Sounds.assets.0.format").kind == .enumValue("raw value", caseName: nil))
        #expect(try role("model_version").kind == .version)
        #expect(document.roles.distinctRoles.allSatisfy { $0.inferred })
        #expect(document.diagnostics.isEmpty)
        #expect(document.roles.assignedCount == tree.nodes.count)
    }

    /// The browser's quick pass over a wide list guesses its first children as the whole
    /// pass does and leaves the rest to it.
    @Test func aNarrowPassGuessesItsNodesAsTheWholePassDoes() throws {
        let people = PlistValue.array((0..<3000).map { ["name": .string("p\($0)"), "color": "#FF8000", "age": .integer(Int128($0))] })
        let tree = try SourceTree(parsing: try PlistValue.dictionary(["root": people, "title": "x"]).serialized(as: .binary))
        let whole = SchemaInference.annotate(tree)
        let narrow = SchemaInference.annotate(tree, depthLimit: 3, widthLimit: 100)
        let root = try #require(tree.index(at: "root"))
        var visited = 0
        for node in 0..<tree.nodes.count {
            guard let role = narrow.role(of: node) else { continue }
            visited += 1
            #expect(role == whole.role(of: node), "\(node)")
        }
        // The root, its two children, 100 people and their 300 fields.
        #expect(visited == 1 + 2 + 100 + 300)
        #expect(narrow.role(of: root + 1) != nil)
        #expect(narrow.role(of: try #require(tree.index(at: "root.99.color")))?.kind == .color)
        #expect(narrow.role(of: try #require(tree.index(at: "root.100"))) == nil)
        #expect(whole.role(of: try #require(tree.index(at: "root.2999.color")))?.kind == .color)
    }

    @Test func arraysOfLikeModelsAndLegacyTags() throws {
        let value: PlistValue = [
            "employees": [["name": "A", "title": "x"], ["name": "B", "title": "y"]],
            "mixed": [["name": "A"], ["other": 1]],
            "old": ["model_type_key": "TestProtocolConformer2", "name": "n", "ss_number": "1"],
            "notAColor": ["red": 2, "green": 0, "blue": 0, "alpha": 1],
            "plainEnum": ["TestRegEnum": "cold"],
            "notAnEnum": ["TestRegEnum": "Cold"],
        ]
        let tree = try SourceTree(parsing: value.serialized(as: .xml))
        let document = SchemaInference.annotate(tree)
        func kind(_ path: PlistPath) -> NodeRole.Kind? { tree.index(at: path).flatMap { document.role(of: $0)?.kind } }
        #expect(kind("employees") == .value(.array(.named("Employee"))))
        #expect(kind("employees.1") == .model("Employee"))
        #expect(kind("mixed") == .value(.array(.scalar(.any))))
        #expect(kind("old") == .conformer("TestProtocolConformer2", protocolName: "?"))
        #expect(kind("notAColor") != .color)
        #expect(kind("plainEnum") == .enumValue("TestRegEnum", caseName: "cold"))
        #expect(kind("notAnEnum") != .enumValue("TestRegEnum", caseName: "Cold"))
    }
}

/// How often inference takes ordinary data for models, tags and enums, measured on files
/// shaped like the ones users open (written by the team, not copied), and how often it still
/// finds the State framework's own tags.
@Suite struct InferenceAccuracyTests {
    static let realShaped = [
        "Info.plist", "App.entitlements", "com.example.backup.plist", "com.googlecode.iterm2.plist", "Harbor.tmTheme",
        "Notes.alfredworkflow/info.plist", "package.json", "countries.geojson", "karabiner.json", "mixed.json",
    ]

    /// Every protocol, tag or enum guess in a file that has none, and every type named after
    /// data (a UUID, words with spaces).
    static func falseGuesses(in tree: SourceTree) -> [String] {
        let document = SchemaInference.annotate(tree)
        let links = NodeLinks(tree)
        var wrong: [String] = []
        for node in tree.nodes.indices {
            guard let role = document.role(of: node) else { continue }
            let path = links.path(of: node, in: tree).description
            switch role.kind {
            case .conformer, .typeTag, .enumValue:
                wrong.append("\(path): \(role.label)")
            case .model(let name), .value(.array(.named(let name))):
                if !SchemaInference.looksLikeName(name) { wrong.append("\(path): type named \(name)") }
            default:
                break
            }
        }
        return wrong
    }

    @Test func realShapedFilesGetNoFalseTags() throws {
        var nodes = 0
        var wrong: [String] = []
        for name in Self.realShaped {
            let tree = try SourceTree(contentsOf: Fixtures.realShaped(name))
            nodes += tree.nodes.count
            wrong += Self.falseGuesses(in: tree).map { "\(name): \($0)" }
        }
        // The rate over every node of every file; zero is the bar.
        let rate = Double(wrong.count) / Double(nodes)
        #expect(wrong.isEmpty, "false-positive rate \(rate) over \(nodes) nodes: \(wrong.prefix(10))")
        #expect(nodes > 300, "the files are big enough to mean something")
    }

    @Test func theSampleWithoutItsSchemaKeepsItsTags() throws {
        for format in [PlistFormat.xml, .json, .binary] {
            let tree = try SourceTree(parsing: AssetLibrary.sample.bytes(format: format))
            let schema = try SchemaLoader.load(AssetLibraryFixture.schemaURL)
            let typed = SchemaValidator(schema: schema).validate(tree, as: nil)
            let guessed = SchemaInference.annotate(tree)
            var conformers = 0
            for node in tree.nodes.indices {
                guard case .conformer(let name, let protocolName)? = typed.role(of: node)?.kind else { continue }
                conformers += 1
                #expect(guessed.role(of: node)?.kind == .conformer(name, protocolName: protocolName), "\(format) node \(node)")
            }
            #expect(conformers >= 5)
        }
    }
}

enum AssetLibraryFixture {
    static var schemaURL: URL { AssetLibrary.sampleFileURL.deletingLastPathComponent().appendingPathComponent("AssetLibrary.schema") }
}
