import State

/// `SchemaInference` one node at a time, for a reader that walks the document in order (`state
/// print`): the guess for a node is made when it is asked for, so output starts before the
/// rest of the document has been looked at, and nothing is kept per node.
///
/// Its guesses are the whole-document pass's (`SchemaInference.annotate`): both make the same
/// `Step` at each node, from the same tag keys. Nodes must be asked for in document order
/// (pre-order); nodes may be skipped, and asking for one again is free.
public final class LazyInference {
    private let context: SchemaInference.Context
    /// The containers on the path to the last node asked for, each with its step.
    /// `cursor` is the child of `node` last walked into: siblings are found from there on.
    private var stack: [(node: Int, step: SchemaInference.Step, cursor: Int)] = []
    private var last: (node: Int, role: NodeRole?, color: ColorSpelling?)?

    public convenience init(_ tree: SourceTree) {
        self.init(tree, evidenceBudget: TagEvidence.wholeDocumentBudget)
    }

    /// With the number of nodes judged whole for tag keys (tests make it small to sample).
    package init(_ tree: SourceTree, evidenceBudget: Int) {
        context = SchemaInference.Context(tree: tree, tagKeys: TagEvidence.tagKeys(of: tree, budget: evidenceBudget))
    }

    /// With the tag keys judged already (by another `LazyInference` of the same tree, so that
    /// several threads guess parts of one document alike without judging it again each).
    package init(_ tree: SourceTree, tagKeys: Set<String>) {
        context = SchemaInference.Context(tree: tree, tagKeys: tagKeys)
    }

    /// The keys judged to hold type tags.
    package var tagKeys: Set<String> { context.tagKeys }

    /// The guessed role of `node`. Asking for a node before one already asked for (other than
    /// itself or a descendant of an earlier node) starts over from the root.
    public func role(of node: Int) -> NodeRole? { guess(of: node).role }

    /// The guessed role of `node` and, for a color, its spelling (found on the way, so that a
    /// printer need not look for it again). Same order rules as `role(of:)`.
    public func guess(of node: Int) -> (role: NodeRole?, color: ColorSpelling?) {
        if let last, last.node == node { return (last.role, last.color) }
        let tree = context.tree
        // Leave the containers `node` is not in.
        while let top = stack.indices.last, !(stack[top].node < node && node <= stack[top].node + Int(tree[stack[top].node].size)) { stack.removeLast() }
        var role: NodeRole?
        var color: ColorSpelling?
        if stack.isEmpty {
            if node != SourceTree.root { _ = self.guess(of: SourceTree.root) }
            if node == SourceTree.root {
                let step = context.step(node, field: nil, modelName: nil)
                role = push(node, step)
                last = (node, role, step.color)
                return (role, step.color)
            }
        }
        // Walk down from the innermost container to `node`, guessing each ancestor on the way.
        while !stack.isEmpty {
            let top = stack.count - 1
            let parent = stack[top].node
            let isArray = tree[parent].kind == .array
            var child = stack[top].cursor <= node ? stack[top].cursor : parent + 1
            while child + Int(tree[child].size) < node { child += 1 + Int(tree[child].size) }
            stack[top].cursor = child
            let key = isArray ? nil : tree.key(of: child)
            if let fixed = stack[top].step.fixedRole(ofChildWithKey: key) {
                // A tag or version: a scalar the step names, with nothing below it to guess.
                guard child == node else { return (nil, nil) }
                role = fixed
                color = nil
                break
            }
            let (field, modelName) = stack[top].step.childContext(key: key, isArray: isArray)
            let step = context.step(child, field: field, modelName: modelName)
            role = push(child, step)
            color = step.color
            if child == node { break }
        }
        last = (node, role, color)
        return (role, color)
    }

    private func push(_ node: Int, _ step: SchemaInference.Step) -> NodeRole {
        if context.tree[node].kind.isContainer { stack.append((node, step, node + 1)) }
        return step.role
    }
}
