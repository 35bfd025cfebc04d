import Foundation
import State
import StateSchema
import Testing

@Suite struct SchemaFileTests {
    @Test func everyFormOfDeclaration() throws {
        let schema = try SchemaFileParser.parse(
            """
            // comment
            root Scene
            protocol Shape { name: String }
            protocol Round: Shape { radius: Double }
            /// A circle.
            struct Circle: Round {
                /// Filled with this.
                let fill: Color?
                tags: Set<String> = [] @dissolve
                cache: Data? @transient
                link: URL @transform(URLTransform)
            }
            @version(2)
            struct Scene { shapes: [Shape]; byName: [String: Shape]; mode: Mode; fill: Fill? }
            enum Mode: String { case light, dark = "Dark" }
            enum Level: Int { case low = 1, high = 10 }
            enum Fill {
                case solid(Color), pattern([String])
                case none
            }
            """, file: "scene.schema")
        #expect(schema.root == "Scene")
        #expect(schema.types.keys.elements == ["Shape", "Round", "Circle", "Scene", "Mode", "Level", "Fill"])
        guard case .structure(let circle)? = schema["Circle"], case .structure(let scene)? = schema["Scene"],
            case .enumeration(let mode)? = schema["Mode"], case .enumeration(let level)? = schema["Level"],
            case .enumeration(let fill)? = schema["Fill"]
        else { Issue.record("types"); return }
        #expect(circle.conformances == ["Round"])
        let fillField = circle.fields[0]
        #expect(fillField.name == "fill" && fillField.type == .scalar(.color) && fillField.optional && fillField.immutable)
        #expect(fillField.transform == "ColorTransform" && fillField.documentation == "Filled with this.")
        #expect(circle.fields[1].dissolve && circle.fields[1].defaultValue == [] && circle.fields[1].type == .set(.scalar(.string)))
        #expect(circle.fields[2].transient)
        #expect(circle.fields[3].transform == "URLTransform")
        #expect(scene.version == 2)
        #expect(scene.fields.map(\.type.description) == ["[Shape]", "[String: Shape]", "Mode", "Fill"])
        #expect(mode.cases.map(\.rawValue) == ["light", "Dark"])
        #expect(level.rawType == .int && level.cases.map(\.rawValue) == [1, 10])
        #expect(fill.cases.map { $0.payload?.description ?? "-" } == ["Color", "[String]", "-"])
        #expect(schema.allFields(of: "Circle").map(\.name) == ["name", "radius", "fill", "tags", "cache", "link"])
        #expect(schema.rootProtocol(of: "Round") == "Shape")
    }

    /// `///` before a type documents it — above its attributes too — and survives a write and
    /// a read, as field comments do.
    @Test func typeCommentsAreKept() throws {
        let text = """
            /// Something to play.
            protocol Playable {
                /// In seconds.
                seconds: Int
            }

            /// A list of tracks,
            /// in order.
            @version(2)
            struct Playlist {
                name: String
            }

            // not documentation
            struct Track: Playable {
                title: String
            }

            /// How it feels.
            enum Mood { case calm, lively }
            """
        let schema = try SchemaFileParser.parse(text)
        guard case .structure(let playlist)? = schema["Playlist"], case .structure(let track)? = schema["Track"],
            case .protocolType(let playable)? = schema["Playable"], case .enumeration(let mood)? = schema["Mood"]
        else {
            Issue.record("types missing: \(schema)")
            return
        }
        #expect(playlist.documentation == "A list of tracks,\nin order." && playlist.version == 2)
        #expect(track.documentation == nil)
        #expect(playable.documentation == "Something to play." && playable.fields.first?.documentation == "In seconds.")
        #expect(mood.documentation == "How it feels.")
        #expect(try SchemaFileParser.parse(SchemaFileWriter.render(schema)) == schema)
    }

    @Test func mistakesAreReportedWithLineAndColumn() throws {
        func error(_ text: String) throws -> String {
            try #require(throws: SchemaError.self) { try SchemaFileParser.parse(text, file: "s") }.description
        }
        #expect(try error("struct A {\n  name String\n}") == "s:2:3: expected `name: Type`")
        #expect(try error("struct A {\n  name: Strin g\n}") == "s:2:3: \"Strin g\" is not a type")
        #expect(try error("struct A {\n  b: B\n}") == "s:2: type B is used but not declared")
        #expect(try error("struct A {\n  x: Int\n") == "s:1:1: this declaration has no closing }")
        #expect(try error("}") == "s:1:1: } without a declaration to close")
        #expect(try error("class A {\n}") == "s:1:1: expected struct, protocol or enum, found \"class\"")
        #expect(try error("struct A {}\nstruct A {}") == "s:2:1: A is declared twice")
        #expect(try error("struct A {\n  x: Int = nope\n}") == "s:2:3: default value nope is not a literal (a number, \"string\", true, false, [..], [:])")
        #expect(try error("struct A {\n  x: Int @frozen\n}") == "s:2:3: unknown field attribute @frozen (known: @transient, @immutable, @dissolve, @transform(Name))")
        #expect(try error("enum E: Int { case a }") == "s:1:15: case a needs a raw value (= number)")
        #expect(try error("enum E: Double { case a }") == "s:1:1: an enum's raw type must be String or an integer type")
        #expect(try error("enum E { case a = \"x\" }") == "s:1:10: E has no raw type; declare `enum E: String`")
        #expect(try error("root Missing") == "s:1: root type Missing is not declared")
        #expect(try error("struct A {\n  s: String = \"open\n}") == "s:2:20: unterminated string")
        #expect(try error("name: String") == "s:1:1: expected a declaration (struct, protocol, enum) or root, found \"name: String\"")
    }

    @Test func theAssetLibrarySchemaDescribesTheExample() throws {
        let schema = try SchemaLoader.load(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema"))
        #expect(schema.root == "AssetLibrary")
        #expect(schema.conformers(of: "Asset").map(\.name) == ["ColorAsset", "SoundAsset", "ImageAsset"])
        #expect(schema.conformers(of: "FileAsset").map(\.name) == ["SoundAsset", "ImageAsset"])
        let exported = SchemaFileWriter.render(schema)
        #expect(try SchemaFileParser.parse(exported) == schema)
    }
}
