import OrderedCollections
import StateMacros

/// A top-level division of a library (an app, a game level), holding groups by name.
@StateModel
public struct AssetDomain {
    /// Groups by name, in the order they were added (a dictionary composition).
    public var groups: OrderedDictionary<String, AssetGroup>

    public init(groups: OrderedDictionary<String, AssetGroup> = [:]) {
        self.groups = groups
    }
}
