import Foundation

/// The Asset Library as Foundation `Decodable` types, so `PropertyListDecoder` and `JSONDecoder`
/// can decode the same files our models read: the reference for model decoding speed.
/// Protocol values are an enum switched on the `Asset` type tag.
struct FoundationAssetLibrary: Decodable {
    struct Domain: Decodable { var groups: [String: Group] }
    struct Group: Decodable {
        var name: String
        var assets: [Asset]
    }
    struct Color: Decodable { var red, green, blue, alpha: Double }
    struct Size: Decodable { var width, height: Int }
    struct RawValue: Decodable { var value: String }
    /// PropertyListDecoder decodes `URL` as a keyed container; the files hold strings.
    struct FileURL: Decodable {
        var url: URL
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a URL"))
            }
            self.url = url
        }
    }
    struct Rendering: Decodable { var Rendering: String }
    struct ColorAsset: Decodable {
        var name: String
        var created: Date
        var color: Color
        var tags: [String]?
    }
    struct SoundAsset: Decodable {
        var name: String
        var created: Date
        var url: FileURL
        var format: RawValue
        var duration: Double
        var loops: Bool?
        var channels: Int8?
    }
    struct ImageAsset: Decodable {
        var name: String
        var created: Date
        var url: FileURL
        var size: Size
        var rendering: Rendering
        var tint: Color?
        var thumbnail: Data?
    }
    enum Asset: Decodable {
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
}
