import Foundation
import State
import StateTestSupport
import Testing

/// The macros as a user's package has them: `Tests/MacroConsumerPackage` depends only on the
/// `StateMacros` product and writes its models with no coding of its own. SwiftPM builds it
/// from scratch (swift-syntax included, a minute or two here); plistlib reads what it writes.
@Suite(.slow) struct MacroConsumerPackageTests {
    @Test func aPackageUsingOnlyTheMacrosWritesWhatPlistlibReads() throws {
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
    }
}
