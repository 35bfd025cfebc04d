import Foundation
import StateMacros

/// A protocol-typed value: each swatch is stored with its type tag.
protocol Swatch: Model {
    var name: String { get }
}

extension Conformers where Value == any Swatch {
    static var swatch: Self { Conformers(root: "Swatch", Solid.self, Gradient.self) }
}

@StateModel
struct Solid: Swatch {
    var name: String
    @Transform(ColorTransform()) var color: RGBAColor
}

@StateModel
struct Gradient: Swatch {
    var name: String
    @Transform(ColorTransform()) var from: RGBAColor
    @Transform(ColorTransform()) var to: RGBAColor
}

/// An enum with an associated value.
@StateModel
enum Finish {
    case matte
    case gloss(Double)
}

@StateModel
struct Palette {
    @Key("palette_name") var name: String
    @Conforming(.swatch) var swatches: [any Swatch]
    @Dissolved var tags: [String] = []
    var opacity: Double = 1
    var finish: Finish
    @Transient var isOpen = false

    static var version: Int? { 2 }
    static var migrations: [Migration] {
        [Migration(from: 1) { store in store.renameKey("title", to: "palette_name") }]
    }
}

let output = URL(fileURLWithPath: CommandLine.arguments[1])
let palette = Palette(
    name: "Sunset",
    swatches: [
        Solid(name: "Coral", color: RGBAColor(red: 1, green: 0.5, blue: 0.25)),
        Gradient(name: "Dusk", from: RGBAColor(red: 0.2, green: 0.1, blue: 0.4), to: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5)),
    ],
    opacity: 0.75, finish: .gloss(0.5))
try palette.write(to: output)

// Read back, and an old file (version 1, `title`) through the migration; defaults fill what
// the old file lacks.
let again = try Palette(contentsOf: output)
let old = try Palette(string: #"{"title": "Old", "swatches": [], "finish": {"Finish": "matte"}}"#)
print("\(again.name): \(again.swatches.map(\.name).joined(separator: ", ")) \(again.opacity) \(again.finish) | \(old.name) \(old.opacity) \(old.tags) \(old.finish)")
