// swift-format-ignore-file
// (The articles' examples are copied from this file, aligned comments and all.)
import Foundation
import State
import StateTestSupport
import Testing

// The code of the DocC articles on protocols, enums, transforms and formats
// (Sources/State/State.docc), compiled and run here; `articlesShowThisCode` checks that each
// article shows exactly the text between the markers.

// README-DOCC-TILES-BEGIN
protocol Tile: Model {
    var name: String { get }
}

protocol FileTile: Tile {                                   // a protocol refining another
    var path: String { get }
}

struct ColorTile: Tile {
    var name: String
    var color: RGBAColor

    init(name: String, color: RGBAColor) { self.name = name; self.color = color }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        color = try store.value(forKey: "color", using: ColorTransform())
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(color, forKey: "color", using: ColorTransform())
    }
}

struct ImageTile: FileTile {
    var name: String
    var path: String

    init(name: String, path: String) { self.name = name; self.path = path }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        path = try store.value(forKey: "path")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(path, forKey: "path")
    }
}

extension Conformers where Value == any Tile {
    static var tile: Self { Conformers(root: "Tile", ColorTile.self, ImageTile.self) }
}

extension Conformers where Value == any FileTile {            // the same tag key: the root's
    static var fileTile: Self { Conformers(root: "Tile", ImageTile.self) }
}

struct Board: Model {
    var tiles: [any Tile]
    var cover: (any FileTile)?

    init(tiles: [any Tile], cover: (any FileTile)? = nil) { self.tiles = tiles; self.cover = cover }

    init(from store: Store) throws {
        tiles = try store.value(forKey: "tiles", in: .tile)
        cover = try store.value(forKey: "cover", in: .fileTile)
    }

    func write(to store: inout Store) throws {
        try store.set(tiles, forKey: "tiles", in: .tile)
        try store.set(cover, forKey: "cover", in: .fileTile)
    }
}
// README-DOCC-TILES-END

// README-DOCC-ENUMS-BEGIN
enum Speed: String, RawValueModel {                         // {"value": "fast"}
    case slow, fast
}

enum Mood: CaseModel {                                      // {"Mood": "calm"}
    case calm, busy
}

enum Paint: Model {                                         // {"Paint": "solid", "value": …}
    case solid(RGBAColor)
    case image(String)
    case none

    init(from store: Store) throws {
        switch try store.caseName(of: Paint.self) {
        case "solid": self = .solid(try store.value(forKey: "value", using: ColorTransform()))
        case "image": self = .image(try store.value(forKey: "value"))
        case "none": self = .none
        case let other: throw store.unknownCase(other, of: Paint.self)
        }
    }

    func write(to store: inout Store) throws {
        switch self {
        case .solid(let color):
            store.setCase("solid", of: Paint.self)
            try store.set(color, forKey: "value", using: ColorTransform())
        case .image(let path): try store.setCase("image", of: Paint.self, value: path)
        case .none: store.setCase("none", of: Paint.self)
        }
    }
}

struct Layer: Model {
    var speed: Speed
    var mood: Mood
    var paint: Paint

    init(speed: Speed, mood: Mood, paint: Paint) { self.speed = speed; self.mood = mood; self.paint = paint }

    init(from store: Store) throws {
        speed = try store.value(forKey: "speed")
        mood = try store.value(forKey: "mood")
        paint = try store.value(forKey: "paint")
    }

    func write(to store: inout Store) throws {
        try store.set(speed, forKey: "speed")
        try store.set(mood, forKey: "mood")
        try store.set(paint, forKey: "paint")
    }
}
// README-DOCC-ENUMS-END

// README-DOCC-TRANSFORM-BEGIN
/// Tags stored as one string, `"red,warm"`, as an older app wrote them.
struct CommaSeparated: ValueTransform, DissolvingTransform {  // reads an absent key too
    func apply(_ value: [String]) throws -> String? {
        value.isEmpty ? nil : value.joined(separator: ",")    // nil: the key is left out
    }

    func reverse(_ stored: String?) throws -> [String] {
        guard let stored else { return [] }                  // an absent key reads as no tags
        guard !stored.contains(";") else { throw TransformError("tags are separated by commas") }
        return stored.split(separator: ",").map(String.init)
    }
}

struct Swatch: Model {
    var color: RGBAColor
    var tags: [String]
    var shades: [RGBAColor]

    init(color: RGBAColor, tags: [String] = [], shades: [RGBAColor] = []) {
        self.color = color; self.tags = tags; self.shades = shades
    }

    init(from store: Store) throws {
        color = try store.value(forKey: "color", using: ColorTransform())
        tags = try store.value(forKey: "tags", using: CommaSeparated())
        shades = try store.value(forKey: "shades", using: Dissolver())      // absent ⇄ []
    }

    func write(to store: inout Store) throws {
        try store.set(color, forKey: "color", using: ColorTransform())
        try store.set(tags, forKey: "tags", using: CommaSeparated())
        try store.set(shades, forKey: "shades", using: Dissolver())
    }
}
// README-DOCC-TRANSFORM-END

enum ArticleExample {
    static func tiles() throws -> (json: String, lenient: Decoded<Board>, strictError: String) {
        // README-DOCC-TILES-USAGE-BEGIN
        let board = Board(tiles: [
            ColorTile(name: "sky", color: RGBAColor(red: 0.5, green: 0.8, blue: 1)),
            ImageTile(name: "logo", path: "logo.png"),
        ])
        print(try board.string(format: .json))   // "tiles": [{"Tile": "ColorTile", "name": "sky", …

        // A file from a newer app, with a kind of tile this one does not know:
        let newer = #"{"tiles": [{"Tile": "VideoTile", "name": "intro"}, {"Tile": "ImageTile", "name": "logo", "path": "logo.png"}]}"#
        let read = try Board.read(bytes: Array(newer.utf8), mode: .lenient)
        print(read.value.tiles.map(\.name))      // ["logo"]
        print(read.dropped)                      // [tiles.0.Tile: "VideoTile" is not a known Tile conformer …]
        // README-DOCC-TILES-USAGE-END
        var strictError = ""
        do { _ = try Board(string: newer) } catch { strictError = "\(error)" }
        return (try board.string(format: .json), read, strictError)
    }

    static func enums() throws -> (PlistValue, String) {
        // README-DOCC-ENUMS-USAGE-BEGIN
        let layer = Layer(speed: .fast, mood: .calm, paint: .image("grain.png"))
        print(try layer.storedValue())
        // ["speed": ["value": "fast"], "mood": ["Mood": "calm"], "paint": ["Paint": "image", "value": "grain.png"]]

        do {
            _ = try Layer(string: #"{"speed": {"value": "fast"}, "mood": {"Mood": "calm"}, "paint": {"Paint": "gradient"}}"#)
        } catch {
            print(error)   // paint.Paint: "gradient" is not a case of Paint (cases: …)
        }
        // README-DOCC-ENUMS-USAGE-END
        var error = ""
        do { _ = try Layer(string: #"{"speed": {"value": "fast"}, "mood": {"Mood": "calm"}, "paint": {"Paint": "gradient"}}"#) } catch let e { error = "\(e)" }
        return (try layer.storedValue(), error)
    }

    static func transforms() throws -> (PlistValue, Swatch, String) {
        // README-DOCC-TRANSFORM-USAGE-BEGIN
        let swatch = Swatch(color: RGBAColor(red: 1, green: 0.5, blue: 0), tags: ["warm", "orange"])
        print(try swatch.storedValue())
        // ["color": ["red": 1.0, "green": 0.5, "blue": 0.0, "alpha": 1.0], "tags": "warm,orange"]   (no "shades")

        let back = try Swatch(string: #"{"color": {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}}"#)
        print(back.tags, back.shades)            // [] []

        do {
            _ = try Swatch(string: #"{"color": {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}, "tags": "a;b"}"#)
        } catch {
            print(error)   // tags: CommaSeparated: tags are separated by commas
        }
        // README-DOCC-TRANSFORM-USAGE-END
        var error = ""
        do { _ = try Swatch(string: #"{"color": {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}, "tags": "a;b"}"#) } catch let e { error = "\(e)" }
        return (try swatch.storedValue(), back, error)
    }

    static func formats(folder: URL) throws -> (PlistFormat, [UInt8], [UInt8], PlistValue, String) {
        // README-DOCC-FORMATS-BEGIN
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<!-- started at login -->
            \t<key>Label</key>   <string>com.example.sync</string>
            \t<key>RunAtLoad</key> <true/>
            </dict>
            </plist>

            """
        let tree = try SourceTree(parsing: Array(text.utf8))     // the format is found in the bytes
        print(tree.format)                                        // xml
        let label = tree.index(at: "Label").map { tree.scalar(at: $0) }
        print(label ?? "none")                                    // string("com.example.sync")

        // The whole value, and the same value in other formats:
        let value = tree.value()
        let json = try value.serialized(as: .json)
        let binary = try value.serialized(as: .binary)
        print(try PlistValue(parsing: binary) == value)           // true

        // Saving: atomic, and refused when the file changed since it was read.
        let url = folder.appendingPathComponent("com.example.sync.plist")
        try AtomicFile.write(tree.bytes, to: url, replacing: .anything)
        let stamp = AtomicFile.stamp(of: url)
        try AtomicFile.write(json, to: url, replacing: .onlyIfUnchanged(since: stamp))
        // README-DOCC-FORMATS-END
        var refused = ""
        do { try AtomicFile.write(binary, to: url, replacing: .onlyIfUnchanged(since: stamp)) } catch { refused = "\(error)" }
        return (tree.format, tree.bytes, try [UInt8](Data(contentsOf: url)), value, refused)
    }
}

@Suite struct ArticleExampleTests {
    @Test func theProtocolCodeRuns() throws {
        let (json, lenient, strictError) = try ArticleExample.tiles()
        let written = try PlistValue(parsing: Array(json.utf8))
        #expect(written["tiles.0.Tile"] == "ColorTile" && written["tiles.1"] == ["Tile": "ImageTile", "name": "logo", "path": "logo.png"])
        #expect(written["tiles.0.color.blue"] == .real(1))
        #expect(lenient.value.tiles.map(\.name) == ["logo"])
        #expect(lenient.dropped.map(\.description) == [#"tiles.0.Tile: "VideoTile" is not a known Tile conformer (known: ColorTile, ImageTile)"#])
        #expect(strictError == #"tiles.0.Tile: "VideoTile" is not a known Tile conformer (known: ColorTile, ImageTile)"#)
        // A FileTile registry reads what the Tile registry wrote: one tag key.
        let cover = try Board(string: #"{"tiles": [], "cover": {"Tile": "ImageTile", "name": "c", "path": "c.png"}}"#)
        #expect(cover.cover?.path == "c.png")
        #expect(throws: ModelError.self) { try Board(string: #"{"tiles": [], "cover": {"Tile": "ColorTile", "name": "c", "color": {"red": 0, "green": 0, "blue": 0, "alpha": 1}}}"#) }
        // The older tag key still reads.
        #expect(try Board(string: #"{"tiles": [{"model_type_key": "ImageTile", "name": "o", "path": "o.png"}]}"#).tiles.first?.name == "o")
    }

    @Test func theEnumCodeRuns() throws {
        let (stored, error) = try ArticleExample.enums()
        #expect(stored == ["speed": ["value": "fast"], "mood": ["Mood": "calm"], "paint": ["Paint": "image", "value": "grain.png"]])
        #expect(error.hasPrefix(#"paint.Paint: "gradient" is not a case of Paint"#), "\(error)")
        let solid = Layer(speed: .slow, mood: .busy, paint: .solid(RGBAColor(red: 0, green: 0, blue: 1)))
        let again = try Layer(plistValue: try solid.storedValue())
        guard case .solid(let color) = again.paint else { Issue.record("\(again.paint)"); return }
        #expect(color == RGBAColor(red: 0, green: 0, blue: 1) && again.speed == .slow && again.mood == .busy)
    }

    @Test func theTransformCodeRuns() throws {
        let (stored, back, error) = try ArticleExample.transforms()
        #expect(stored == ["color": ["red": .real(1), "green": .real(0.5), "blue": .real(0), "alpha": .real(1)], "tags": "warm,orange"])
        #expect(back.tags.isEmpty && back.shades.isEmpty)
        #expect(error == "tags: CommaSeparated: tags are separated by commas", "\(error)")
        let shaded = Swatch(color: RGBAColor(red: 0, green: 0, blue: 0), shades: [RGBAColor(red: 1, green: 1, blue: 1)])
        #expect(try Swatch(plistValue: try shaded.storedValue()).shades.count == 1)
    }

    @Test(.tags(.python)) func theFormatCodeRuns() throws {
        let folder = try Fixtures.temporaryFolder()
        let (format, bytes, saved, value, refused) = try ArticleExample.formats(folder: folder)
        #expect(format == .xml)
        #expect(value == ["Label": "com.example.sync", "RunAtLoad": true])
        // The second write replaced the first (JSON now); the third was refused and left it so.
        #expect(try PlistValue(parsing: saved) == value && saved.first == UInt8(ascii: "{"))
        #expect(refused.contains("changed"), "\(refused)")
        // The tree's bytes are the text as given: the comment and odd spacing kept.
        #expect(String(decoding: bytes, as: UTF8.self).contains("<!-- started at login -->"))
        #expect(try PlistOracle.read(folder.appendingPathComponent("com.example.sync.plist")) == PlistOracle.canonical(value))
    }

    @Test func articlesShowThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let articles: [(file: String, snippets: [String])] = [
            ("ProtocolsAndConformers.md", ["DOCC-TILES", "DOCC-TILES-USAGE"]),
            ("Enums.md", ["DOCC-ENUMS", "DOCC-ENUMS-USAGE"]),
            ("TransformsAndTheDissolver.md", ["DOCC-TRANSFORM", "DOCC-TRANSFORM-USAGE"]),
            ("FormatsAndFiles.md", ["DOCC-FORMATS"]),
        ]
        for (file, snippets) in articles {
            let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/\(file)"), encoding: .utf8)
            for name in snippets {
                let code = "```swift\n" + (try ReadmeSnippet.between(name, in: source)) + "\n```"
                #expect(article.contains(code), "\(file)'s \(name) code differs from ArticleExampleTests.swift")
            }
        }
    }
}
