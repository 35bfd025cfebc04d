import StateMacros

/// A named group of assets of any kind: a one-to-many relationship to the `Asset` protocol.
@StateModel
public struct AssetGroup {
    public var name: String
    @Conforming(.asset) public var assets: [any Asset]

    public init(name: String, assets: [any Asset] = []) {
        self.name = name
        self.assets = assets
    }

    /// The asset named `name`.
    public func asset(named name: String) -> (any Asset)? {
        assets.first { $0.name == name }
    }
}
