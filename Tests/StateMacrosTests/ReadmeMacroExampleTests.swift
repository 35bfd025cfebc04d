// swift-format-ignore-file
// (The README example is copied from this file, aligned comments and all.)
import Foundation
import StateMacros
import StateTestSupport
import Testing

// The README's macro example, compiled and run here; `readmeShowsTheMacroExample` checks that
// the README shows exactly the text between the markers.

// README-MACROS-BEGIN
protocol Figure: Model {
    var name: String { get }
}

let figureConformers = Conformers<any Figure>(root: "Figure", Disc.self, Label.self)   // the registry

@StateModel
struct Disc: Figure {
    var name: String
    var radius: Double = 1                                 // a default for a missing key
    @Transform(ColorTransform()) var fill: RGBAColor?      // through a transform; nil is not written
}

@StateModel
struct Label: Figure {
    var name: String
    @Key("text_value") var text: String                   // stored under another key
}

@StateModel
enum Layer {
    case background, overlay(Double)                       // {"Layer": "overlay", "value": 0.5}
}

@StateModel
struct Sketch {
    var title: String
    @Conforming(figureConformers) var figures: [any Figure]   // tagged "Figure": "Disc"
    @Dissolved var tags: [String] = []                     // not written when empty
    var layer: Layer = .background
    @Transient var isSelected = false                      // not stored

    static var version: Int? { 2 }
    static var migrations: [Migration] { [Migration(from: 1) { $0.renameKey("name", to: "title") }] }
}
// README-MACROS-END

@Suite struct ReadmeMacroExampleTests {
    @Test func theExampleWritesWhatItSays() throws {
        let sketch = Sketch(title: "Logo", figures: [Disc(name: "sun", radius: 4, fill: RGBAColor(hex: "#FFB300")), Label(name: "l", text: "Hi")], layer: .overlay(0.5))
        let stored = try sketch.storedValue()
        #expect(stored["figures.0"] == ["Figure": "Disc", "name": "sun", "radius": 4.0, "fill": ["red": 1.0, "green": .real(179.0 / 255), "blue": 0.0, "alpha": 1.0]])
        #expect(stored["figures.1"] == ["Figure": "Label", "name": "l", "text_value": "Hi"])
        #expect(stored["layer"] == ["Layer": "overlay", "value": 0.5])
        #expect(stored["tags"] == nil && stored["isSelected"] == nil)
        #expect(stored["model_version"] == 2)
        let old = try Sketch(string: #"{"name": "old", "figures": [{"Figure": "Disc", "name": "d"}]}"#)
        #expect(old.title == "old" && old.layer == .background && old.tags.isEmpty)
        #expect((old.figures[0] as? Disc)?.radius == 1)
    }

    @Test func readmeShowsTheMacroExample() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let example = "```swift\nimport StateMacros\n\n" + (try ReadmeSnippet.between("MACROS", in: source)) + "\n```"
        #expect(readme.contains(example), "README's macro example differs from ReadmeMacroExampleTests.swift")
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/StateMacros/StateMacros.docc/StateMacros.md"), encoding: .utf8)
        #expect(article.contains(example), "the StateMacros documentation's example differs from ReadmeMacroExampleTests.swift")
    }
}

extension Layer: Equatable {}
