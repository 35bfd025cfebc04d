import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

/// The original State framework's Xcode model, `TestModels.xcdatamodel/contents`.
@Suite struct XcodeModelTests {
    let schema = try! XcodeModelLoader.load(Fixtures.state("TestModels.xcdatamodel.contents"))

    func structType(_ name: String) throws -> StructType {
        guard case .structure(let s)? = schema[name] else { throw SchemaError("\(name) is not a struct", file: "") }
        return s
    }

    func field(_ type: String, _ name: String) throws -> Field {
        try #require(try structType(type).fields.first { $0.name == name })
    }

    @Test func everyEntityLoadsWithTheRightKind() throws {
        let kinds = schema.types.values.map { "\($0.name) \($0.kindName)" }
        #expect(
            kinds == [
                "Company struct", "Employee struct", "Gender enum", "Grandchild struct", "TestAssociatedEnum enum",
                "TestAssociatedOptionalEnum enum", "TestChild struct", "TestCollections struct", "TestDefaults struct",
                "TestDefaultsChild struct", "TestDictionaryComposition struct", "TestImmutableOptionalTypes struct",
                "TestImmutableTypes struct", "TestMigration struct", "TestOptionalTypes struct", "TestOverrideType struct",
                "TestParentProtocol protocol", "TestProtocol protocol", "TestProtocolConformer struct",
                "TestProtocolConformer2 struct", "TestProtocolContainter struct", "TestRawEnum enum", "TestRegEnum enum",
                "TestRelationships struct", "TestTransformable struct", "TestTransient struct", "TestTransient2 struct",
                "TestTransient3 struct", "TestTypes struct",
            ])
        #expect(schema.undefinedNames.isEmpty)
    }

    @Test func protocolsInheritAndHaveConformers() throws {
        guard case .protocolType(let p)? = schema["TestProtocol"] else { Issue.record("TestProtocol"); return }
        #expect(p.parents == ["TestParentProtocol"])
        // Function requirements are code, not data.
        #expect(p.fields.map(\.name) == ["age", "name", "children", "grandchild"])
        #expect(schema.rootProtocol(of: "TestProtocol") == "TestParentProtocol")
        #expect(schema.conformers(of: "TestParentProtocol").map(\.name) == ["TestProtocolConformer", "TestProtocolConformer2"])
        #expect(schema.conformers(of: "TestProtocol").map(\.name) == ["TestProtocolConformer"])
        #expect(try structType("TestProtocolConformer").conformances == ["TestProtocol"])
        #expect(schema.allProtocols(of: "TestProtocolConformer") == ["TestProtocol", "TestParentProtocol"])
        #expect(schema.allFields(of: "TestProtocolConformer").map(\.name) == ["ss_number", "age", "name", "children", "grandchild", "isReady", "employee"])
        let container = try structType("TestProtocolContainter")
        #expect(
            container.fields.map { "\($0.name): \($0.type)" } == [
                "testProtocol: TestProtocol", "testProtocols: [TestParentProtocol]", "testProtocolsDict: [String: TestParentProtocol]",
            ])
    }

    @Test func enumsOfEveryKind() throws {
        guard case .enumeration(let gender)? = schema["Gender"], case .enumeration(let raw)? = schema["TestRawEnum"],
            case .enumeration(let plain)? = schema["TestRegEnum"], case .enumeration(let associated)? = schema["TestAssociatedEnum"]
        else { Issue.record("enums missing"); return }
        #expect(gender.rawType == .string)
        #expect(gender.cases.map(\.rawValue) == ["female", "male"])
        #expect(raw.cases.map { "\($0.name)=\($0.rawValue?.stringValue ?? "")" } == ["aim=Aim", "fire=Fire", "ready=Ready"])
        #expect(plain.rawType == nil)
        #expect(plain.cases.map(\.name) == ["cold", "hot"])
        #expect(plain.cases.allSatisfy { $0.payload == nil })
        #expect(
            associated.cases.map { "\($0.name)(\($0.payload.map(\.description) ?? "-"))" } == [
                "binaryType(Data)", "booleanType(Bool)", "dateType(Date)", "decimalType(Decimal)", "doubleType(Double)",
                "floatType(Float)", "intType(Int)", "stringType(String)", "transformableColorType(Color)",
                "decodableToManyType([Employee])", "decodableToOneType(Employee)",
            ])
    }

    @Test func attributesOfEveryCoreDataType() throws {
        let types = try structType("TestTypes").fields.map { "\($0.name): \($0.type)\($0.optional ? "?" : "")" }
        #expect(
            types == [
                "myBinary: Data", "myBoolean: Bool", "myDate: Date", "myDecimal: Decimal", "myDouble: Double",
                "myFloat: Float", "myInt: Int32", "myString: String",
            ])
        #expect(try structType("TestOptionalTypes").fields.allSatisfy(\.optional))
        #expect(try structType("TestImmutableTypes").fields.allSatisfy(\.immutable))
        #expect(try structType("TestImmutableOptionalTypes").fields.allSatisfy { $0.immutable && $0.optional })
        let url = try field("TestTransformable", "myTransformable")
        #expect(url.type == .scalar(.url) && url.transform == "URLTransform" && !url.optional)
        #expect(try field("TestTransformable", "myTransformableImmutableOptional").immutable)
        #expect(try field("TestOverrideType", "myArrayOfString").type == .array(.scalar(.string)))
        #expect(try field("TestOverrideType", "myURL").type == .scalar(.url))
        #expect(try field("TestCollections", "dicOfInts").type == .dictionary(.scalar(.int)))
        #expect(try field("TestCollections", "setOfStrings").type == .set(.scalar(.string)))
    }

    @Test func relationshipsDefaultsTransientsAndVersions() throws {
        let employees = try field("Company", "employees")
        #expect(employees.type == .array(.named("Employee")) && employees.dissolve && !employees.optional, "dissolved to-many: never nil")
        #expect(try field("TestDictionaryComposition", "employees").type == .dictionary(.named("Employee")))
        #expect(try field("TestRelationships", "myOneChild").type == .named("TestChild"))
        #expect(try field("TestDefaults", "defaultArray").defaultValue == ["zero", "one", "two"])
        #expect(try field("TestDefaults", "defaultInt").defaultValue == 10)
        #expect(try field("TestDefaults", "defaultManualString").type == .scalar(.string))
        #expect(try field("TestDefaults", "defaultManualString").defaultValue == "defaultManualString")
        #expect(try field("TestDefaultsChild", "name").defaultValue == "New Child")
        #expect(try field("TestTransient", "myTransientOptional").transient)
        #expect(try field("TestTransient", "myTransientRelationship").transient)
        #expect(try !field("TestTransient", "myNonTransient").transient)
        #expect(try structType("TestMigration").version == 2)
        #expect(try structType("Company").version == nil)
        // Xcode defaults are for new instances: State still required the key.
        #expect(try field("TestDefaults", "defaultInt").isRequired)
    }

    @Test func xcdatamodeldBundlesUseTheirCurrentVersion() throws {
        let folder = try Fixtures.temporaryFolder()
        let bundle = folder.appendingPathComponent("Models.xcdatamodeld")
        for version in ["Models", "Models 2"] {
            let dir = bundle.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let entity = version == "Models" ? "Old" : "New"
            try Data(#"<?xml version="1.0"?><model><entity name="\#(entity)"><attribute name="a" attributeType="String"/></entity></model>"#.utf8)
                .write(to: dir.appendingPathComponent("contents"))
        }
        #expect(try SchemaLoader.load(bundle).types.keys.elements == ["New"])  // no marker: the last by name
        let marker: PlistValue = ["_XCCurrentVersionName": "Models.xcdatamodel"]
        try Data(try marker.serialized(as: .xml)).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        #expect(try SchemaLoader.load(bundle).types.keys.elements == ["Old"])
        #expect(try SchemaLoader.load(bundle.appendingPathComponent("Models 2.xcdatamodel")).types.keys.elements == ["New"])
    }

    @Test func brokenModelsGiveLocatedErrors() throws {
        let truncated = Array("<?xml version=\"1.0\"?>\n<model>\n<entity name=\"A\">\n".utf8)
        let error = try #require(throws: SchemaError.self) { try XcodeModelLoader.load(contents: truncated, file: "m") }
        #expect(error.description.hasPrefix("m:"))
        #expect(error.line != nil)
        let badType = Array(#"<model><entity name="A"><attribute name="x" attributeType="Quaternion"/></entity></model>"#.utf8)
        let typeError = try #require(throws: SchemaError.self) { try XcodeModelLoader.load(contents: badType, file: "m") }
        #expect(typeError.message == "x: unknown attribute type \"Quaternion\"")
        let notModel = Array("<plist/>".utf8)
        #expect(throws: SchemaError.self) { try XcodeModelLoader.load(contents: notModel, file: "m") }
    }

    /// A concrete `parentEntity` is flattened into the child, as State's generator does: the
    /// child has the parent's attributes and relationships (its own win a clash), down a chain;
    /// the entities of a chain are never taken for the root.
    @Test func concreteParentEntitiesGiveTheirFieldsToChildren() throws {
        let contents = Array(
            """
            <model>
                <entity name="Company"><attribute name="name" attributeType="String"/><relationship name="staff" toMany="YES" destinationEntity="Employee"/></entity>
                <entity name="Person"><attribute name="name" attributeType="String"/><attribute name="age" optional="YES" attributeType="Integer 64"/><relationship name="home" destinationEntity="Address"/></entity>
                <entity name="Address"><attribute name="city" attributeType="String"/></entity>
                <entity name="Employee" parentEntity="Person"><attribute name="salary" attributeType="Double"/><attribute name="name" optional="YES" attributeType="String"/></entity>
                <entity name="Manager" parentEntity="Employee"><attribute name="reports" attributeType="Integer 16"/></entity>
            </model>
            """.utf8)
        let model = try XcodeModelLoader.load(contents: contents, file: "m")
        func fields(_ name: String) throws -> [String] {
            guard case .structure(let s)? = model[name] else { throw SchemaError("\(name) is not a struct", file: "") }
            return s.fields.map { "\($0.name): \($0.type)\($0.optional ? "?" : "")" }
        }
        #expect(try fields("Employee") == ["age: Int64?", "home: Address", "salary: Double", "name: String?"])
        #expect(try fields("Manager") == ["age: Int64?", "home: Address", "salary: Double", "name: String?", "reports: Int16"])
        #expect(model.root == "Company")

        let cycle = Array(#"<model><entity name="A" parentEntity="B"/><entity name="B" parentEntity="A"/></model>"#.utf8)
        #expect(throws: SchemaError.self) { try XcodeModelLoader.load(contents: cycle, file: "m") }
        // Two unrelated top-level types: no root is guessed.
        let two = Array(
            #"<model><entity name="A"><attribute name="x" attributeType="String"/></entity><entity name="B"><attribute name="y" attributeType="String"/></entity></model>"#.utf8)
        #expect(try XcodeModelLoader.load(contents: two, file: "m").root == nil)
    }

    @Test func exportedSchemaReadsBackTheSame() throws {
        let text = SchemaFileWriter.render(schema)
        let again = try SchemaFileParser.parse(text, file: "export")
        #expect(again.types.keys.sorted() == schema.types.keys.sorted())
        for name in schema.types.keys {
            // Xcode defaults are comments in the export (they are not defaults for missing keys).
            func withoutDefaults(_ type: SchemaType) -> SchemaType {
                func strip(_ fields: [Field]) -> [Field] {
                    fields.map {
                        var f = $0
                        f.defaultValue = nil
                        return f
                    }
                }
                switch type {
                case .structure(var s):
                    s.fields = strip(s.fields)
                    return .structure(s)
                case .protocolType(var p):
                    p.fields = strip(p.fields)
                    return .protocolType(p)
                case .enumeration:
                    return type
                }
            }
            let original = withoutDefaults(try #require(schema[name]))
            let read = withoutDefaults(try #require(again[name]))
            #expect(read == original, "\(name)")
        }
    }
}
