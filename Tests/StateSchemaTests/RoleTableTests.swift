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
}
