import State

extension Schema {
    /// Whether `tree` reads as a value of this schema's root type (`root`, else the schema's,
    /// else the struct whose fields its keys match best): most of the root dictionary's keys
    /// are the type's fields, and most of the type's required fields are there.
    ///
    /// A schema that merely lies in the same folder applies only when this holds, so an
    /// `.entitlements` file beside an app's model is not reported as broken.
    public func fits(_ tree: SourceTree, root: String? = nil) -> Bool {
        guard tree[SourceTree.root].kind == .dictionary else { return false }
        let ignored: Set<String> = [ModelVersion.key, "model_type_key"]
        let keys = Set(tree.children(of: SourceTree.root).compactMap { tree.key(of: $0) }).subtracting(ignored)
        guard !keys.isEmpty else { return false }
        func hits(_ name: String) -> Int { allFields(of: name).filter { keys.contains($0.name) }.count }
        guard let type = root ?? self.root ?? structs.max(by: { hits($0.name) < hits($1.name) })?.name else { return false }
        let fields = allFields(of: type).filter { !$0.transient }
        let known = fields.filter { keys.contains($0.name) }.count
        let required = fields.filter(\.isRequired)
        let present = required.filter { keys.contains($0.name) }.count
        return known * 2 >= keys.count && present * 2 >= required.count
    }
}
