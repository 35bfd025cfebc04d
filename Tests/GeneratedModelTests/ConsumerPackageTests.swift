import Foundation
import State
import StateTestSupport
import Testing

/// The plugin and the library as a user's package has them: `Tests/ConsumerPackage` depends on
/// this checkout (linked beside it as `State`, the identity a dependency on a `…/State.git`
/// URL has), keeps its Xcode model as the folder Xcode saves (`Shop.xcdatamodeld`, two
/// versions), and uses the generated types from its own code and an executable. SwiftPM
/// builds it from scratch (about a minute here) and the executable's file is checked with
/// plistlib.
@Suite(.slow) struct ConsumerPackageTests {
    @Test func aSeparatePackageBuildsAndUsesTheGeneratedModels() throws {
        let (folder, consumer, output) = try Fixtures.buildPackage("ConsumerPackage")
        // The plugin generated the models of the current version ("Shop 2": ShopProduct has
        // its parent's sku) and nothing was skipped.
        #expect(!output.contains("skipped") && !output.contains("no models generated"), "\(output)")
        // A user of the State library alone does not build swift-syntax (the macros are their
        // own product).
        #expect(!output.contains("SwiftSyntax"), "swift-syntax was built for a package that uses only State")

        let file = folder.appendingPathComponent("catalog.plist")
        let run = try ProcessRunner.run(consumer.appendingPathComponent(".build/debug/shop"), [file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == "Spring: A-1, B-2 = 9.75\n")
        let expected: PlistValue = [
            "title": "Spring", "products": [["sku": "A-1", "price": .real(9.5)], ["sku": "B-2", "price": .real(0.25)]],
        ]
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(expected))
    }
}
