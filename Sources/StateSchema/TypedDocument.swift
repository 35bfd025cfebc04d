import State

/// A document decoded against a schema: what each node of its span tree is, and the problems
/// found. It holds no reference to the tree itself, so an edit can change the tree in place
/// while the last check is still shown. Nothing is dropped — nodes the schema does not describe keep the role
/// `.unknown` and stay in the tree (and in the file).
public struct TypedDocument: Sendable {
    /// The schema the roles come from (a guessed one without a schema).
    public let schema: Schema
    /// The root type the document was checked as, when one was known.
    public let rootType: String?
    /// Roles by node index; nodes without one are nil.
    public let roles: RoleTable
    /// Every problem found, in document order.
    public let diagnostics: [Diagnostic]
    /// Indexes into `diagnostics` by node, so looking up one row's problems is not a scan.
    private let diagnosticsByNode: [Int: [Int]]

    init(schema: Schema, rootType: String?, roles: RoleTable, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.rootType = rootType
        self.roles = roles
        self.diagnostics = diagnostics
        diagnosticsByNode = Dictionary(grouping: diagnostics.indices, by: { diagnostics[$0].node })
    }

    /// What node `node` is.
    public func role(of node: Int) -> NodeRole? { roles[node] }

    /// The diagnostics that concern `node` itself (missing fields are reported on their model).
    public func diagnostics(at node: Int) -> [Diagnostic] { (diagnosticsByNode[node] ?? []).map { diagnostics[$0] } }

    /// The problems that are errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// This check kept for the tree after the subtree at `node` changed from `oldSize` to
    /// `newSize` descendants, until a new check replaces it: roles and problems before and
    /// after the subtree stay (those after it moved with their nodes); the subtree has none.
    package func replacingSubtree(at node: Int, oldSize: Int, newSize: Int) -> TypedDocument {
        let kept = Self.diagnostics(diagnostics, outsideSubtree: node, oldSize: oldSize, grown: newSize - oldSize)
        return TypedDocument(schema: schema, rootType: rootType, roles: roles.replacingSubtree(at: node, oldSize: oldSize, newSize: newSize), diagnostics: kept)
    }

    /// `diagnostics` of a tree whose subtree at `node` (`oldSize` descendants) grew by
    /// `grown` nodes: those before it kept, those after it moved with their nodes, those in
    /// it dropped — but for the subtree's own that `keeping` says stay.
    static func diagnostics(_ diagnostics: [Diagnostic], outsideSubtree node: Int, oldSize: Int, grown: Int, keeping: (Diagnostic) -> Bool = { _ in false }) -> [Diagnostic] {
        let oldEnd = node + oldSize
        return diagnostics.compactMap { d -> Diagnostic? in
            if d.node < node || (d.node == node && keeping(d)) { return d }
            guard d.node > oldEnd else { return nil }
            var moved = d
            moved.node += grown
            return moved
        }
    }
}
