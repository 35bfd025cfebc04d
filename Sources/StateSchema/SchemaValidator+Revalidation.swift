import State

extension SchemaValidator {
    /// The check of `tree` after edits that changed only the values of the scalars `edited`,
    /// made from `previous` — the whole check of the tree before the edits, whose node table
    /// had the same shape — by checking only those values again: a number typed into a 100 MB
    /// file costs its own check, not the file's.
    ///
    /// Returns nil when an edited value can change more than itself, so that only the whole
    /// check is right: a type tag (it picks the conformer, and so every sibling's field), an
    /// enum's case or raw value, a model version, a key the schema does not describe, a value
    /// the previous check gave no role. A color's channel is checked with its color. Nil too
    /// when the tree's shape changed (another number of nodes, an edited value no longer a
    /// scalar).
    public func revalidating(_ previous: TypedDocument, scalars edited: [Int], in tree: SourceTree, links: NodeLinks) -> TypedDocument? {
        guard tree.nodes.count == previous.roles.nodeCount, links.parents.count == tree.nodes.count else { return nil }
        var targets: [(node: Int, scalar: FieldType.Scalar, role: NodeRole)] = []
        for node in edited {
            guard node < tree.nodes.count, !tree[node].kind.isContainer else { return nil }
            let role = previous.roles[node]
            let parent = links.parent(of: node)
            let parentRole = parent.flatMap { previous.roles[$0] }
            switch (role?.kind, parentRole?.kind) {
            case (.value(.scalar)?, .color?), (nil, .color?):
                // A channel of a color dictionary (without a role while the color does not
                // read): the color is what is checked.
                guard let parent, let parentRole else { return nil }
                targets.append((parent, .color, parentRole))
            case (.color?, _):
                guard let role else { return nil }
                targets.append((node, .color, role))
            case (.value(.scalar(let scalar))?, .model?), (.value(.scalar(let scalar))?, .conformer?), (.value(.scalar(let scalar))?, .value?):
                guard let role else { return nil }
                targets.append((node, scalar, role))
            default:
                return nil
            }
        }
        var run = Run(schema: schema, transforms: transforms, tree: tree, roles: previous.roles, depthLimit: .max)
        run.links = links
        var replaced: [Range<Int>] = []
        for target in targets where !replaced.contains(where: { $0.contains(target.node) }) {
            let subtree = target.node..<(target.node + 1 + Int(tree[target.node].size))
            // A color's channels get their roles only when the color reads.
            for node in subtree.dropFirst() { run.roles[node] = nil }
            run.checkScalar(target.node, target.scalar, field: target.role.field, transform: target.role.transform)
            replaced.append(subtree)
        }
        // The edited values' old diagnostics go, but for what their parent said of their key
        // (a transient field's warning); the new ones go in node order among the rest.
        var diagnostics = previous.diagnostics.filter { d in d.kind == .unexpectedKey || !replaced.contains { $0.contains(d.node) } }
        for d in run.diagnostics {
            let at = diagnostics.firstIndex { $0.node > d.node } ?? diagnostics.endIndex
            diagnostics.insert(d, at: at)
        }
        return TypedDocument(schema: schema, rootType: previous.rootType, roles: run.roles, diagnostics: diagnostics)
    }
}
