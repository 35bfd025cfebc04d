import State
import StateDocument
import StateTestSupport
import Testing

/// Random damage to a file (`Damage`, biased towards the `special` bytes of its syntax): each
/// damaged copy reads as a sound tree — whose first entry can still be deleted, the result
/// reading back — or fails with an error that says where. Never a crash. Returns how many
/// copies read.
@discardableResult
func expectDamagedCopiesReadOrSayWhere(
    _ original: [UInt8], special: String, copies: Int, keepingFileBytes: Bool = false, using rng: inout SeededGenerator,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var parsed = 0
    for _ in 0..<copies {
        let bytes = Damage.apply(to: original, special: Array(special.utf8), using: &rng)
        do {
            let tree = try SourceTree(parsing: bytes)
            #expect(tree.invariantViolations().isEmpty, sourceLocation: sourceLocation)
            if keepingFileBytes { #expect(tree.fileBytes == bytes, sourceLocation: sourceLocation) }
            var session = EditSession(tree: tree)
            if tree.nodes.count > 1, let key = tree.key(of: 1) { _ = try? session.apply(.delete(PlistPath([.key(key)]))) }
            parsed += 1
        } catch let error as PlistError {
            #expect(error.location != .none, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a PlistError: \(error)", sourceLocation: sourceLocation)
        }
    }
    #expect(parsed > 0, sourceLocation: sourceLocation)
    return parsed
}
