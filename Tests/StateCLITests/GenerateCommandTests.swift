import Foundation
import State
import StateTestSupport
import Testing

/// `state generate`, run as the built binary: machine files rewritten, human files kept.
@Suite struct GenerateCommandTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    @Test func machineFilesAreRewrittenAndHumanFilesKept() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("Models")
        let schema = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema")
        let first = try state("generate", "--schema", schema.path, "-o", folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("_ColorAsset.swift") && names.contains("ColorAsset.swift") && names.contains("_Asset.swift") && names.contains("_Rendering.swift"))
        #expect(names.count == 22, "\(names)")
        let machine = folder.appendingPathComponent("_ColorAsset.swift")
        let human = folder.appendingPathComponent("ColorAsset.swift")
        #expect(try String(contentsOf: machine, encoding: .utf8).contains("public struct ColorAsset: Model, Asset {"))
        #expect(try String(contentsOf: machine, encoding: .utf8).contains("tags = try store.value(forKey: \"tags\") as [String]? ?? []"))

        // The user writes in the human file and scribbles in the machine file.
        try "extension ColorAsset { var isOpaque: Bool { color.alpha == 1 } }\n".write(to: human, atomically: true, encoding: .utf8)
        try "// scribble\n".write(to: machine, atomically: true, encoding: .utf8)
        let second = try state("generate", "--schema", schema.path, "-o", folder.path)
        #expect(second.status == 0)
        #expect(second.stdoutText.contains("wrote \(folder.path)/_ColorAsset.swift"))
        #expect(second.stdoutText.contains("kept  \(folder.path)/ColorAsset.swift (yours)"))
        #expect(try String(contentsOf: human, encoding: .utf8) == "extension ColorAsset { var isOpaque: Bool { color.alpha == 1 } }\n")
        #expect(try String(contentsOf: machine, encoding: .utf8).contains("public struct ColorAsset"))
        // Same schema, same bytes: nothing is written a third time.
        let third = try state("generate", "--schema", schema.path, "-o", folder.path)
        #expect(!third.stdoutText.contains("wrote"))
        #expect(third.stdoutText.contains("11 files unchanged"))
    }

    @Test func badSchemasAreReportedWithALocation() throws {
        let folder = try Fixtures.temporaryFolder()
        let schema = folder.appendingPathComponent("Bad.schema")
        try "struct A {\n  b: Missing\n}\n".write(to: schema, atomically: true, encoding: .utf8)
        let result = try state("generate", "--schema", schema.path, "-o", folder.appendingPathComponent("out").path)
        #expect(result.status == 1)
        #expect(result.stderr.contains(schema.path), "\(result.stderr)")
        #expect(result.stderr.contains("Missing"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/_A.swift").path))
    }
}
