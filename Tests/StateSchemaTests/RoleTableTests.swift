import State
import StateSchema
import StateTestSupport
import Testing

/// A sparse role table (the first screen's quick check) answers as a dense one does, through
/// sets, clears, subtree replacements and the switch to one slot a node when it fills up.
@Suite struct RoleTableTests {
    @Test func sparseTablesAnswerAsDenseOnes() {
        var rng = SeededGenerator.fromEnvironment()
        let roles = [NodeRole(.color), NodeRole(.typeTag, field: "Asset"), NodeRole(.model("A"), inferred: true), NodeRole(.unknown)]
        for round in 0..<40 {
            let count = Int.random(in: 1...(round % 2 == 0 ? 200 : 70_000), using: &rng)
            var dense = RoleTable(nodeCount: count)
            var sparse = RoleTable(nodeCount: count, sparse: true)
            for _ in 0..<Int.random(in: 0...6000, using: &rng) {
                let node = Int.random(in: 0..<dense.nodeCount, using: &rng)
                let role = Int.random(in: 0..<5, using: &rng) == 0 ? nil : roles.randomElement(using: &rng)!
                dense[node] = role
                sparse[node] = role
                if Int.random(in: 0..<500, using: &rng) == 0 {
                    let at = Int.random(in: 0..<dense.nodeCount, using: &rng)
                    let oldSize = Int.random(in: 0...(dense.nodeCount - at - 1), using: &rng)
                    let newSize = Int.random(in: 0...20, using: &rng)
                    dense = dense.replacingSubtree(at: at, oldSize: oldSize, newSize: newSize)
                    sparse = sparse.replacingSubtree(at: at, oldSize: oldSize, newSize: newSize)
                }
            }
            #expect(dense.nodeCount == sparse.nodeCount && dense.assignedCount == sparse.assignedCount, "round \(round) (seed \(rng.seed))")
            #expect((0..<dense.nodeCount).allSatisfy { dense[$0] == sparse[$0] }, "round \(round) (seed \(rng.seed))")
        }
    }

    /// Every node gets back the role it was given, among thousands of distinct roles — many
    /// of which differ only where the interning hash does not look (a value's field type) —
    /// and equal roles are stored once.
    @Test func rolesAreInternedByValue() {
        var rng = SeededGenerator.fromEnvironment()
        let types: [FieldType] = [.scalar(.int), .scalar(.string), .scalar(.double), .array(.scalar(.int)), .named("Person"), .dictionary(.scalar(.date)), .set(.named("X"))]
        var roles: [NodeRole] = []
        for field in ["name", "age", "a", "", "日本", "a much longer field name than a small string holds"] {
            for type in types { roles.append(NodeRole(.value(type), field: field)); roles.append(NodeRole(.value(type), field: field, inferred: true)) }
            roles.append(NodeRole(.model(field), field: field, transform: "Color"))
            roles.append(NodeRole(.enumValue("E", caseName: field), field: nil))
            roles.append(NodeRole(.conformer(field, protocolName: "P"), field: field))
        }
        for i in 0..<2000 { roles.append(NodeRole(.model("M\(i)"), field: "f\(i % 7)")) }
        var table = RoleTable(nodeCount: 50_000)
        var given = [NodeRole?](repeating: nil, count: 50_000)
        for _ in 0..<60_000 {
            let node = Int.random(in: 0..<50_000, using: &rng)
            let role = roles.randomElement(using: &rng)!
            table[node] = role
            given[node] = role
        }
        let wrong = (0..<50_000).filter { table[$0] != given[$0] }.count
        #expect(wrong == 0, "seed \(rng.seed)")
        let used = Set(given.compactMap { $0 })
        #expect(table.distinctRoles.count == used.count, "seed \(rng.seed)")
        // (Compared as one Bool: a failure would otherwise print both sets of 2000 roles.)
        let sameRoles = Set(table.distinctRoles) == used
        #expect(sameRoles, "seed \(rng.seed)")
    }
}
