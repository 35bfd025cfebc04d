import Foundation
import StateMacros

/// An image file.
@StateModel
public struct ImageAsset: FileAsset, Equatable {
    /// A nested model (to-one relationship).
    @StateModel
    public struct Size: Equatable, Sendable {
        public var width: Int
        public var height: Int
    }

    /// A plain enum: stored as `{ "Rendering": "template" }`.
    public enum Rendering: CaseModel, Sendable {
        case original, template
    }

    public var name: String
    public var created: Date
    public var url: URL
    public var size: Size
    public var rendering: Rendering
    /// A tint applied to template images.
    @Transform(ColorTransform()) public var tint: RGBAColor?
    public var thumbnail: Data?

    public init(name: String, created: Date, url: URL, size: Size, rendering: Rendering = .original, tint: RGBAColor? = nil, thumbnail: Data? = nil) {
        self.name = name
        self.created = created
        self.url = url
        self.size = size
        self.rendering = rendering
        self.tint = tint
        self.thumbnail = thumbnail
    }
}
