import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Key paths that name many values (`*`, `**`, `[PATH=VALUE]`), on folders and several files,
/// with the real binary on a copy of the asset catalog fixture; Python reads the results.
@Suite struct ManyValuesTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    /// A fresh copy of `Assets.xcassets` in a temporary folder.
    func catalog() throws -> URL {
        let copy = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.realShaped("Assets.xcassets"), to: copy)
        return copy
    }

    /// Every file below `folder`, by relative path, with its bytes.
    func files(_ folder: URL) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        while let relative = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            if !FolderFiles.isFolder(url) { result[relative] = try FileBytes.read(url) }
        }
        return result
    }

    static let darkColors = "colors.*[appearances.*.value=dark].color"

    /// The acceptance check: every dark-appearance color 10% lighter (HSL lightness + 0.1, as
    /// Python's colorsys computes it), each in its own spelling; every other byte of every file
    /// the same — checked by Python's json, component by component.
    @Test func everyDarkColorOfACatalogTenPercentLighterInOneCommand() throws {
        let folder = try catalog()
        let before = try files(folder)
        let result = try state("set", folder.path, Self.darkColors, "--lighten", "10%")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "state: changed 32 values in 24 files (of 31)\n")
        let after = try files(folder)
        #expect(Set(before.keys) == Set(after.keys))
        let script = #"""
            import colorsys, json, sys
            before_root, after_root = sys.argv[1], sys.argv[2]
            import os
            changed = 0
            def read(v):
                if isinstance(v, (int, float)): return float(v), ("number", 0)
                if v.startswith("0x"): return int(v, 16) / 255, ("hex", len(v))
                if "." in v: return float(v), ("fraction", len(v.split(".")[1]))
                return int(v) / 255, ("byte", 0)
            def tolerance(style):
                kind = style[0]
                if kind in ("hex", "byte"): return 0.5 / 255 + 1e-9
                if kind == "fraction": return 0.5 * 10 ** -style[1] + 1e-9
                return 1e-3
            for dirpath, _, names in os.walk(before_root):
                for name in names:
                    if name != "Contents.json": continue
                    rel = os.path.relpath(os.path.join(dirpath, name), before_root)
                    a = json.load(open(os.path.join(before_root, rel)))
                    b = json.load(open(os.path.join(after_root, rel)))
                    colors_a = a.get("colors", [])
                    colors_b = b.get("colors", [])
                    assert len(colors_a) == len(colors_b), rel
                    # Outside the colors, nothing changed.
                    assert {k: v for k, v in a.items() if k != "colors"} == {k: v for k, v in b.items() if k != "colors"}, rel
                    for i, (x, y) in enumerate(zip(colors_a, colors_b)):
                        dark = any(ap.get("value") == "dark" for ap in x.get("appearances", []))
                        comps = x["color"].get("components", {})
                        if not dark or "red" not in comps:
                            assert x == y, (rel, i)
                            continue
                        assert {k: v for k, v in x.items() if k != "color"} == {k: v for k, v in y.items() if k != "color"}, (rel, i)
                        assert x["color"]["color-space"] == y["color"]["color-space"], (rel, i)
                        rgb, styles = zip(*(read(comps[c]) for c in ("red", "green", "blue")))
                        h, l, s = colorsys.rgb_to_hls(*rgb)
                        want = colorsys.hls_to_rgb(h, min(1, l + 0.1), s)
                        new = y["color"]["components"]
                        assert new["alpha"] == comps["alpha"], (rel, i)
                        for c, w, style in zip(("red", "green", "blue"), want, styles):
                            got, got_style = read(new[c])
                            assert got_style == style, (rel, i, c, new[c], comps[c])
                            assert abs(got - w) <= tolerance(style), (rel, i, c, got, w)
                        changed += 1
            print(changed)
            """#
        // The original fixture is the "before".
        let oracle = try ProcessRunner.python(script, [Fixtures.realShaped("Assets.xcassets").path, folder.path])
        #expect(oracle.status == 0, "\(oracle.stderr)")
        #expect(oracle.stdoutText == "32\n")
        // Byte for byte: only component lines differ, and only in files with dark colors.
        for (name, old) in before where old != after[name] {
            let oldLines = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let newLines = String(decoding: after[name]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(oldLines.count == newLines.count, "\(name)")
            for (a, b) in zip(oldLines, newLines) where a != b {
                #expect(["\"red\"", "\"green\"", "\"blue\""].contains { a.contains($0) } && a.split(separator: ":")[0] == b.split(separator: ":")[0], "\(name): \(a) → \(b)")
            }
        }
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let folder = try catalog()
        let before = try files(folder)
        let result = try state("set", folder.path, Self.darkColors, "--alpha", "0.9", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(folder) == before)
        #expect(result.stderr == "state: --dry-run: would have changed 32 values in 24 files (of 31); nothing written\n")
        let diff = result.stdoutText
        #expect(diff.contains("--- a/\(folder.path)/Colors/Brand/Primary.colorset/Contents.json\n+++ b/\(folder.path)/Colors/Brand/Primary.colorset/Contents.json\n@@ "))
        #expect(diff.contains("\n-          \"alpha\" : \"1.000\",\n+          \"alpha\" : \"0.900\",\n"))
        // What the diff says is what the real run does.
        try SystemPackage.patch.require()
        let patched = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["patch", "-s", "-p1", "-d", "/"], stdin: Array(diff.utf8))
        #expect(patched.status == 0, "\(patched.stderr)")
        let patchedFiles = try files(folder)
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Fixtures.realShaped("Assets.xcassets"), to: folder)
        #expect(try state("set", folder.path, Self.darkColors, "--alpha", "0.9").status == 0)
        #expect(try files(folder) == patchedFiles)
    }

    @Test func wildcardsDeepPathsAndFiltersInGet() throws {
        let file = Fixtures.realShaped("Assets.xcassets/Colors/Brand/Primary.colorset/Contents.json").path
        // `*` one level: every idiom.
        #expect(
            try state("get", file, "colors.*.idiom").stdoutText
                == "colors.0.idiom\tuniversal\ncolors.1.idiom\tuniversal\ncolors.2.idiom\tuniversal\ncolors.3.idiom\tuniversal\ncolors.4.idiom\tmac\n")
        // `**` any depth, and a filter on a sibling.
        #expect(
            try state("get", file, "**.appearances.*[value=high].appearance").stdoutText
                == "colors.2.appearances.0.appearance\tcontrast\ncolors.3.appearances.1.appearance\tcontrast\n")
        #expect(try state("get", file, "colors.*[idiom!=universal].color.components.alpha").stdoutText == "colors.4.color.components.alpha\t0.800\n")
        #expect(try state("get", file, "colors.*[?appearances][idiom=universal].idiom").stdoutText.split(separator: "\n").count == 3)
        // A plain path is plutil's: the value alone.
        #expect(try state("get", file, "info.author").stdoutText == "xcode\n")
        // JSON: each value keeps its type.
        let json = try state("get", file, "info.*", "--json")
        #expect(json.stdoutText == "[\n  {\"path\": \"info.author\", \"value\": \"xcode\"},\n  {\"path\": \"info.version\", \"value\": 1}\n]\n")
        let parsed = try ProcessRunner.python("import json,sys; print(json.load(sys.stdin)[1]['value'] + 1)", [], stdin: json.stdout)
        #expect(parsed.stdoutText == "2\n")
    }

    @Test func severalFilesAndAFolderInOneCommand() throws {
        let folder = try catalog()
        let a = folder.appendingPathComponent("Colors/Brand/Primary.colorset/Contents.json").path
        let b = folder.appendingPathComponent("Images/Logo.imageset/Contents.json").path
        let both = try state("get", a, b, "info.author")
        #expect(both.stdoutText == "\(a):info.author\txcode\n\(b):info.author\txcode\n")
        let set = try state("set", a, b, "info.author", "state")
        #expect(set.status == 0)
        #expect(set.stderr == "state: set 2 values in 2 files\n")
        #expect(try state("get", folder.path, "info.author").stdoutText.split(separator: "\n").filter { $0.hasSuffix("\tstate") }.count == 2)
        // A folder: every file state reads in it (the PNGs left out).
        let all = try state("set", folder.path, "info.author", "xcode")
        #expect(all.stderr == "state: set 2 values in 2 files (of 31)\n")
        #expect(try state("get", folder.path, "info.version").stdoutText.split(separator: "\n").count == 31)
    }

    @Test func everyColorOfACatalogAsOneJSONArray() throws {
        let folder = try catalog()
        let listed = try state("get", "--colors", "--json", folder.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let python = try ProcessRunner.python(
            "import json,sys; d=json.load(sys.stdin); print(len(d), len({x['file'] for x in d}), d[0]['path'], d[0]['spelling'])", [], stdin: listed.stdout)
        #expect(python.stdoutText == "70 24 colors.0.color asset catalog color (extended-srgb)\n", "\(python.stderr)")
        // Under a pattern: only the dark ones.
        let dark = try state("get", "--colors", folder.path, "colors.*[appearances.*.value=dark]")
        #expect(dark.stdoutText.split(separator: "\n").count == 32)
    }

    @Test func noMatchIsAnErrorUnlessAllowed() throws {
        let folder = try catalog()
        let none = try state("set", folder.path, "colors.*[appearances.*.value=sepia].color", "--alpha", "0.5")
        #expect(none.status == 64)
        #expect(none.stderr == "state: no value matches colors.*[appearances.*.value=sepia].color in any of the 31 files\n")
        let allowed = try state("set", folder.path, "colors.*[appearances.*.value=sepia].color", "--alpha", "0.5", "--allow-no-match")
        #expect(allowed.status == 0)
        #expect(allowed.stderr == "state: changed 0 values in 0 files (of 31)\n")
        #expect(try state("get", folder.path, "nothing.**").status == 64)
        // A pattern that does not parse says where.
        let bad = try state("get", folder.path, "colors.*[value=\"dark]")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("the quoted value is not closed (at character"), "\(bad.stderr)")
        // A color adjustment on values that are no colors changes nothing and says so.
        let names = try state("set", folder.path, "colors.*.idiom", "--lighten", "10%")
        #expect(names.status == 64)
        #expect(names.stderr.contains("are not a color, left as they are"), "\(names.stderr)")
    }

    @Test func aFileThatDoesNotParseInTheMiddleOfAFolderBlocksNothingElse() throws {
        let folder = try catalog()
        let broken = folder.appendingPathComponent("Colors/Chrome/Info.colorset/Contents.json")
        try Data("{ \"colors\" : [ { \"color\" : ".utf8).write(to: broken)
        let get = try state("get", folder.path, "info.author")
        #expect(get.status == 1)
        #expect(get.stdoutText.split(separator: "\n").count == 30)
        #expect(get.stderr.contains("Colors/Chrome/Info.colorset/Contents.json"), "\(get.stderr)")
        #expect(get.stderr.contains("line 1, column"), "\(get.stderr)")
        let set = try state("set", folder.path, Self.darkColors, "--lighten", "5%")
        #expect(set.status == 1)
        #expect(set.stderr.contains("changed 31 values in 23 files (of 31)"), "\(set.stderr)")
        #expect(try FileBytes.read(broken) == Array("{ \"colors\" : [ { \"color\" : ".utf8))
        let print = try state("print", folder.path)
        #expect(print.status == 1)
        #expect(print.stdoutText.contains("==> \(folder.path)/Colors/Chrome/Info.colorset/Contents.json <==\n\n==> "))
    }

    /// Each file is saved on its own: one that changed on disk since it was read is refused
    /// (exit 3) and keeps the other writer's bytes; the files after it are still saved.
    @Test func aSaveWhereOneFileChangedOnDiskMeanwhile() throws {
        let folder = try Fixtures.temporaryFolder()
        let a = folder.appendingPathComponent("a.json"), b = folder.appendingPathComponent("b.json")
        try Data(#"{"name": "a", "n": 1}"#.utf8).write(to: a)
        try Data(#"{"name": "b", "n": 1}"#.utf8).write(to: b)
        let process = try FaultInjectionTests.launch(["set", folder.path, "n", "2"], pause: 1500)
        #expect(FaultInjectionTests.waitForTemporaryFile(of: process, beside: a))
        try Data(#"{"name": "a", "n": 7}"#.utf8).write(to: a)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(try FileBytes.read(a) == Array(#"{"name": "a", "n": 7}"#.utf8))
        #expect(try FileBytes.read(b) == Array(#"{"name": "b", "n": 2}"#.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.json", "b.json"])
    }

    @Test func deleteAndAddOnEveryMatch() throws {
        let folder = try catalog()
        let file = folder.appendingPathComponent("Colors/Brand/Primary.colorset/Contents.json")
        // Every high-contrast variant out, in one step per file.
        let deleted = try state("delete", file.path, "colors.*[appearances.*.value=high]")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stderr == "state: deleted 2 values in 1 file\n")
        #expect(try state("get", file.path, "colors.*.idiom").stdoutText.split(separator: "\n").count == 3)
        // A key added to every color entry that lacks it; one that has it is left alone.
        let added = try state("add", file.path, "colors.*.comment", "checked")
        #expect(added.stderr == "state: added 3 values in 1 file\n")
        let again = try state("add", file.path, "colors.*.comment", "checked")
        #expect(again.status == 64)
        #expect(again.stderr.contains("3 of the 3 values colors.* names are not a container \"comment\" can be added to"), "\(again.stderr)")
        let python = try ProcessRunner.python("import json,sys; d=json.load(open(sys.argv[1])); print([c.get('comment') for c in d['colors']])", [file.path])
        #expect(python.stdoutText == "['checked', 'checked', 'checked']\n")
    }

    @Test func spellTurnsComponentsIntoXcodesOtherInputMethod() throws {
        let folder = try catalog()
        let file = folder.appendingPathComponent("Colors/Brand/Primary.colorset/Contents.json")
        let result = try state("set", file.path, "colors.*.color", "--spell", "hex")
        #expect(result.status == 0, "\(result.stderr)")
        let python = try ProcessRunner.python(
            "import json,sys; d=json.load(open(sys.argv[1])); print(sorted({c['color']['components'][k][:2] for c in d['colors'] for k in ('red','green','blue')}), sorted({c['color']['components']['alpha'] for c in d['colors']}))",
            [file.path])
        #expect(python.stdoutText == "['0x'] ['0.800', '1.000']\n")
        // And back: fractions of three decimals, each the byte it was (0x53 is 83/255 = 0.325).
        #expect(try state("set", file.path, "colors.*.color", "--spell", "fraction").status == 0)
        #expect(try state("get", file.path, "colors.0.color.components.red").stdoutText == "0.325\n")
        #expect(try state("set", file.path, "colors.*.color", "--spell", "octal").status == 64)
    }

    @Test func unquotedValueWordsAreNotTakenForFiles() throws {
        let folder = try catalog()
        let file = folder.appendingPathComponent("Contents.json").path
        let result = try state("set", file, "info.author", "Ada", "Lovelace")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: one VALUE, not 2 ('Ada' 'Lovelace'); quote a value with spaces"), "\(result.stderr)")
        #expect(try state("get", file, "info.author").stdoutText == "xcode\n")
    }
}

/// The acceptance run in a real terminal: the catalog opened as a folder, every dark color
/// picked in ten keys and made 10% lighter, saved; the files are byte for byte what the one
/// CLI command writes (which Python checks above).
@Suite(.serialized, .slow, .tags(.tmux)) struct CatalogInTheBrowserTests {
    @Test func theBrowserAndTheCommandLineMakeTheSameFiles() throws {
        let root = try Fixtures.temporaryFolder()
        let inBrowser = root.appendingPathComponent("Browser.xcassets"), byCommand = root.appendingPathComponent("Command.xcassets")
        for copy in [inBrowser, byCommand] { try FileManager.default.copyItem(at: Fixtures.realShaped("Assets.xcassets"), to: copy) }

        let tmux = try TmuxSession(width: 130, height: 34)
        try tmux.run("cd \(root.path) && \(BrowserEndToEndTests.environment) \(BrowserEndToEndTests.state) Browser.xcassets; echo EXIT=$?", until: "31 files")
        // Every color for the dark appearance: /dark⏎ p p J % (ten keys) picks the 24 of them;
        // the 8 that are dark and high-contrast too are picked the same way.
        // (Each search is waited for: it runs in the background and then moves the selection.)
        try tmux.search("dark")
        try tmux.waitFor(text: "“dark”")
        try tmux.send("p", "p", "J", "%", until: "Picked every Color for luminosity dark: 24")
        try tmux.search("high")
        try tmux.waitFor(text: "“high”")
        try tmux.send("n", "p", "p", "J", "%", until: " 32 picked ")
        try tmux.enter(":lighten 10%", until: "y applies")
        try tmux.send("y", until: "Lighten 10% on 32 values")
        try tmux.send("C-s", until: "Saved 24 files")
        try tmux.send("q", until: "EXIT=0")

        let command = try ProcessRunner.run(Fixtures.stateExecutable, ["set", byCommand.path, "colors.*[appearances.*.value=dark].color", "--lighten", "10%"])
        #expect(command.status == 0, "\(command.stderr)")
        for entry in try FolderFiles.list(byCommand) {
            #expect(try FileBytes.read(inBrowser.appendingPathComponent(entry.relativePath)) == FileBytes.read(entry.url), "\(entry.relativePath)")
        }
    }
}
