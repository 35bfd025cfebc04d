import AssetLibraryExample
import Foundation
import State
import StateTestSupport
import Testing

@Suite struct AssetLibraryTests {
    let library = AssetLibrary.sample

    /// Two libraries are equal when they write the same data.
    func same(_ a: AssetLibrary, _ b: AssetLibrary) throws -> Bool {
        try a.storedValue() == b.storedValue()
    }

    @Test func addAndFetchAssets() throws {
        var library = AssetLibrary(name: "Game")
        let accent = ColorAsset(name: "Accent", created: Date(timeIntervalSinceReferenceDate: 0), color: RGBAColor(hex: "#FF8000")!)
        let logo = ImageAsset(name: "Big Logo", created: Date(timeIntervalSinceReferenceDate: 0), url: URL(string: "file:///logo.png")!, size: .init(width: 10, height: 10))
        library.addAsset(domain: "UI", group: "Buttons", accent)
        library.addAsset(domain: "UI", group: "Buttons", logo)
        library.addAsset(domain: "Menu", group: "Icons", logo)
        #expect(library.fetchAsset("asset://UI/Buttons/Accent") as? ColorAsset == accent)
        #expect(library.fetchAsset("asset://UI/Buttons/Big%20Logo") as? ImageAsset == logo)
        #expect(library.fetchAsset("asset://Menu/Icons/Big%20Logo") is ImageAsset)
        #expect(library.fetchAsset("asset://UI/Buttons/Missing") == nil)
        #expect(library.fetchAsset("asset://UI/Accent") == nil)
        #expect(library.fetchAsset("http://UI/Buttons/Accent") == nil)
        #expect(library.allAssets.map(\.address) == ["asset://UI/Buttons/Accent", "asset://UI/Buttons/Big%20Logo", "asset://Menu/Icons/Big%20Logo"])
        for (address, asset) in library.allAssets {
            #expect(library.fetchAsset(address).map { assetsEqual($0, asset) } == true, "\(address)")
        }
    }

    @Test(.slow, .tags(.python)) func savesAndReadsBackEqualInEveryFormat() throws {
        let folder = try Fixtures.temporaryFolder()
        for format in PlistFormat.valueFormats {
            let url = folder.appendingPathComponent("library.\(format.rawValue)")
            try library.write(to: url, format: format)
            let back = try AssetLibrary(contentsOf: url)
            #expect(try same(back, library), "\(format)")
            #expect(back.fetchAsset("asset://Game/Sounds/Theme") as? SoundAsset == library.fetchAsset("asset://Game/Sounds/Theme") as? SoundAsset)
            let coin = try #require(back.fetchAsset("asset://Game/Sprites/Coin") as? ImageAsset)
            #expect(coin.rendering == .template)
            #expect(coin.tint?.hex == "#FFD54F")
        }
        // Python reads the XML and binary files as the same data.
        let xml = try PlistOracle.read(folder.appendingPathComponent("library.xml"))
        let binary = try PlistOracle.read(folder.appendingPathComponent("library.binary"))
        #expect(xml == binary)
        #expect(PlistOracle.difference(PlistOracle.canonical(try library.storedValue()), xml) == nil)
    }

    @Test func wireFormatOfTheExample() throws {
        let stored = try library.storedValue()
        #expect(stored.dictionaryValue?.keys.elements == ["name", "domains", "model_version"])
        #expect(stored["model_version"] == 3)
        let accent = try #require(stored["domains.Game.groups.Palette.assets.0"]?.dictionaryValue)
        #expect(accent.keys.elements == ["Asset", "name", "created", "color", "tags"])
        #expect(accent["Asset"] == "ColorAsset")
        #expect(accent["color"]?.dictionaryValue?.keys.elements == ["red", "green", "blue", "alpha"])
        // Dissolved: an untagged color has no tags key.
        #expect(stored["domains.Game.groups.Palette.assets.1.tags"] == nil)
        // A FileAsset is still tagged with the root protocol, Asset.
        let jump = try #require(stored["domains.Game.groups.Sounds.assets.0"]?.dictionaryValue)
        #expect(jump["Asset"] == "SoundAsset")
        #expect(jump["FileAsset"] == nil)
        #expect(jump["format"] == ["value": "caf"])
        #expect(stored["domains.Game.groups.Sprites.assets.1.rendering"] == ["Rendering": "template"])
        #expect(stored["domains.Game.groups.Sprites.assets.0.size"] == ["width": 64, "height": 96])
        // A FileAsset registry reads the same data.
        let sounds = try Store(value: try #require(stored["domains.Game.groups.Sounds"]))
        let files: [any FileAsset] = try sounds.value(forKey: "assets", in: .fileAsset)
        #expect(files.map(\.url.lastPathComponent) == ["jump.caf", "theme.mp3"])
    }

    @Test func olderLibrariesMigrate() throws {
        let asset: PlistValue = [
            "Asset": "ColorAsset", "name": "Old", "created": .date(Date(timeIntervalSinceReferenceDate: 0)),
            "color": ["red": 1, "green": 0, "blue": 0, "alpha": 1],
        ]
        let v1: PlistValue = ["title": "Old Library", "groups": ["Main": ["name": "Main", "assets": [asset]]]]
        let migrated = try AssetLibrary(plistValue: v1)
        #expect(migrated.name == "Old Library")
        #expect(migrated.fetchAsset("asset://Default/Main/Old") is ColorAsset)
        let v2: PlistValue = ["title": "Two", "domains": [:], "model_version": 2]
        #expect(try AssetLibrary(plistValue: v2).name == "Two")
    }

    @Test func badAssetsAreReportedOrDroppedWithTheirPaths() throws {
        var text = try library.string(format: .xml)
        text = text.replacingOccurrences(of: "<string>SoundAsset</string>", with: "<string>MidiAsset</string>")
        let strict = try #require(throws: ModelError.self) { try AssetLibrary(string: text) }
        #expect(strict.description == "domains.Game.groups.Sounds.assets.0.Asset: \"MidiAsset\" is not a known Asset conformer (known: ColorAsset, SoundAsset, ImageAsset)")
        let lenient = try AssetLibrary.read(bytes: Array(text.utf8), mode: .lenient)
        #expect(lenient.value.domains["Game"]?.groups["Sounds"]?.assets.isEmpty == true)
        #expect(lenient.value.fetchAsset("asset://Game/Palette/Accent") is ColorAsset)
        #expect(lenient.dropped.map(\.path.description) == ["domains.Game.groups.Sounds.assets.0.Asset", "domains.Game.groups.Sounds.assets.1.Asset"])
    }

    /// The sample file `state` opens is exactly what the example writes. After changing the
    /// example, run the tests with `STATE_RECORD_SAMPLE=1` to rewrite it (the run still fails,
    /// so re-recording is never silent).
    @Test func checkedInSampleFileIsWhatTheExampleWrites() throws {
        let expected = try library.bytes(format: .xml)
        let url = AssetLibrary.sampleFileURL
        let onDisk = (try? FileBytes.read(url)) ?? []
        if onDisk != expected, ProcessInfo.processInfo.environment["STATE_RECORD_SAMPLE"] == "1" {
            try AtomicFile.write(expected, to: url)
            Issue.record("rewrote \(url.path); run the tests again")
            return
        }
        #expect(onDisk == expected, "Examples/AssetLibrary/AssetLibrary.plist is out of date; see this test's comment")
        #expect(try same(AssetLibrary(contentsOf: url), library))
    }
}

/// The sample `state` opens with no file comes from copies compiled into the binary.
@Suite struct SampleCopyTests {
    @Test func theCompiledInSchemaAndSampleAreTheCheckedInFiles() throws {
        let folder = AssetLibrary.sampleFileURL.deletingLastPathComponent()
        let schema = try String(contentsOf: folder.appendingPathComponent("AssetLibrary.schema"), encoding: .utf8)
        #expect(AssetLibrary.schemaText == schema)
        let scratch = try Fixtures.temporaryFolder()
        let copy = try AssetLibrary.writeSampleCopy(in: scratch)
        #expect(try FileBytes.read(copy) == FileBytes.read(AssetLibrary.sampleFileURL))
        // A second start replaces what the first left (an edited copy comes back pristine).
        try Data("edited".utf8).write(to: copy)
        _ = try AssetLibrary.writeSampleCopy(in: scratch)
        #expect(try FileBytes.read(copy) == FileBytes.read(AssetLibrary.sampleFileURL))
        #expect(try String(contentsOf: scratch.appendingPathComponent("AssetLibrary.schema"), encoding: .utf8) == schema)
    }
}
