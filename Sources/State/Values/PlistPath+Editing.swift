/// Paths as edits build them: the parent of a path, and so on.
extension PlistPath {
    /// The path without its last component.
    public func dropLast() -> PlistPath { PlistPath(Array(components.dropLast())) }
    /// All the steps, as a slice.
    public subscript(_: UnboundedRange) -> ArraySlice<Component> { components[...] }
}
