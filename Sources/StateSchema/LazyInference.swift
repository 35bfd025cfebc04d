import State

/// `SchemaInference` one node at a time, for a reader that walks the document in order (`state
/// print`): the guess for a node is made when it is asked for, so output starts before the
/// rest of the document has been looked at, and nothing is kept per node.
///
/// Its guesses are the whole-document pass's (`SchemaInference.annotate`): both make the same
/// `Step` at each node, from the same tag keys. Nodes must be asked for in document order
/// (pre-order); nodes may be skipped, and asking for one again costs one step.
public final class LazyInference {
    private let context: SchemaInference.Context
    /// A container on the path to the last node asked for, with what its step says of its
    /// children. `cursor` is the child last walked into: siblings are found from there on.
    fileprivate struct Frame {
        var node: Int
        var rules: SchemaInference.ChildRules
        var cursor: Int
    }

    private var stack: [Frame] = []

    /// Guesses for `tree`, made as they are asked for.
    public convenience init(_ tree: SourceTree) {
        self.init(tree, evidenceBudget: TagEvidence.wholeDocumentBudget)
    }

    /// With the number of nodes judged whole for tag keys (tests make it small to sample).
    package init(_ tree: SourceTree, evidenceBudget: Int) {
        context = SchemaInference.Context(tree: tree, tagKeys: TagEvidence.tagKeys(of: tree, budget: evidenceBudget))
    }

    /// With the tag keys judged already (`tagKeys(of:threads:)`), so that several threads
    /// guess parts of one document alike without each judging it again.
    package init(_ tree: SourceTree, tagKeys: Set<String>) {
        context = SchemaInference.Context(tree: tree, tagKeys: tagKeys)
    }

    /// The keys judged to hold type tags.
    package var tagKeys: Set<String> { context.tagKeys }

    /// The keys of `tree` judged to hold type tags (what `init(_:)` judges), by `threads`
    /// threads sharing the work.
    package static func tagKeys(of tree: SourceTree, threads: Int) -> Set<String> {
        TagEvidence.tagKeys(of: tree, threads: threads)
    }

    /// The guessed role of `node`. Asking for a node before one already asked for (other than
    /// itself or a descendant of an earlier node) starts over from the root.
    public func role(of node: Int) -> NodeRole? { guess(of: node).role }

    /// The guessed role of `node` and, for a color, its spelling (found on the way, so that a
    /// printer need not look for it again). Same order rules as `role(of:)`; asking for the
    /// same node again guesses it again (from its parent on: the walk keeps the path). The
    /// last answer is not kept: copying a role and a color out per node cost a printer more
    /// than the rare second question.
    public func guess(of node: Int) -> (role: NodeRole?, color: ColorSpelling.Detected?) {
        let step = walkedStep(to: node)
        return (step?.role, step?.color)
    }

    /// `body` given the guessed role of `node` (when it has one) and, for a color, its
    /// spelling — borrowed, where `guess(of:)` hands out copies (a role holds several
    /// strings, and a printer asks for every container of a file). Same order rules.
    package func withGuess<Result>(of node: Int, _ body: (NodeRole, ColorSpelling.Detected?) -> Result?) -> Result? {
        guard let step = walkedStep(to: node) else { return nil }
        return body(step.role, step.color)
    }

    private func walkedStep(to node: Int) -> SchemaInference.Step? {
        // The walk works on a local stack, put back at the end: a class's stored array is
        // checked for exclusive access at every use, which a printer asking for every
        // container of a large file feels.
        var stack: [Frame] = []
        swap(&stack, &self.stack)
        defer { swap(&stack, &self.stack) }
        return context.walk(to: node, stack: &stack)
    }
}

extension SchemaInference.Context {
    /// Walks from the containers on `stack` (the path to the last node asked for) down to
    /// `node`, guessing each container on the way, and leaves `stack` on the path to `node`.
    fileprivate func walk(to node: Int, stack: inout [LazyInference.Frame]) -> SchemaInference.Step? {
        // Leave the containers `node` is not in.
        while let top = stack.last, !(top.node < node && node <= top.node + Int(tree[top.node].size)) { stack.removeLast() }
        if stack.isEmpty {
            let made = step(SourceTree.root, field: nil, modelName: nil)
            push(SourceTree.root, made, onto: &stack)
            if node == SourceTree.root { return made }
            // A node outside the root (none): nothing to guess.
            if stack.isEmpty { return nil }
        }
        // Walk down from the innermost container to `node`, guessing each ancestor on the way.
        while true {
            let top = stack.count - 1
            let parent = stack[top].node
            let isArray = tree[parent].kind == .array
            var child = stack[top].cursor <= node ? stack[top].cursor : parent + 1
            while child + Int(tree[child].size) < node { child += 1 + Int(tree[child].size) }
            stack[top].cursor = child
            let key = isArray ? nil : tree.key(of: child)
            if let fixed = stack[top].rules.fixedRole(ofChildWithKey: key) {
                // A tag or version: a scalar the step names, with nothing below it to guess.
                return child == node ? SchemaInference.Step(role: fixed) : nil
            }
            let (field, modelName) = stack[top].rules.childContext(key: key, isArray: isArray)
            let made = step(child, field: field, modelName: modelName)
            push(child, made, onto: &stack)
            if child == node { return made }
        }
    }

    private func push(_ node: Int, _ step: SchemaInference.Step, onto stack: inout [LazyInference.Frame]) {
        if tree[node].kind.isContainer { stack.append(LazyInference.Frame(node: node, rules: step.rules, cursor: node + 1)) }
    }
}
