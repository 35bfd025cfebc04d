import Foundation
import State

/// The Asset Library as Foundation `Codable` types, so `PropertyListDecoder` and `JSONDecoder`
/// can decode the same files our models read (and the encoders write them): the reference for
/// model decoding and encoding speed. Protocol values are an enum switched on the `Asset` type
/// tag.
struct FoundationAssetLibrary: Codable {
    struct Domain: Codable { var groups: [String: Group] }
    struct Group: Codable {
        var name: String
        var assets: [Asset]
    }
    struct Color: Codable { var red, green, blue, alpha: Double }
    struct Size: Codable { var width, height: Int }
    struct RawValue: Codable { var value: String }
    /// PropertyListDecoder decodes `URL` as a keyed container; the files hold strings.
    struct FileURL: Codable {
        var url: URL
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a URL"))
            }
            self.url = url
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url.absoluteString)
        }
    }
    struct Rendering: Codable { var Rendering: String }
    struct ColorAsset: Codable {
        var name: String
        var created: Date
        var color: Color
        var tags: [String]?
    }
    struct SoundAsset: Codable {
        var name: String
        var created: Date
        var url: FileURL
        var format: RawValue
        var duration: Double
        var loops: Bool?
        var channels: Int8?
    }
    struct ImageAsset: Codable {
        var name: String
        var created: Date
        var url: FileURL
        var size: Size
        var rendering: Rendering
        var tint: Color?
        var thumbnail: Data?
    }
    enum Asset: Codable {
        case color(ColorAsset), sound(SoundAsset), image(ImageAsset)
        enum Tag: String, CodingKey { case Asset }
        init(from decoder: any Decoder) throws {
            let tag = try decoder.container(keyedBy: Tag.self).decode(String.self, forKey: .Asset)
            switch tag {
            case "ColorAsset": self = .color(try ColorAsset(from: decoder))
            case "SoundAsset": self = .sound(try SoundAsset(from: decoder))
            case "ImageAsset": self = .image(try ImageAsset(from: decoder))
            default: throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown asset \(tag)"))
            }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Tag.self)
            switch self {
            case .color(let asset):
                try container.encode("ColorAsset", forKey: .Asset)
                try asset.encode(to: encoder)
            case .sound(let asset):
                try container.encode("SoundAsset", forKey: .Asset)
                try asset.encode(to: encoder)
            case .image(let asset):
                try container.encode("ImageAsset", forKey: .Asset)
                try asset.encode(to: encoder)
            }
        }
    }

    var name: String
    var domains: [String: Domain]
    var model_version: Int

    static func decode(_ data: Data, json: Bool) throws -> FoundationAssetLibrary {
        if json {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Self.self, from: data)
        }
        return try PropertyListDecoder().decode(Self.self, from: data)
    }

    /// The library written in `format` (JSON pretty-printed, as ours writes it).
    func encoded(as format: PlistFormat) throws -> Data {
        switch format {
        case .json, .jsonc:
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.prettyPrinted]
            return try encoder.encode(self)
        default:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .binary ? .binary : .xml
            return try encoder.encode(self)
        }
    }
}
