import Foundation
import StateMacros

/// A named color.
@StateModel
public struct ColorAsset: Asset, Equatable {
    public var name: String
    public var created: Date
    @Transform(ColorTransform()) public var color: RGBAColor
    /// Not written when empty (a `Dissolver`).
    @Dissolved public var tags: [String] = []
}
