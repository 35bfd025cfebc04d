import AssetLibraryExample
import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// `state get/set/add/delete` on copies of real files, checked with Python's plistlib: exactly
/// the value asked for changes, every other byte stays, and failures write nothing.
@Suite struct ScriptingTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    /// A copy of the sample library with its schema beside it, in `format`.
    func library(_ format: PlistFormat = .xml) throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let sample = AssetLibrary.sampleFileURL
        try FileManager.default.copyItem(
            at: sample.deletingLastPathComponent().appendingPathComponent("AssetLibrary.schema"), to: folder.appendingPathComponent("AssetLibrary.schema"))
        let url = folder.appendingPathComponent("AssetLibrary.\(format == .json ? "json" : "plist")")
        let bytes = try FileBytes.read(sample)
        try Data(format == .xml ? bytes : try PlistValue(parsing: bytes).serialized(as: format)).write(to: url)
        return url
    }

    static let accent = "domains.Game.groups.Palette.assets.0"

    /// `-5` is a value, not an unknown option; a mistyped option is named as one; `--` ends
    /// the options for a value that starts with dashes.
    @Test func negativeNumbersAndDashedValues() throws {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("n.json")
        try Data(#"{"n": 1, "r": 0.5, "list": [1], "s": "x"}"#.utf8).write(to: url)
        #expect(try state("set", url.path, "n", "-5").status == 0)
        #expect(try state("set", url.path, "r", "-inf", "--type", "string").status == 0)
        #expect(try state("add", url.path, "list.+", "-3").status == 0)
        #expect(try state("set", url.path, "s", "--", "--verbose").status == 0)
        #expect(try String(decoding: FileBytes.read(url), as: UTF8.self) == #"{"n": -5, "r": "-inf", "list": [1, -3], "s": "--verbose"}"#)
        let typo = try state("set", url.path, "n", "--tpye", "integer", "4")
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: unknown option '--tpye'"))
        let two = try state("add", url.path, "k", "a", "b")
        #expect(two.status == 64)
        #expect(two.stderr.hasPrefix("Error: one VALUE, not 2 ('a' 'b')"))
        #expect(try state("add", url.path, "k").stderr.hasPrefix("Error: Missing expected argument '<value>'"))
        #expect(try String(decoding: FileBytes.read(url), as: UTF8.self) == #"{"n": -5, "r": "-inf", "list": [1, -3], "s": "--verbose"}"#)
    }

    @Test func getPrintsRawScalarsAndJSONStructures() throws {
        let url = try library()
        #expect(try state("get", url.path, "\(Self.accent).name").stdoutText == "Accent\n")
        #expect(try state("get", url.path, "\(Self.accent).name", "--json").stdoutText == "\"Accent\"\n")
        #expect(try state("get", url.path, "\(Self.accent).color.alpha").stdoutText == "1.0\n")
        #expect(try state("get", url.path, "\(Self.accent).created").stdoutText == "2026-11-21T09:30:00Z\n")
        let color = try state("get", url.path, "\(Self.accent).color")
        #expect(try PlistValue(parsing: color.stdout) == ["red": 1.0, "green": .real(128.0 / 255), "blue": 0.0, "alpha": 1.0])
        let missing = try state("get", url.path, "\(Self.accent).nope")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("\(Self.accent).nope: no value at this key path"))
        #expect(try state("get", "/nonexistent.plist", "a").status == 1)
    }

    @Test(.slow, .tags(.python), arguments: PlistFormat.valueFormats)
    func setChangesExactlyOneValue(_ format: PlistFormat) throws {
        let url = try library(format)
        let before = try PlistValue(parsing: try FileBytes.read(url))
        let original = try FileBytes.read(url)
        let result = try state("set", url.path, "\(Self.accent).name", "Brand Orange")
        #expect(result.status == 0, "\(result.stderr)")
        var expected = before
        expected = expected.replacing("\(Self.accent).name", with: "Brand Orange")
        #expect(PlistOracle.difference(PlistOracle.canonical(expected), try PlistOracle.read(url)) == nil)
        if format != .binary {
            let edited = try FileBytes.read(url)
            let old = Array((format == .xml ? "<string>Accent</string>" : "\"Accent\"").utf8)
            let new = Array((format == .xml ? "<string>Brand Orange</string>" : "\"Brand Orange\"").utf8)
            let at = original.firstRange(of: old)!
            #expect(edited == Array(original[..<at.lowerBound]) + new + Array(original[at.upperBound...]))
        }
    }

    @Test func setWritesColorsChannelByChannelAndKeepsTheKind() throws {
        let url = try library()
        #expect(try state("set", url.path, "\(Self.accent).color", "--color", "#336699").status == 0)
        let value = try PlistValue(parsing: try FileBytes.read(url))
        #expect(value[PlistPath(parsing: "\(Self.accent).color")] == ["red": 0.2, "green": 0.4, "blue": 0.6, "alpha": 1.0])
        // A real stays a real without --type; an integer stays an integer.
        #expect(try state("set", url.path, "\(Self.accent).color.alpha", "0.5").status == 0)
        #expect(try PlistValue(parsing: try FileBytes.read(url))[PlistPath(parsing: "\(Self.accent).color.alpha")] == 0.5)
        let bad = try state("set", url.path, "\(Self.accent).color.alpha", "lots")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("\"lots\" is not a number"))
        let badColor = try state("set", url.path, "\(Self.accent).color", "--color", "#12")
        #expect(badColor.status == 64)
        #expect(try state("set", url.path, "\(Self.accent).name").status == 64, "no value and no --color")
    }

    @Test func theSchemaRefusesEditsThatBreakIt() throws {
        let url = try library()
        let original = try FileBytes.read(url)
        let wrongType = try state("set", url.path, "\(Self.accent).name", "42", "--type", "integer")
        #expect(wrongType.status == 65)
        #expect(wrongType.stderr.contains("\(Self.accent).name: expected a string, found integer 42"))
        let outOfRange = try state("set", url.path, "\(Self.accent).color.red", "1.5")
        #expect(outOfRange.status == 65)
        #expect(outOfRange.stderr.contains("outside 0…1"))
        let required = try state("delete", url.path, "\(Self.accent).name")
        #expect(required.status == 65)
        #expect(required.stderr.contains("required field \"name\""))
        #expect(try FileBytes.read(url) == original, "nothing was written")
        // Without the schema the same edits are just edits.
        #expect(
            try state(
                "delete", url.path, "\(Self.accent).name", "--schema",
                Fixtures.state("Data.plist").deletingLastPathComponent().appendingPathComponent("TestModels.xcdatamodel.contents").path
            ).status == 0)
    }

    @Test func addAndDeleteEntriesAndItems() throws {
        let url = try library(.json)
        #expect(try state("add", url.path, "\(Self.accent).tags.0", "first").status == 0)
        #expect(try state("add", url.path, "\(Self.accent).tags.3", "last").status == 0)
        #expect(try state("add", url.path, "\(Self.accent).note", "{\"a\": [1, 2]}", "--type", "json").status == 0)
        var value = try PlistValue(parsing: try FileBytes.read(url))
        #expect(value[PlistPath(parsing: "\(Self.accent).tags")] == ["first", "brand", "buttons", "last"])
        #expect(value[PlistPath(parsing: "\(Self.accent).note")] == ["a": [1, 2]])
        #expect(try state("delete", url.path, "\(Self.accent).tags.1").status == 0)
        #expect(try state("delete", url.path, "\(Self.accent).note").status == 0)
        value = try PlistValue(parsing: try FileBytes.read(url))
        #expect(value[PlistPath(parsing: "\(Self.accent).tags")] == ["first", "buttons", "last"])
        #expect(value[PlistPath(parsing: "\(Self.accent).note")] == nil)
        let outside = try state("add", url.path, "\(Self.accent).tags.9", "x")
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("outside 0…3"))
        let duplicate = try state("add", url.path, "\(Self.accent).name", "x")
        #expect(duplicate.status == 64)
        #expect(duplicate.stderr.contains("already has a key \"name\""))
        #expect(try state("delete", url.path, "").status == 64)
    }

    /// A copy of a real-shaped file, alone in a fresh folder (no schema beside it).
    func realShaped(_ name: String) throws -> URL {
        let url = try Fixtures.temporaryFolder().appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.realShaped(name), to: url)
        return url
    }

    /// `add` reads a literal as a person would, and takes its siblings' kind only when they
    /// agree; `+` (or `--append`) appends without knowing the array's length.
    @Test(.slow, .tags(.python)) func addGuessesLikeAPersonAndAppends() throws {
        let url = try realShaped("Info.plist")
        for (key, value) in [("NewBool", "true"), ("NewInt", "42"), ("NewReal", "1.5"), ("NewDate", "2026-01-02"), ("NewText", "hello world"), ("Version", "2.4.1")] {
            let result = try state("add", url.path, key, value)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // An array of strings keeps taking strings, even ones that look like numbers.
        #expect(try state("add", url.path, "UIBackgroundModes.+", "processing").status == 0)
        #expect(try state("add", url.path, "--append", "UIBackgroundModes", "42").status == 0)
        let python = try PlistOracle.read(url)
        func hex(_ s: String) -> String { s.utf8.map { String(format: "%02x", $0) }.joined() }
        for line in [
            "key \(hex("NewBool"))\nbool 1", "key \(hex("NewInt"))\nint 42", "key \(hex("NewReal"))\nreal \((1.5).bitPattern)", "key \(hex("NewText"))\nstr \(hex("hello world"))",
            "key \(hex("Version"))\nstr \(hex("2.4.1"))",
        ] {
            #expect(python.contains(line), "\(line)")
        }
        #expect(python.contains("key \(hex("NewDate"))\ndate "))
        #expect(python.contains("str \(hex("processing"))\nstr \(hex("42"))"), "appended, as strings, at the end")
        // + on something that is not an array says so.
        let notArray = try state("add", url.path, "CFBundleName.+", "x")
        #expect(notArray.status == 64)
        #expect(notArray.stderr.contains("+ appends to an array, and this is a string"))
    }

    /// `--color` writes only colors; a missing key path says what is there.
    @Test func colorsOnlyOnColorsAndMissingPathsSayWhatIsThere() throws {
        let url = try realShaped("Info.plist")
        let before = try Data(contentsOf: url)
        let color = try state("set", url.path, "CFBundleName", "--color", "#00FF00")
        #expect(color.status == 64)
        #expect(color.stderr.contains("CFBundleName: this is a string, not a color"))
        #expect(try Data(contentsOf: url) == before)
        let typo = try state("get", url.path, "CFBundleURLTypes.0.CFBundleURLNam")
        #expect(typo.stderr.contains("CFBundleURLTypes.0 has no key \"CFBundleURLNam\" (did you mean \"CFBundleURLName\"?)"))
        let index = try state("get", url.path, "CFBundleURLTypes.5")
        #expect(index.stderr.contains("CFBundleURLTypes has 2 items (0…1), so no 5"))
        let scalar = try state("set", url.path, "CFBundleName.x", "y")
        #expect(scalar.status == 64)
        #expect(scalar.stderr.contains("CFBundleName is a string, not a container"))
    }
}

extension PlistValue {
    /// The value with the one at `path` replaced (test helper).
    func replacing(_ path: String, with new: PlistValue) -> PlistValue {
        var copy = self
        try? copy.apply(.set(PlistPath(parsing: path), new))
        return copy
    }
}
