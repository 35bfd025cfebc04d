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
