import Foundation
import State
import StateCodegen
import StateSchema
import StateTestSupport
import Testing

/// The macros as a user's package has them: `Tests/MacroConsumerPackage` depends only on the
/// `StateMacros` product and writes its models with no coding of its own. SwiftPM builds it
/// from scratch (swift-syntax included, a minute or two here); plistlib reads what it writes.
@Suite(.slow) struct MacroConsumerPackageTests {
    @Test func aPackageUsingOnlyTheMacrosWritesWhatPlistlibReads() throws {
        // `state generate --macros` for the Asset Library schema is the checked-in Generated
        // module, and the sample library round-trips through it byte for byte.
        let schema = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema")
        let generated = try SwiftGenerator(schema: try SchemaLoader.load(schema), schemaName: "AssetLibrary.schema", macros: true).combinedMachineFile()
        let golden = Fixtures.packageRoot.appendingPathComponent("Tests/MacroConsumerPackage/Sources/Generated/AssetLibrary.swift")
        if ProcessInfo.processInfo.environment["STATE_RECORD_SNAPSHOTS"] == "1" { try Data(generated.utf8).write(to: golden) }
        let checkedIn = try String(contentsOf: golden, encoding: .utf8)
        #expect(generated == checkedIn, "Tests/MacroConsumerPackage/Sources/Generated/AssetLibrary.swift is not what state generate --macros writes now")
        let (folder, consumer, output) = try Fixtures.buildPackage("MacroConsumerPackage")
        // (Its build output names swift-syntax's modules: what ConsumerPackageTests checks a
        // package using State alone never builds.)
        #expect(output.contains("SwiftSyntax"))

        let file = folder.appendingPathComponent("palette.plist")
        let run = try ProcessRunner.run(consumer.appendingPathComponent(".build/debug/palette"), [file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == "Sunset: Coral, Dusk 0.75 gloss(0.5) | Old 1.0 [] matte\n")
        let expected: PlistValue = [
            "palette_name": "Sunset",
            "swatches": [
                ["Swatch": "Solid", "name": "Coral", "color": ["red": .real(1), "green": .real(0.5), "blue": .real(0.25), "alpha": .real(1)]],
                [
                    "Swatch": "Gradient", "name": "Dusk", "from": ["red": .real(0.2), "green": .real(0.1), "blue": .real(0.4), "alpha": .real(1)],
                    "to": ["red": .real(0), "green": .real(0), "blue": .real(0), "alpha": .real(0.5)],
                ],
            ],
            "opacity": .real(0.75),
            "finish": ["Finish": "gloss", "value": .real(0.5)],
            "model_version": 2,
        ]
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(expected))

        // The sample library round-trips through the generated types byte for byte.
        let sample = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist")
        let again = folder.appendingPathComponent("again.plist")
        let roundtrip = try ProcessRunner.run(consumer.appendingPathComponent(".build/debug/roundtrip"), [sample.path, again.path])
        #expect(roundtrip.status == 0, "\(roundtrip.stderr)")
        #expect(roundtrip.stdoutText == "Sample Library: Game, App\n")
        #expect(try FileBytes.read(again) == FileBytes.read(sample))
    }
}
