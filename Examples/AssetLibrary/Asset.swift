import Foundation
import State

/// Anything a library holds. The root of the asset protocols: every asset is written with the
/// type tag `"Asset": "<conformer>"`.
public protocol Asset: Model {
    var name: String { get set }
    var created: Date { get set }
}

extension Conformers where Value == any Asset {
    /// Every concrete asset type, for reading `Asset` values.
    public static var asset: Self { Conformers(root: "Asset", ColorAsset.self, SoundAsset.self, ImageAsset.self) }
}

/// Compares two assets of any conformer type by their stored form.
public func assetsEqual(_ a: any Asset, _ b: any Asset) -> Bool {
    (try? Conformers.asset.write(a)) == (try? Conformers.asset.write(b))
}
