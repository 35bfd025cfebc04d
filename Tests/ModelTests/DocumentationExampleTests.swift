// swift-format-ignore-file
// (The documentation's examples are copied from this file, aligned comments and all.)
import Foundation
import State
import StateTestSupport
import Testing

// The code of the DocC articles (Sources/State/State.docc), compiled and run here;
// `articlesShowThisCode` checks that the articles show exactly the text between the markers.

enum DocumentationExample {
    // README-DOCC-CIRCLE-BEGIN
    struct Circle: Model {
        var name: String
        var radius: Double
        var fill: RGBAColor?

        init(from store: Store) throws {
            name = try store.value(forKey: "name")
            radius = try store.value(forKey: "radius")
            fill = try store.value(forKey: "fill", using: ColorTransform())   // absent ⇄ nil
        }

        func write(to store: inout Store) throws {
            try store.set(name, forKey: "name")
            try store.set(radius, forKey: "radius")
            try store.set(fill, forKey: "fill", using: ColorTransform())
        }
    }
    // README-DOCC-CIRCLE-END

    static func files(_ circle: Circle, url: URL) throws -> Circle {
        // README-DOCC-FILES-BEGIN
        try circle.write(to: url, format: .binary)          // or .xml, .json
        let again = try Circle(contentsOf: url)
        // README-DOCC-FILES-END
        return again
    }
}

extension DocumentationExample.Circle {
    init(name: String, radius: Double, fill: RGBAColor? = nil) {
        self.name = name
        self.radius = radius
        self.fill = fill
    }
}

@Suite struct DocumentationExampleTests {
    @Test func theGettingStartedCodeRuns() throws {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("circle.plist")
        let again = try DocumentationExample.files(DocumentationExample.Circle(name: "sun", radius: 4, fill: RGBAColor(hex: "#FFB300")), url: url)
        #expect(again.name == "sun" && again.radius == 4 && again.fill?.hex == "#FFB300")
        let expected: PlistValue = ["name": "sun", "radius": .real(4), "fill": ["red": .real(1), "green": .real(179.0 / 255), "blue": .real(0), "alpha": .real(1)]]
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(expected))
    }

    @Test func articlesShowThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/GettingStarted.md"), encoding: .utf8)
        for name in ["DOCC-CIRCLE", "DOCC-FILES"] {
            let code = "```swift\n" + (try ReadmeSnippet.between(name, in: source)) + "\n```"
            #expect(article.contains(code), "GettingStarted.md's \(name) code differs from DocumentationExampleTests.swift")
        }
    }
}
