import Foundation
import State

extension AssetLibrary {
    /// The library `state` opens when it is given no file: a little of everything the model
    /// API writes — protocol conformers under one tag, colors, enums (plain and raw-value), a
    /// nested model, optionals present and absent, dates, data, URLs and a dissolved collection.
    public static var sample: AssetLibrary {
        func date(_ text: String) -> Date {
            var text = text
            return text.withUTF8 { PlistDate.parse($0) }!
        }
        var library = AssetLibrary(name: "Sample Library")
        let made = date("2026-11-21T09:30:00Z")
        library.addAsset(domain: "Game", group: "Palette", ColorAsset(name: "Accent", created: made, color: RGBAColor(hex: "#FF8000")!, tags: ["brand", "buttons"]))
        library.addAsset(domain: "Game", group: "Palette", ColorAsset(name: "Background", created: made, color: RGBAColor(red: 0.07, green: 0.08, blue: 0.12)))
        library.addAsset(
            domain: "Game", group: "Palette", ColorAsset(name: "Glass", created: made, color: RGBAColor(red: 0.6, green: 0.8, blue: 1, alpha: 0.35), tags: ["overlay"]))
        library.addAsset(domain: "Game", group: "Palette", ColorAsset(name: "Danger", created: made, color: RGBAColor(hex: "#E53935")!))
        library.addAsset(
            domain: "Game", group: "Sounds",
            SoundAsset(name: "Jump", created: date("2026-10-02T14:00:00Z"), url: URL(string: "file:///Sounds/jump.caf")!, format: .caf, duration: 0.42, channels: 1))
        library.addAsset(
            domain: "Game", group: "Sounds",
            SoundAsset(name: "Theme", created: date("2026-10-02T14:05:00Z"), url: URL(string: "file:///Sounds/theme.mp3")!, format: .mp3, duration: 183.5, loops: true))
        library.addAsset(
            domain: "Game", group: "Sprites",
            ImageAsset(
                name: "Hero", created: date("2026-09-12T08:00:00Z"), url: URL(string: "file:///Images/hero.png")!, size: .init(width: 64, height: 96),
                thumbnail: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])))
        library.addAsset(
            domain: "Game", group: "Sprites",
            ImageAsset(
                name: "Coin", created: date("2026-09-12T08:10:00Z"), url: URL(string: "file:///Images/coin.png")!, size: .init(width: 16, height: 16), rendering: .template,
                tint: RGBAColor(hex: "#FFD54F")!))
        library.addAsset(
            domain: "App", group: "Icons",
            ImageAsset(
                name: "Settings", created: made, url: URL(string: "file:///Icons/gear.pdf")!, size: .init(width: 24, height: 24), rendering: .template,
                tint: RGBAColor(hex: "#8A8A8E")!))
        library.addAsset(domain: "App", group: "Icons", ColorAsset(name: "Icon Tint", created: made, color: RGBAColor(hex: "#0A84FFCC")!))
        return library
    }
}

extension AssetLibrary {
    /// The checked-in sample file (`Examples/AssetLibrary/AssetLibrary.plist`), found from this
    /// source file so that `swift run state` works from a checkout.
    public static var sampleFileURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AssetLibrary.plist")
    }
}
