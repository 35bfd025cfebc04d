import Foundation
import State

/// A named color.
public struct ColorAsset: Asset, Equatable {
    public var name: String
    public var created: Date
    public var color: RGBAColor
    /// Not written when empty (a `Dissolver`).
    public var tags: [String]

    public init(name: String, created: Date, color: RGBAColor, tags: [String] = []) {
        self.name = name
        self.created = created
        self.color = color
        self.tags = tags
    }

    public init(from store: Store) throws {
        name = try store.value(forKey: "name")
        created = try store.value(forKey: "created")
        color = try store.value(forKey: "color", using: ColorTransform())
        tags = try store.value(forKey: "tags", using: Dissolver())
    }

    public func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(created, forKey: "created")
        try store.set(color, forKey: "color", using: ColorTransform())
        try store.set(tags, forKey: "tags", using: Dissolver())
    }
}
