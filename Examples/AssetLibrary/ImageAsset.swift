import Foundation
import State

/// An image file.
public struct ImageAsset: FileAsset, Equatable {
    /// A nested model (to-one relationship).
    public struct Size: Model, Equatable, Sendable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        public init(from store: Store) throws {
            width = try store.value(forKey: "width")
            height = try store.value(forKey: "height")
        }

        public func write(to store: inout Store) throws {
            try store.set(width, forKey: "width")
            try store.set(height, forKey: "height")
        }
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
    public var tint: RGBAColor?
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

    public init(from store: Store) throws {
        name = try store.value(forKey: "name")
        created = try store.value(forKey: "created")
        url = try store.value(forKey: "url")
        size = try store.value(forKey: "size")
        rendering = try store.value(forKey: "rendering")
        tint = try store.value(forKey: "tint", using: ColorTransform())
        thumbnail = try store.value(forKey: "thumbnail")
    }

    public func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(created, forKey: "created")
        try store.set(url, forKey: "url")
        try store.set(size, forKey: "size")
        try store.set(rendering, forKey: "rendering")
        try store.set(tint, forKey: "tint", using: ColorTransform())
        try store.set(thumbnail, forKey: "thumbnail")
    }
}
