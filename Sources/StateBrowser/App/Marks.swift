import State

/// What the browser keeps for later: the register (what `P` and `+` paste — the last subtree
/// copied, cut or deleted) and the jump list (where followed references and key-path jumps
/// came from, for Ctrl-O). Both outlive an edit and the register outlives the file (`:e`).
package struct Marks: Sendable {
    package internal(set) var register: Register?
    /// Where jumps started, by key path (paths survive edits), latest last.
    package private(set) var jumps: [PlistPath] = []
    static let keptJumps = 100

    package init() {}

    /// Remembers `path` as where a jump starts.
    mutating func pushJump(from path: PlistPath) {
        jumps.append(path)
        if jumps.count > Self.keptJumps { jumps.removeFirst(jumps.count - Self.keptJumps) }
    }

    /// The latest place a jump started, taken off the list.
    mutating func popJump() -> PlistPath? { jumps.popLast() }

    /// Forgets every jump (their paths name another tree now).
    mutating func clearJumps() { jumps = [] }

    func invariantViolations() -> [String] {
        jumps.count > Self.keptJumps ? ["jumps: \(jumps.count) kept, at most \(Self.keptJumps)"] : []
    }
}
