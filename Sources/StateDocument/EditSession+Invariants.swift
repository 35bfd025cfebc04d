import State

extension EditSession {
    /// What is wrong with this session (empty when it is sound): the history position is in
    /// range, a clean session holds the saved bytes, and its tree is a sound parse of its bytes.
    package func invariantViolations() -> [String] {
        var problems: [String] = []
        if position < 0 || position > history.count { problems.append("session: position \(position) outside 0...\(history.count)") }
        if !isDirty, !bytesEqual(bytes, savedBytes) { problems.append("session: clean, but its bytes are not the saved ones") }
        if canUndo != (position > 0) || canRedo != (position < history.count) { problems.append("session: canUndo/canRedo disagree with the position") }
        problems += tree.invariantViolations()
        return problems
    }
}
