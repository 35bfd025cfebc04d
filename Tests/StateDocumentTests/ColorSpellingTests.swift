import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Colors as users' files spell them — iTerm2 profiles, asset catalogs, VS Code and TextMate
/// themes, 0…255 dictionaries — recognized by shape, read, and written back by `ColorEdit` in
/// the same spelling, changing only the bytes of the channels that changed.
@Suite struct ColorSpellingTests {
    static let orange = RGBAColor(red8: 0xFF, green8: 0x86, blue8: 0x00)

    /// Applies `color` at `path` of `url`'s file (in `format`), checks Python reads the
    /// result as our tree does, and returns the old and new text.
    func recolor(_ url: URL, _ path: PlistPath, to color: RGBAColor, as format: PlistFormat? = nil) throws -> (before: String, after: String, tree: SourceTree) {
        var tree = try SourceTree(contentsOf: url)
        if let format, format != tree.format { tree = try SourceTree(parsing: try tree.value().serialized(as: format)) }
        var session = EditSession(tree: tree)
        let node = try #require(tree.index(at: path))
        try session.apply(ColorEdit.operations(color, at: path, node: node, in: tree))
        let file = try Fixtures.temporaryFolder().appendingPathComponent("recolored")
        try Data(session.fileBytes).write(to: file)
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(session.tree.value()))
        let after = try #require(session.tree.index(at: path))
        #expect(ColorSpelling.color(at: after, in: session.tree)?.hex == color.hex)
        return (String(decoding: tree.bytes, as: UTF8.self), String(decoding: session.bytes, as: UTF8.self), session.tree)
    }

    @Test(.tags(.python)) func hexStringsKeepTheirCaseDigitsAndAlpha() throws {
        let theme = Fixtures.realShaped("vscode-theme.json")
        var (before, after, _) = try recolor(theme, #"colors.editorCursor\.foreground"#, to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "#F0A04B", with: "#FF8600"))
        (before, after, _) = try recolor(theme, #"colors.editor\.foreground"#, to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "#d8dee9", with: "#ff8600"), "lowercase stays lowercase")
        (before, after, _) = try recolor(theme, #"colors.activityBar\.background"#, to: RGBAColor(red8: 0x33, green8: 0x44, blue8: 0x55))
        #expect(after == before.replacingOccurrences(of: "\"#222\"", with: "\"#345\""), "three digits while the color has a three-digit spelling")
        (before, after, _) = try recolor(theme, #"colors.activityBar\.background"#, to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "\"#222\"", with: "\"#FF8600\""), "six when it has not")
        (before, after, _) = try recolor(theme, #"colors.editor\.selectionBackground"#, to: RGBAColor(red8: 0x4C, green8: 0x56, blue8: 0x6A, alpha8: 0x40))
        #expect(after == before.replacingOccurrences(of: "#4C566A80", with: "#4C566A40"))
        (before, after, _) = try recolor(theme, #"colors.badge\.background"#, to: RGBAColor(red8: 0xFF, green8: 0x88, blue8: 0x00, alpha8: 0x88))
        #expect(after == before.replacingOccurrences(of: "#f80c", with: "#f808"))
        // A TextMate theme (XML) and its binary and JSON copies.
        let tmTheme = Fixtures.realShaped("Harbor.tmTheme")
        let text = String(decoding: try FileBytes.read(tmTheme), as: UTF8.self)
        (before, after, _) = try recolor(tmTheme, "settings.0.settings.background", to: Self.orange)
        #expect(after == text.replacingOccurrences(of: "<string>#1B1F24</string>", with: "<string>#FF8600</string>"))
        for format in [PlistFormat.binary, .json] {
            let (_, _, tree) = try recolor(tmTheme, "settings.0.settings.background", to: Self.orange, as: format)
            #expect(tree.value()["settings.0.settings.background"] == "#FF8600")
        }
        // Not colors: a bare hash word, a five-digit one, a 0x number under a key that is no color.
        let other = try SourceTree(parsing: Array(##"{"a": "#hash", "b": "#12345", "id": "0xFF8000", "tintColor": "0xFF8000"}"##.utf8))
        #expect(other.nodes.indices.filter { ColorSpelling.detect($0, in: other) != nil }.map { other.key(of: $0) } == ["tintColor"])
    }

    @Test(.tags(.python)) func iTermColorsKeepTheirNumbersAndColorSpace() throws {
        let profile = Fixtures.realShaped("Harbor.itermcolors")
        let tree = try SourceTree(contentsOf: profile)
        let cursor = try #require(tree.index(at: "Cursor Color"))
        #expect(ColorSpelling.detect(cursor, in: tree) == .iTerm(colorSpace: "P3"))
        #expect(ColorSpelling.detect(cursor, in: tree)?.isSRGB == false)
        let (before, after, edited) = try recolor(profile, "Ansi 1 Color", to: RGBAColor(red: 0.8, green: 0.25, blue: 0.2, alpha: 1))
        #expect(after == before.replacingOccurrences(of: "<key>Green Component</key>\n\t\t<real>0.2</real>", with: "<key>Green Component</key>\n\t\t<real>0.25</real>"))
        #expect(edited.value()["Ansi 1 Color.Color Space"] == "sRGB")
        // No alpha written where there was none, while opaque; added when not.
        let (before2, after2, _) = try recolor(profile, "Ansi 2 Color", to: RGBAColor(red: 0.6, green: 0.8, blue: 0.5, alpha: 1))
        #expect(after2 == before2.replacingOccurrences(of: "<key>Blue Component</key>\n\t\t<real>0.4</real>", with: "<key>Blue Component</key>\n\t\t<real>0.5</real>"))
        let (_, _, translucent) = try recolor(profile, "Ansi 2 Color", to: RGBAColor(red: 0.6, green: 0.8, blue: 0.4, alpha: 0.5))
        #expect(translucent.value()["Ansi 2 Color.Alpha Component"] == .real(0.5))
        // The binary iTerm2 preferences: the same spelling inside a binary plist.
        let (_, _, binary) = try recolor(Fixtures.realShaped("com.googlecode.iterm2.plist"), "New Bookmarks.0.Cursor Color", to: Self.orange)
        #expect(binary.format == .binary)
    }

    @Test(.tags(.python)) func assetCatalogComponentsKeepTheirSpelling() throws {
        let colorset = Fixtures.realShaped("AccentColor.colorset/Contents.json")
        var (before, after, _) = try recolor(colorset, "colors.0.color", to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "\"green\" : \"0.502\"", with: "\"green\" : \"0.525\""))
        (before, after, _) = try recolor(colorset, "colors.1.color", to: Self.orange)
        #expect(
            after
                == before.replacingOccurrences(of: "\"blue\" : \"0x33\"", with: "\"blue\" : \"0x00\"").replacingOccurrences(
                    of: "\"green\" : \"0x99\"", with: "\"green\" : \"0x86\""))
        (before, after, _) = try recolor(colorset, "colors.2.color", to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "\"green\" : \"128\"", with: "\"green\" : \"134\""))
        let tree = try SourceTree(contentsOf: colorset)
        let p3 = try #require(tree.index(at: "colors.2.color"))
        #expect(ColorSpelling.detect(p3, in: tree) == .assetCatalog(colorSpace: "display-p3"))
        #expect(ColorSpelling.detect(p3, in: tree)?.isSRGB == false)
    }

    @Test(.tags(.python)) func byteDictionariesStayWholeNumbers() throws {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("bytes.json")
        try Data(#"{"tint": {"red": 255, "green": 128, "blue": 0}, "unit": {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}}"#.utf8).write(to: url)
        var (before, after, _) = try recolor(url, "tint", to: Self.orange)
        #expect(after == before.replacingOccurrences(of: "\"green\": 128", with: "\"green\": 134"))
        (before, after, _) = try recolor(url, "tint", to: RGBAColor(red8: 0xFF, green8: 0x80, blue8: 0, alpha8: 0x80))
        #expect(after == before.replacingOccurrences(of: "\"blue\": 0}", with: "\"blue\": 0, \"alpha\": 128}"))
        let tree = try SourceTree(contentsOf: url)
        #expect(ColorSpelling.detect(tree.index(at: "unit")!, in: tree) == .unitDictionary)
    }
}
