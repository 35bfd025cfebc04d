/// The role of every node of a document, stored compactly: one 32-bit index per node into a
/// table of the distinct roles.
///
/// A 100 MB library has millions of nodes but only a few hundred distinct roles (a field of a
/// model is the same role in every instance), so this costs 4 bytes a node where a dictionary
/// of roles cost about ten times that, and looking a role up is an array read.
public struct RoleTable: Sendable {
    /// 0 means no role; otherwise an index + 1 into `distinct`.
    private var indexes: [UInt32]
    private var distinct: [NodeRole] = []
    private var interned: [NodeRole: UInt32] = [:]

    /// A table with no role for each of `nodeCount` nodes.
    public init(nodeCount: Int) {
        indexes = Array(repeating: 0, count: nodeCount)
    }

    /// The node's role, if it has one.
    public subscript(node: Int) -> NodeRole? {
        get {
            let i = indexes[node]
            return i == 0 ? nil : distinct[Int(i - 1)]
        }
        set {
            guard let role = newValue else {
                indexes[node] = 0
                return
            }
            if let i = interned[role] {
                indexes[node] = i
            } else {
                distinct.append(role)
                let i = UInt32(distinct.count)
                interned[role] = i
                indexes[node] = i
            }
        }
    }

    /// The table after the subtree at `node` changed from `oldSize` to `newSize` descendants:
    /// the roles before it and after it are kept (those after it moved with their nodes), the
    /// subtree's own are cleared, to be checked again.
    package func replacingSubtree(at node: Int, oldSize: Int, newSize: Int) -> RoleTable {
        var table = self
        let oldEnd = node + 1 + oldSize
        table.indexes.replaceSubrange(node..<oldEnd, with: repeatElement(0, count: newSize + 1))
        return table
    }

    /// The number of nodes of the document the table is for.
    public var nodeCount: Int { indexes.count }

    /// The number of nodes that have a role.
    public var assignedCount: Int { indexes.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// The distinct roles in use.
    public var distinctRoles: [NodeRole] { distinct }
}
