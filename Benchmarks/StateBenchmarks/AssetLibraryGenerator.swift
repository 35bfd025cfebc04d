import AssetLibraryExample
import Foundation
import State

/// Builds deterministic asset libraries with the Asset Library example's models — nested
/// domains and groups of protocol-tagged assets (colors, sounds, images) with strings, reals,
/// dates, data, URLs, enums and optionals — so the files are exactly what the model API writes.
enum AssetLibraryGenerator {
    /// A library whose XML plist form is about `megabytes` MB.
    static func library(megabytes: Double) throws -> PlistValue {
        // One asset is ~600 bytes of XML on average (measured on this generator's output).
        let assets = max(1, Int(megabytes * 1_000_000 / 600))
        let perGroup = 200
        var library = AssetLibrary(name: "Benchmark Library")
        for n in 0..<assets {
            library.addAsset(domain: "Default", group: "Group \(n / perGroup)", asset(n))
        }
        return try library.storedValue()
    }

    static func asset(_ n: Int) -> any Asset {
        // A cheap deterministic hash for varied values.
        var x = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            x ^= x >> 31
            x = x &* 0xBF58_476D_1CE4_E5B9
            return x >> 11
        }
        func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
        let created = Date(timeIntervalSinceReferenceDate: Double(600_000_000 + n * 37))
        switch n % 3 {
        case 0:
            return ColorAsset(
                name: "color-\(n)", created: created,
                color: RGBAColor(red: unit(), green: unit(), blue: unit()),
                tags: n % 4 == 0 ? [] : ["palette", "shade \(n % 17)"]
            )
        case 1:
            return SoundAsset(
                name: "sound-\(n)", created: created, url: URL(string: "file:///Library/Sounds/sound-\(n).caf")!,
                format: n % 2 == 0 ? .caf : .wav, duration: unit() * 10, loops: n % 2 == 0, channels: Int8(1 + n % 2)
            )
        default:
            let bytes = (0..<48).map { _ in UInt8(truncatingIfNeeded: next()) }
            return ImageAsset(
                name: "image-\(n) “résumé”", created: created, url: URL(string: "file:///Library/Images/image-\(n).png")!,
                size: .init(width: 64 + n % 512, height: 64 + n % 256),
                rendering: n % 5 == 0 ? .template : .original,
                tint: n % 5 == 0 ? RGBAColor(red: unit(), green: unit(), blue: unit(), alpha: 0.5) : nil,
                thumbnail: Data(bytes)
            )
        }
    }
}
