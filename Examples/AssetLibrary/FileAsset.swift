import Foundation
import State

/// An asset backed by a file. Inherits from `Asset`, so its type tag key is still `Asset`.
public protocol FileAsset: Asset {
    var url: URL { get set }
}

extension Conformers where Value == any FileAsset {
    public static var fileAsset: Self { Conformers(root: "Asset", SoundAsset.self, ImageAsset.self) }
}
