import Foundation
import OrderedCollections
import State

/// Builds deterministic "asset library" model values: nested groups of protocol-tagged assets
/// (colors, sounds, images) with strings, reals, dates, data and URLs, the shape State's
/// example models write.
enum AssetLibraryGenerator {
    /// A library whose XML plist form is about `megabytes` MB.
    static func library(megabytes: Double) -> PlistValue {
        // One asset is ~560 bytes of XML on average (measured on this generator's output).
        let assets = max(1, Int(megabytes * 1_000_000 / 560))
        let perGroup = 200
        var groups = OrderedDictionary<String, PlistValue>()
        var made = 0
        var group = 0
        while made < assets {
            var items: [PlistValue] = []
            for i in 0..<min(perGroup, assets - made) {
                items.append(asset(made + i))
            }
            made += items.count
            groups["Group \(group)"] = [
                "name": .string("Group \(group)"),
                "assets": .array(items),
            ]
            group += 1
        }
        return [
            "model_version": 3,
            "name": "Benchmark Library",
            "domains": ["Default": ["groups": .dictionary(groups)]],
        ]
    }

    static func asset(_ n: Int) -> PlistValue {
        // A cheap deterministic hash for varied values.
        var x = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            x ^= x >> 31
            x = x &* 0xBF58_476D_1CE4_E5B9
            return x >> 11
        }
        func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
        let created = PlistValue.date(Date(timeIntervalSinceReferenceDate: Double(600_000_000 + n * 37)))
        switch n % 3 {
        case 0:
            return [
                "Asset": "ColorAsset",
                "name": .string("color-\(n)"),
                "created": created,
                "color": ["red": .real(unit()), "green": .real(unit()), "blue": .real(unit()), "alpha": 1.0],
                "tags": ["palette", .string("shade \(n % 17)")],
            ]
        case 1:
            return [
                "Asset": "SoundAsset",
                "FileAsset": "SoundAsset",
                "name": .string("sound-\(n)"),
                "created": created,
                "url": .string("file:///Library/Sounds/sound-\(n).caf"),
                "duration": .real(unit() * 10),
                "loops": .bool(n % 2 == 0),
                "channels": .integer(Int128(1 + n % 2)),
            ]
        default:
            let bytes = (0..<48).map { _ in UInt8(truncatingIfNeeded: next()) }
            return [
                "Asset": "ImageAsset",
                "FileAsset": "ImageAsset",
                "name": .string("image-\(n) “résumé”"),
                "created": created,
                "url": .string("file:///Library/Images/image-\(n).png"),
                "size": ["width": .integer(Int128(64 + n % 512)), "height": .integer(Int128(64 + n % 256))],
                "thumbnail": .data(Data(bytes)),
            ]
        }
    }
}
