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

    /// The check of `tree` after an edit that changed only the subtree at `node` — a member
    /// deleted, inserted, renamed, moved or duplicated in it, or the value replaced — which
    /// now has `grown` more nodes than before: `previous` (the whole check of the tree before)
    /// is kept before and after it, and the subtree is checked again as the type its node had.
    /// When that node's role depends on its container (a type tag, a version, a color's
    /// channel, an enum's case or payload) or gives no type to check (it was not checked), the
    /// containers above are tried. Nil when no container
    /// below the root can be checked alone, or `previous` checked no root type: only the
    /// whole check is right then.
    public func revalidating(_ previous: TypedDocument, subtree node: Int, grown: Int, in tree: SourceTree, links: NodeLinks) -> TypedDocument? {
        guard previous.rootType != nil, tree.nodes.count == previous.roles.nodeCount + grown, links.parents.count == tree.nodes.count, node < tree.nodes.count else { return nil }
        var node = node
        var type: (FieldType, NodeRole)?
        while node != SourceTree.root {
            guard let parent = links.parent(of: node) else { return nil }
            // A color's channels are checked with their color (they have roles only when it
            // reads), an enum's case, raw value and payload with the enum (they name its case).
            if let role = previous.roles[node], let checked = Self.type(checking: role), !Self.decidesContainer(previous.roles[parent]) {
                type = (checked, role)
                break
            }
            node = parent
        }
        guard let (checked, role) = type else { return nil }
        let newSize = Int(tree[node].size)
        let oldSize = newSize - grown
        guard oldSize >= 0 else { return nil }
        var run = Run(schema: schema, transforms: transforms, tree: tree, roles: previous.roles.replacingSubtree(at: node, oldSize: oldSize, newSize: newSize), depthLimit: .max)
        run.links = links
        run.check(node, as: checked, field: role.field, transform: role.transform)
        // What the subtree said goes, but for what its container said of its key (an unknown
        // or transient field); what follows it moved with its nodes.
        var diagnostics = TypedDocument.diagnostics(previous.diagnostics, outsideSubtree: node, oldSize: oldSize, grown: grown) { $0.kind == .unexpectedKey }
        for d in run.diagnostics {
            let at = diagnostics.firstIndex { $0.node > d.node } ?? diagnostics.endIndex
            diagnostics.insert(d, at: at)
        }
        return TypedDocument(schema: schema, rootType: previous.rootType, roles: run.roles, diagnostics: diagnostics)
    }

    /// Whether a container with `role` is decided by its children's values (a color, an enum).
    private static func decidesContainer(_ role: NodeRole?) -> Bool {
        switch role?.kind {
        case .color?, .enumValue?: true
        default: false
        }
    }

    /// The type a node with `role` is checked as, when its container plays no part in it.
    private static func type(checking role: NodeRole) -> FieldType? {
        switch role.kind {
        case .model(let name), .enumValue(let name, _): .named(name)
        case .conformer(_, let protocolName): .named(protocolName)
        case .value(let type): type
        case .color: .scalar(.color)
        case .typeTag, .version, .unknown: nil
        }
    }
}
