import Foundation
import State

extension AssetLibrary {
    /// The text of `AssetLibrary.schema`, compiled in so that an installed `state` (with no
    /// checkout beside it) opens the sample with its model types. A test keeps it equal to
    /// the file.
    public static let schemaText = #"""
        // The Asset Library's models, for `state` (which finds this file next to AssetLibrary.plist).
        root AssetLibrary

        /// Anything a library holds.
        protocol Asset {
            name: String
            created: Date
        }

        /// An asset backed by a file.
        protocol FileAsset: Asset {
            url: URL
        }

        /// A named color.
        struct ColorAsset: Asset {
            color: Color
            tags: [String] @dissolve
        }

        struct SoundAsset: FileAsset {
            format: SoundFormat
            /// Seconds.
            duration: Double
            loops: Bool = false
            channels: Int8 = 2
        }

        struct ImageAsset: FileAsset {
            size: ImageSize
            rendering: Rendering
            /// A tint applied to template images.
            tint: Color?
            thumbnail: Data?
        }

        struct ImageSize {
            width: Int
            height: Int
        }

        struct AssetGroup {
            name: String
            assets: [Asset]
        }

        struct AssetDomain {
            groups: [String: AssetGroup]
        }

        @version(3)
        struct AssetLibrary {
            name: String
            domains: [String: AssetDomain]
        }

        enum SoundFormat: String {
            case caf, wav, mp3, aac
        }

        enum Rendering {
            case original, template
        }

        """#

    /// Writes the sample and its schema into `folder` (created if needed), replacing what a
    /// previous run left there; returns the sample file. This is what `state` opens when given
    /// no file: a scratch copy, so no edit ever reaches the checked-in sample.
    public static func writeSampleCopy(in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("AssetLibrary.plist")
        try sample.write(to: file)
        try AtomicFile.write(Array(schemaText.utf8), to: folder.appendingPathComponent("AssetLibrary.schema"))
        return file
    }
}
