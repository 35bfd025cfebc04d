import OrderedCollections
import State

/// A top-level division of a library (an app, a game level), holding groups by name.
public struct AssetDomain: Model {
    /// Groups by name, in the order they were added (a dictionary composition).
    public var groups: OrderedDictionary<String, AssetGroup>

    public init(groups: OrderedDictionary<String, AssetGroup> = [:]) {
        self.groups = groups
    }

    public init(from store: Store) throws {
        groups = try store.value(forKey: "groups")
    }

    public func write(to store: inout Store) throws {
        try store.set(groups, forKey: "groups")
    }
}
