import Foundation
import State
import StateSchema
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

@Suite struct ThemeTests {
    /// `Themes/*.plist` are the built-in themes written out; `STATE_RECORD_THEMES=1` rewrites
    /// them (and still fails, so a rewrite is never silent).
    @Test(.slow, .tags(.python), arguments: BuiltInThemes.all.map(\.name))
    func themeFilesAreTheBuiltInThemes(name: String) throws {
        let builtIn = try #require(BuiltInThemes.named(name))
        let url = ThemeLoader.checkoutThemesFolder.appendingPathComponent("\(name).plist")
        if ProcessInfo.processInfo.environment["STATE_RECORD_THEMES"] == "1" {
            try builtIn.write(to: url)
            Issue.record("rewrote \(url.lastPathComponent)")
        }
        let file = try ThemeFile(contentsOf: url)
        #expect(file == builtIn)
        // Python reads the same values in the same order: the file is an ordinary plist.
        #expect(PlistOracle.difference(PlistOracle.canonical(try builtIn.storedValue()), try PlistOracle.read(url)) == nil)
    }

    @Test(arguments: BuiltInThemes.all.map(\.name))
    func themeFilesValidateAgainstTheirSchema(name: String) throws {
        let url = ThemeLoader.checkoutThemesFolder.appendingPathComponent("\(name).plist")
        // Found beside the files as the only schema in the folder, as `state` finds it.
        let schemaURL = try #require(SchemaLoader.schemaBeside(url))
        #expect(schemaURL.lastPathComponent == "Theme.schema")
        let document = SchemaValidator(schema: try SchemaLoader.load(schemaURL)).validate(try SourceTree(contentsOf: url))
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        // Colors are colors to the browser, so they get swatches.
        if name != "monochrome" {
            #expect(document.roles.distinctRoles.contains { $0.kind == .color })
        }
    }

    /// The public door (what the theme fuzzer calls): the checked-in files pass with their names,
    /// a bad role is named with its key path.
    @Test func themeCheckReadsFilesAndNamesTheBadRole() throws {
        for theme in BuiltInThemes.all {
            let url = ThemeLoader.checkoutThemesFolder.appendingPathComponent("\(theme.name).plist")
            #expect(try ThemeCheck.check(bytes: [UInt8](try Data(contentsOf: url))) == theme.name)
        }
        let bad = #"{"name": "x", "styles": {"nope": {}}}"#
        #expect {
            try ThemeCheck.check(bytes: Array(bad.utf8))
        } throws: { error in
            "\(error)".contains("styles.nope") && "\(error)".contains("unknown role")
        }
    }

    @Test func everyThemeStylesTheRolesThatMatter() throws {
        for file in BuiltInThemes.all {
            let names = Set(file.styles.keys)
            for role in ["selection", "statusBar", "diagnosticError", "searchMatch"] {
                #expect(names.contains(role), "\(file.name) lacks \(role)")
            }
            #expect(names.allSatisfy { ThemeRole(rawValue: $0) != nil }, "\(file.name) names an unknown role")
            _ = try file.theme()
        }
        #expect(try BuiltInThemes.monochrome.theme()[.selection] == Style(attributes: .reverse))
    }

    @Test func loaderFindsNamesAndPathsAndExplainsFailures() throws {
        let folder = try Fixtures.temporaryFolder()
        var custom = BuiltInThemes.light
        custom.name = "mine"
        custom.styles["key"] = ThemeStyle(foreground: RGBAColor(hex: "#123456"))
        try custom.write(to: folder.appendingPathComponent("mine.plist"))
        let environment = ["STATE_THEMES": folder.path, "HOME": folder.path]
        #expect(try ThemeLoader.load("mine", environment: environment) == custom)
        #expect(try ThemeLoader.load(folder.appendingPathComponent("mine.plist").path, environment: [:]) == custom)
        #expect(try ThemeLoader.load("high-contrast", environment: environment) == BuiltInThemes.highContrast)
        #expect(try ThemeLoader.load("mine", environment: environment).theme()[.key].foreground == .rgb(0x12, 0x34, 0x56))

        #expect { try ThemeLoader.load("nope", environment: environment) } throws: { error in
            "\(error)" == "no theme named \"nope\" (built in: dark, light, high-contrast, monochrome; or give a path to a theme file)"
        }
        // A bad role and a bad color, each reported with the file and the key path.
        var bad = custom
        bad.styles["keys"] = ThemeStyle()
        let badURL = folder.appendingPathComponent("bad.plist")
        try bad.write(to: badURL)
        #expect { try ThemeLoader.load(badURL.path, environment: [:]) } throws: { error in
            "\(error)".hasPrefix("\(badURL.path): styles.keys: unknown role \"keys\"")
        }
        let text = try String(contentsOf: folder.appendingPathComponent("mine.plist"), encoding: .utf8)
        try text.replacingOccurrences(of: "<key>red</key>", with: "<key>rouge</key>").write(to: badURL, atomically: true, encoding: .utf8)
        #expect { try ThemeLoader.load(badURL.path, environment: [:]) } throws: { error in
            "\(error)".hasPrefix("\(badURL.path): styles.") && "\(error)".contains("red")
        }
    }

    @Test func themesResolveForTheColorDepth() throws {
        let dark = try BuiltInThemes.dark.theme()
        #expect(dark[.selection].background == .rgb(0x26, 0x4F, 0x78))
        #expect(dark.resolved(for: .palette256)[.selection].background == .palette(24))
        let mono = dark.resolved(for: .monochrome)
        #expect(mono[.selection] == Style(attributes: [.bold, .reverse]))
        #expect(mono[.key] == Style())
    }

    /// Readable where each is meant to be: every role's text against its background (its own,
    /// the theme's, or the terminal's — black for dark, white for light) has WCAG's 4.5:1
    /// contrast, borders 3:1 (what WCAG asks of non-text marks).
    @Test(arguments: [("dark", RGBAColor(red: 0, green: 0, blue: 0)), ("light", RGBAColor(red: 1, green: 1, blue: 1)), ("high-contrast", RGBAColor(red: 0, green: 0, blue: 0))])
    func themesAreReadableOnTheirBackground(name: String, terminal: RGBAColor) throws {
        let file = try #require(BuiltInThemes.named(name))
        func luminance(_ c: RGBAColor) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        func contrast(_ a: RGBAColor, _ b: RGBAColor) -> Double {
            let (x, y) = (luminance(a), luminance(b))
            return (max(x, y) + 0.05) / (min(x, y) + 0.05)
        }
        let textBackground = file.styles["text"]?.background ?? terminal
        for (role, style) in file.styles {
            guard let foreground = style.foreground else { continue }
            let background = style.background ?? textBackground
            let needed = role == "border" ? 3.0 : 4.5
            #expect(contrast(foreground, background) >= needed, "\(name).\(role): \(foreground.hex) on \(background.hex) is \(contrast(foreground, background))")
        }
    }
}
