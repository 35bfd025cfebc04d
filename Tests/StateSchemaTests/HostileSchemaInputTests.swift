import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

/// Schemas and Xcode models are input like any file: every one fuzzing or a user found that
/// trapped, crashed, overflowed the stack or took minutes now gives a located error (or loads).
@Suite struct HostileSchemaInputTests {
    /// The `SchemaError` `load` throws, or nil when it loads.
    func loadError(_ load: () throws -> Schema) -> SchemaError? {
        do {
            _ = try load()
            return nil
        } catch let error as SchemaError {
            return error
        } catch {
            Issue.record("not a SchemaError: \(error)")
            return nil
        }
    }

    func schemaError(_ text: String) -> SchemaError? { loadError { try SchemaFileParser.parse(text, file: "s") } }

    func modelError(_ bytes: [UInt8]) -> SchemaError? { loadError { try XcodeModelLoader.load(contents: bytes, file: "m") } }

    @Test func garbledSchemaFilesGiveLocatedErrors() {
        #expect(schemaError("{")?.description == "s:1:1: expected `struct Name`, `protocol Name` or `enum Name`")
        #expect(schemaError(" : {")?.line == 1)
        #expect(schemaError("struct A {\n  x: [[[\n}\n")?.description == "s:2: unclosed bracket")
        #expect(schemaError("struct\n") != nil)
    }

    /// Ten thousand brackets: refused at once (the nesting is bounded before the recursive
    /// parse), with a message that quotes only the ends of the text.
    @Test func deeplyNestedTypesAreRefusedQuickly() throws {
        let deep = String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000)
        let error = try #require(schemaError("struct A {\n  x: \(deep)\n}\n"))
        #expect(error.line == 2 && error.message.hasSuffix("is not a type") && error.message.count < 400)
        let fine = String(repeating: "[", count: FieldType.maxNesting) + "Int" + String(repeating: "]", count: FieldType.maxNesting)
        #expect(schemaError("struct A {\n  x: \(fine)\n}\n") == nil)
    }

    /// A long inheritance chain loads, and its conformers are found without walking the chain
    /// once per protocol.
    @Test func aLongProtocolChainLoads() throws {
        let count = 5_000
        var text = "protocol P0 {\n  x: Int\n}\n"
        for i in 1..<count { text += "protocol P\(i): P\(i - 1) {\n}\n" }
        text += "struct S: P\(count - 1) {\n  x: Int\n}\n"
        let schema = try SchemaFileParser.parse(text, file: "s")
        #expect(schema.conformers(of: "P0").map(\.name) == ["S"])
        #expect(schema.conformers(of: "P\(count / 2)").map(\.name) == ["S"])
        #expect(schema.allProtocols(of: "S").count == count)
    }

    @Test func hostileModelXMLGivesLocatedErrors() {
        // A processing instruction with no data crashed Foundation's XMLParser.
        #expect(modelError(Array("<?x?><model/>".utf8)) == nil)
        #expect(modelError(Array("<?x?>".utf8))?.message == "not a data model: no root element")
        // Invalid UTF-8 in an element name.
        let broken = Array(#"<model><entity name="A"#.utf8) + [0xFF, 0xFE] + Array(#""/></model>"#.utf8)
        #expect(modelError(broken)?.description == "m:1:23: not a data model: the text is not UTF-8 (byte 0xff)")
        #expect(modelError(Array("<model>\n<entity name=\"A\">\n</model>".utf8))?.description == "m:3: not a data model: </model> closes <entity> from line 2")
        #expect(modelError(Array(#"<model><entity name="A" x="&bogus;"/></model>"#.utf8))?.message == "not a data model: unknown entity &bogus;")
        #expect(modelError(Array("<plist/>".utf8))?.message == "not a data model: the root element is <plist>, not <model>")
        #expect(modelError(Array("<model><entity name='A'>".utf8))?.message == "not a data model: <entity> from line 1 is not closed")
    }

    /// Found by `Fuzz/FuzzXcodeModel`: NUL bytes inside a tag made an attribute without a
    /// name, and the model exported a schema file that did not load back. Every name a model
    /// gives must be one a schema file can spell.
    @Test func namesAModelGivesMustBeSchemaNames() {
        let nul = Array(#"<model><entity name="A"><attribute "#.utf8) + [0, 0] + Array(#"name="title" attributeType="String"/></entity></model>"#.utf8)
        #expect(modelError(nul)?.description == "m:1:36: not a data model: control character 0x0 (XML allows none but tab, LF and CR)")
        let unnamed = Array(#"<model><entity name="A"><attribute attributeType="String"/></entity></model>"#.utf8)
        #expect(modelError(unnamed)?.message == "an attribute has no name")
        let spaced = Array(#"<model><entity name="A B"><attribute name="x" attributeType="String"/></entity></model>"#.utf8)
        #expect(modelError(spaced)?.message == "an entity is named \"A B\", which is not a name (letters, digits and _)")
    }

    /// 70 000 nested elements overflowed the stack when the element tree was freed.
    @Test func deepModelXMLIsRefusedAtTheDepthLimit() {
        let deep = "<model>" + String(repeating: "<a>", count: 70_000) + String(repeating: "</a>", count: 70_000) + "</model>"
        #expect(modelError(Array(deep.utf8))?.message == "not a data model: elements nested deeper than 64 levels (Xcode writes five)")
    }

    /// A relationship to a missing entity used to export a schema file that did not load back.
    @Test func aRelationshipToAMissingEntityIsRefused() {
        let model = Array(#"<model><entity name="A"><relationship name="r" destinationEntity="Missing"/></entity></model>"#.utf8)
        #expect(modelError(model)?.message == "r: the destination entity Missing is not in the model")
    }

    /// Found by FuzzXcodeModel once it fuzzed with coverage: a model with two attributes of one
    /// name, or a `State.Type` naming no type, exported schema files that did not load back —
    /// and a schema file with two fields or cases of one name loaded (its generated Swift would
    /// not compile). All are refused, with their lines.
    @Test func namesTwiceAndUnknownTypesAreRefused() {
        let twice = Array(
            #"<model><entity name="Shop"><attribute name="price" attributeType="Double"/>\#n<attribute name="price" attributeType="Boolean"/></entity></model>"#.utf8)
        #expect(modelError(twice)?.description == "m:2: Shop has two attributes or relationships named price")
        let unknown = Array(
            #"<model><entity name="Shop"><attribute name="d" attributeType="Decimal"><userInfo><entry key="State.Type" value="[NSDecimalNrbuem]"/></userInfo></attribute></entity></model>"#
                .utf8)
        #expect(modelError(unknown)?.message == "d: State.Type names NSDecimalNrbuem, which is no entity of the model nor a Swift or Foundation type")
        let cases = Array(
            #"<model><entity name="E"><userInfo><entry key="State.Enum" value="YES"/></userInfo><attribute name="a" attributeType="String"/><attribute name="a" attributeType="String"/></entity></model>"#
                .utf8)
        #expect(modelError(cases)?.message == "E has two cases named a")
        let rawWithValue = Array(
            #"<model><entity name="E"><userInfo><entry key="State.Enum" value="YES"/><entry key="State.Type" value="String"/></userInfo><attribute name="a" attributeType="String"/><relationship name="r" destinationEntity="E"/></entity></model>"#
                .utf8)
        #expect(modelError(rawWithValue)?.message == "E is a raw-value enum (State.Type), so the relationship r cannot be one of its cases")
        #expect(schemaError("struct A {\n    price: Double\n    price: Bool\n}\n")?.description == "s:3:5: A has two fields named price")
        #expect(schemaError("enum E {\n    case a\n    case b, a\n}\n")?.description == "s:3:5: E has two cases named a")
        #expect(schemaError("protocol P {\n    x: Int\n    x: Int\n}\n")?.message == "P has two fields named x")
    }

    /// FuzzSchemaFile: a case named with a combining mark first loaded, and its export (where
    /// the mark joins the space before it) did not.
    @Test func namesStartWithALetter() throws {
        #expect(schemaError("enum E: String {\n    case a, \u{073A}ct\n}\n") != nil)
        let schema = try SchemaFileParser.parse("enum E: String {\n    case café, e\u{0301}t\u{0301}e\u{0301}, _x1\n}\n", file: "s")
        #expect(try SchemaFileParser.parse(SchemaFileWriter.render(schema), file: "again") == schema)
    }

    /// Entities and attribute values with entities decode as XML says.
    @Test func attributeValuesAreDecoded() throws {
        let model = Array(
            #"<?xml version="1.0"?><!-- c --><!DOCTYPE x [<!ENTITY y "z">]><model><entity name="A"><attribute name="a&#95;b" attributeType="String" defaultValueString="&lt;&#65;&#x42;&gt;"/></entity></model>"#
                .utf8)
        let schema = try XcodeModelLoader.load(contents: model, file: "m")
        guard case .structure(let a)? = schema["A"] else {
            Issue.record("no struct A")
            return
        }
        #expect(a.fields.map(\.name) == ["a_b"])
        #expect(a.fields.first?.defaultValue == "<AB>")
    }
}
