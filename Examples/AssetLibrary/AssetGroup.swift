import State

/// A named group of assets of any kind: a one-to-many relationship to the `Asset` protocol.
public struct AssetGroup: Model {
    public var name: String
    public var assets: [any Asset]

    public init(name: String, assets: [any Asset] = []) {
        self.name = name
        self.assets = assets
    }

    public init(from store: Store) throws {
        name = try store.value(forKey: "name")
        assets = try store.value(forKey: "assets", in: .asset)
    }

    public func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(assets, forKey: "assets", in: .asset)
    }

    /// The asset named `name`.
    public func asset(named name: String) -> (any Asset)? {
        assets.first { $0.name == name }
    }
}
