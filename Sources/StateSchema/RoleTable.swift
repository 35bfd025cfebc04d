/// The role of every node of a document, stored compactly: one 32-bit index per node into a
/// table of the distinct roles.
///
/// A 100 MB library has millions of nodes but only a few hundred distinct roles (a field of a
/// model is the same role in every instance), so this costs 4 bytes a node where a dictionary
/// of roles cost about ten times that, and looking a role up is an array read.
public struct RoleTable: Sendable {
    /// 0 means no role; otherwise an index + 1 into `distinct`. Empty while `sparse`.
    private var indexes: [UInt32]
    /// The same for a table of few roles (a quick pass over the top of a tree): by node.
    private var sparse: [Int: UInt32]?
    private var distinct: [NodeRole] = []
    /// `distinct` indexes + 1 by a cheap hash of the role (open addressing, at most half
    /// full). A role is given to every node, and `Dictionary`'s SipHash over each role's
    /// strings was a third of guessing a whole document; the hash here reads the field name
    /// and the kind's case and names, and equal-hash roles are told apart by `==`.
    private var slots = [UInt32](repeating: 0, count: 64)
    /// `distinct` indexes + 1 of roles interned lately, by `recentSlot` (0: none).
    private var recent = [UInt32](repeating: 0, count: RoleTable.recentCount)
    /// The number of nodes of the document the table is for.
    public private(set) var nodeCount: Int

    /// A table with no role for each of `nodeCount` nodes. A `sparse` one keeps its roles by
    /// node instead of one slot a node — until it holds more than a sixteenth of the nodes —
    /// for a pass that likely gives few nodes a role (the first screen's check of a 1 GB
    /// file's top levels), where zeroing a slot for each of its 26 million nodes cost a tenth
    /// of the first screen.
    public init(nodeCount: Int, sparse: Bool = false) {
        self.nodeCount = nodeCount
        indexes = sparse ? [] : Array(repeating: 0, count: nodeCount)
        self.sparse = sparse ? [:] : nil
    }

    /// The node's role, if it has one.
    public subscript(node: Int) -> NodeRole? {
        get {
            let i = sparse.map { $0[node] ?? 0 } ?? indexes[node]
            return i == 0 ? nil : distinct[Int(i - 1)]
        }
        set {
            guard let role = newValue else {
                store(0, at: node)
                return
            }
            store(intern(role), at: node)
        }
    }

    /// Gives `node` the role `role` (what setting the subscript does, without wrapping the
    /// role in an optional copy first — a whole guess sets one per node).
    package mutating func set(_ role: NodeRole, at node: Int) {
        store(intern(role), at: node)
    }

    /// The index + 1 of `role` in `distinct`, added when it is new.
    private mutating func intern(_ role: NodeRole) -> UInt32 {
        // The role last interned with the same kind of kind and a field of the same length
        // and first byte is most often this one (a model's fields recur instance after
        // instance): compared first, before the role is hashed whole.
        let quick = Self.recentSlot(role)
        let recentIndex = recent[quick]
        if recentIndex != 0, distinct.withUnsafeBufferPointer({ $0[Int(recentIndex) - 1] == role }) { return recentIndex }
        let index = interned(role)
        recent[quick] = index
        return index
    }

    /// A slot of `recent` for `role`, from what is cheap to read of it.
    private static func recentSlot(_ role: NodeRole) -> Int {
        let kind: Int
        switch role.kind {
        case .model: kind = 1
        case .conformer: kind = 2
        case .enumValue: kind = 3
        case .value: kind = 4
        case .color: kind = 5
        case .typeTag: kind = 6
        case .version: kind = 7
        case .unknown: kind = 8
        }
        let field = role.field.map { ($0.utf8.count, Int($0.utf8.first ?? 0)) } ?? (255, 0)
        return (kind &* 97 &+ field.0 &* 31 &+ field.1) & (recentCount - 1)
    }

    private static let recentCount = 128

    /// `intern` through the hash table.
    private mutating func interned(_ role: NodeRole) -> UInt32 {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: role.quickHash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            // Compared where it is stored: reading it out of the array copies its strings.
            if distinct.withUnsafeBufferPointer({ $0[index] == role }) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        distinct.append(role)
        let index = UInt32(distinct.count)
        slots[slot] = index
        if distinct.count * 2 > slots.count {
            // Grown before it is more than half full: every role placed again.
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (i, known) in distinct.enumerated() {
                var slot = Int(truncatingIfNeeded: known.quickHash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(i + 1)
            }
        }
        return index
    }

    private mutating func store(_ index: UInt32, at node: Int) {
        if sparse != nil {
            precondition(node >= 0 && node < nodeCount, "node \(node) outside a table of \(nodeCount)")
            sparse![node] = index == 0 ? nil : index
            // Not so few after all (a flat file's top levels are all of it): one slot a node.
            if sparse!.count > max(4096, nodeCount / 16) {
                var dense = [UInt32](repeating: 0, count: nodeCount)
                for (n, i) in sparse! { dense[n] = i }
                indexes = dense
                sparse = nil
            }
        } else {
            indexes[node] = index
        }
    }

    /// The table after the subtree at `node` changed from `oldSize` to `newSize` descendants:
    /// the roles before it and after it are kept (those after it moved with their nodes), the
    /// subtree's own are cleared, to be checked again.
    package func replacingSubtree(at node: Int, oldSize: Int, newSize: Int) -> RoleTable {
        var table = self
        let oldEnd = node + 1 + oldSize
        table.nodeCount += newSize - oldSize
        if let sparse {
            var moved: [Int: UInt32] = [:]
            for (n, i) in sparse where n < node || n >= oldEnd { moved[n < node ? n : n + newSize - oldSize] = i }
            table.sparse = moved
        } else {
            table.indexes.replaceSubrange(node..<oldEnd, with: repeatElement(0, count: newSize + 1))
        }
        return table
    }

    /// The number of nodes that have a role.
    public var assignedCount: Int { sparse?.count ?? indexes.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// The distinct roles in use.
    public var distinctRoles: [NodeRole] { distinct }
}
