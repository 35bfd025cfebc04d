// swift-format-ignore-file
// (The README example is copied from this file, aligned comments and all.)
import Foundation
import State
import StateTestSupport
import Testing

// The README's model example, compiled and run here. `readmeShowsThisCode` checks that the
// README's two code blocks are exactly the text between the markers below.

// README-DEFINITIONS-BEGIN
protocol Shape: Model {
    var name: String { get }
}

struct Circle: Shape {
    var name: String
    var radius: Double
    var fill: RGBAColor?

    init(name: String, radius: Double, fill: RGBAColor? = nil) {
        self.name = name
        self.radius = radius
        self.fill = fill
    }

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

struct Square: Shape, Codable {   // Codable types need no hand-written coding
    var name: String
    var side: Int16
}

extension Conformers where Value == any Shape {
    static var shape: Self { Conformers(root: "Shape", Circle.self, Square.self) }
}

struct Drawing: Model {
    var title: String
    var shapes: [any Shape]

    init(title: String, shapes: [any Shape]) {
        self.title = title
        self.shapes = shapes
    }

    init(from store: Store) throws {
        title = try store.value(forKey: "title")
        shapes = try store.value(forKey: "shapes", in: .shape)          // tagged "Shape": "Circle"
    }

    func write(to store: inout Store) throws {
        try store.set(title, forKey: "title")
        try store.set(shapes, forKey: "shapes", in: .shape)
    }

    static var version: Int? { 2 }                                         // written as model_version
    static var migrations: [Migration] {
        [Migration(from: 1) { $0.renameKey("name", to: "title") }]
    }
}
// README-DEFINITIONS-END

@Suite struct ReadmeExampleTests {
    @Test func theExampleRuns() async throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("drawing.plist")
        // README-USAGE-BEGIN
        let drawing = Drawing(title: "Logo", shapes: [
            Circle(name: "sun", radius: 4, fill: RGBAColor(hex: "#FFB300")),
            Square(name: "box", side: 3),
        ])
        try drawing.write(to: url, format: .binary)                      // or .xml, .json

        let again = try Drawing(contentsOf: url)                          // the format is detected
        print(again.shapes.map(\.name))                                   // ["sun", "box"]
        let loaded = try await Drawing.load(contentsOf: url)              // read off the caller's thread

        do {
            _ = try Drawing(string: #"{"title": "x", "shapes": [{"Shape": "Star"}]}"#)
        } catch let error as ModelError {
            print(error)   // shapes.0.Shape: "Star" is not a known Shape conformer (known: Circle, Square)
        }
        // README-USAGE-END
        #expect(again.shapes.map(\.name) == ["sun", "box"])
        #expect(loaded.shapes.map(\.name) == ["sun", "box"])
        #expect((again.shapes[0] as? Circle)?.fill?.hex == "#FFB300")
        #expect((again.shapes[1] as? Square)?.side == 3)
        let stored = try drawing.storedValue()
        #expect(stored["shapes.0.Shape"] == "Circle")
        #expect(stored["shapes.1"] == ["Shape": "Square", "name": "box", "side": 3])
        #expect(stored["model_version"] == 2)
        let error = try #require(throws: ModelError.self) {
            try Drawing(string: #"{"title": "x", "shapes": [{"Shape": "Star"}]}"#)
        }
        #expect(error.description == "shapes.0.Shape: \"Star\" is not a known Shape conformer (known: Circle, Square)")
        #expect(try Drawing(plistValue: ["name": "old", "shapes": []]).title == "old")
    }

    @Test func readmeShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        func between(_ name: String) throws -> String { try ReadmeSnippet.between(name, in: source) }
        let definitions = "```swift\nimport State\n\n" + (try between("DEFINITIONS")) + "\n```"
        let usage = "```swift\n" + (try between("USAGE")) + "\n```"
        #expect(readme.contains(definitions), "README's model definitions differ from ReadmeExampleTests.swift")
        #expect(readme.contains(usage), "README's usage example differs from ReadmeExampleTests.swift")
        // The documentation's article shows the same code.
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/ModelsAndStores.md"), encoding: .utf8)
        #expect(article.contains(definitions) && article.contains(usage), "ModelsAndStores.md's code differs from ReadmeExampleTests.swift")
    }
}
