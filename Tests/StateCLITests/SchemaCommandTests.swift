import Foundation
import State
import StateTestSupport
import Testing

/// `state schema`, `state validate` and `state print --schema`, run as the built binary.
@Suite struct SchemaCommandTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    var sample: URL { Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist") }
    var sampleSchema: URL { Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema") }

    @Test func schemaListsProtocolsWithConformersAndFields() throws {
        let result = try state("schema", Fixtures.state("TestModels.xcdatamodel.contents").path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdoutText
        #expect(text.contains("  TestParentProtocol — conformers: TestProtocolConformer, TestProtocolConformer2\n    ss_number: String\n"))
        #expect(text.contains("  TestProtocol : TestParentProtocol — conformers: TestProtocolConformer\n"))
        #expect(text.contains("  TestProtocolConformer : TestProtocol\n    isReady: Bool?\n    employee: Employee\n"))
        #expect(text.contains("  TestRawEnum : String\n    case aim = \"Aim\"\n"))
        #expect(text.contains("  TestMigration (version 2)\n"))
        let export = try state("schema", Fixtures.state("TestModels.xcdatamodel.contents").path, "--export")
        #expect(export.status == 0)
        #expect(export.stdoutText.contains("protocol TestProtocol: TestParentProtocol {\n    age: Int64? // default for new instances: 0\n"))
        // The export is itself a schema file state reads.
        let folder = try Fixtures.temporaryFolder()
        let exported = folder.appendingPathComponent("TestModels.schema")
        try Data(export.stdout).write(to: exported)
        let again = try state("schema", exported.path)
        #expect(again.status == 0)
        #expect(again.stdoutText.contains("TestProtocolConformer : TestProtocol"))
        let missing = try state("schema", "/nonexistent.schema")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent.schema: no such file or folder"))
    }

    @Test func validateFindsTheSchemaBesideTheFile() throws {
        let ok = try state("validate", sample.path)
        #expect(ok.status == 0, "\(ok.stdoutText)\(ok.stderr)")
        #expect(ok.stdoutText.isEmpty)
        // A copy with errors, and its schema under the FILE.schema name.
        let folder = try Fixtures.temporaryFolder()
        let broken = folder.appendingPathComponent("library.json")
        var text = try String(contentsOf: sample, encoding: .utf8)
        text = text.replacingOccurrences(of: "<string>Accent</string>", with: "<integer>7</integer>")
        let value = try PlistValue(parsing: Array(text.utf8))
        try Data(try value.serialized(as: .json)).write(to: broken)
        let noSchema = try state("validate", broken.path)
        #expect(noSchema.status == 64)
        #expect(noSchema.stderr.contains("no schema to validate against: none given, and none found beside it that fits"))
        try FileManager.default.copyItem(at: sampleSchema, to: folder.appendingPathComponent("library.json.schema"))
        let bad = try state("validate", broken.path)
        #expect(bad.status == 1)
        #expect(bad.stdoutText == "domains.Game.groups.Palette.assets.0.name: expected a string, found integer 7\n")
        let json = try state("validate", broken.path, "--json")
        #expect(json.status == 1)
        let parsed = try PlistValue(parsing: json.stdout)
        #expect(parsed == [["path": "domains.Game.groups.Palette.assets.0.name", "severity": "error", "kind": "wrong-type", "message": "expected a string, found integer 7"]])
        // An explicit --schema wins; a broken schema is a bad input.
        let badSchema = folder.appendingPathComponent("bad.schema")
        try Data("struct A {\n  x: Nope\n}".utf8).write(to: badSchema)
        let schemaError = try state("validate", broken.path, "--schema", badSchema.path)
        #expect(schemaError.status == 1)
        #expect(schemaError.stderr.contains("bad.schema:2: type Nope is used but not declared"))
    }

    @Test func printWithASchemaNamesTypesAndConformers() throws {
        let result = try state("print", sample.path, "--schema", sampleSchema.path)
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == ["{  # AssetLibrary", "  \"name\" => \"Sample Library\"", "  \"domains\" => {  # [String: AssetDomain] (2)", "    \"Game\" => {  # AssetDomain"])
        #expect(lines.contains("            0 => {  # ColorAsset : Asset"))
        #expect(lines.contains("              \"color\" => {  # Color #FF8000"))
        #expect(lines.contains("              \"format\" => {  # SoundFormat.caf"))
        // Found beside the file without --schema; --raw turns it off.
        #expect(try state("print", sample.path).stdoutText == result.stdoutText)
        #expect(try state("print", sample.path, "--raw").stdoutText.hasPrefix("{\n  \"name\" => \"Sample Library\"\n"))
    }

    /// The folder's only schema applies to a file it fits (a copy of the sample under another
    /// name), and to nothing else: an entitlements file beside it is read without a schema,
    /// `validate` refuses to judge it by a schema nobody named, and `--no-schema` turns the
    /// search off.
    @Test func aSchemaFoundInTheFolderAppliesOnlyWhereItFits() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(at: sampleSchema, to: folder.appendingPathComponent("Library.schema"))
        let copy = folder.appendingPathComponent("Backup.plist")
        try FileManager.default.copyItem(at: sample, to: copy)
        let entitlements = folder.appendingPathComponent("App.entitlements")
        try FileManager.default.copyItem(at: Fixtures.realShaped("App.entitlements"), to: entitlements)

        let fits = try state("validate", copy.path)
        #expect(fits.status == 0, "\(fits.stderr)")
        let unrelated = try state("validate", entitlements.path)
        #expect(unrelated.status == 64)
        #expect(unrelated.stderr.contains("state: note: Library.schema beside App.entitlements does not fit"))
        #expect(!unrelated.stdoutText.contains("missing"), "no errors from a schema nobody named")
        let printed = try state("print", entitlements.path)
        #expect(printed.status == 0)
        #expect(!printed.stdoutText.contains("!"), "\(printed.stdoutText)")
        // Named, it is used: and the file does not fit it.
        let named = try state("validate", entitlements.path, "--schema", folder.appendingPathComponent("Library.schema").path)
        #expect(named.status == 1)
        // --no-schema: the sample copy is read by inference (guesses marked ~).
        let guessed = try state("print", copy.path, "--no-schema")
        #expect(guessed.status == 0)
        #expect(guessed.stdoutText.contains("~"))
        #expect(try state("validate", copy.path, "--no-schema").status == 64)
    }
}
