import State

/// The values picked for one edit on many (`m` toggles a row, `V` a range of rows, `&` every
/// search match, `%` every value like the selected one, `:select PATTERN` what a key path
/// names); the `:` commands that change values act on them all.
///
/// Kept by key path — paths survive an edit that sets values, which is what a bulk edit mostly
/// is, so a second adjustment acts on the same values — with the node of each path for drawing
/// (`nodes`), found again after every change of the document; a path that names nothing any
/// more is dropped.
package struct MultiSelection: Sendable, Equatable {
    /// The picked values: each node with its path in the document shown.
    package private(set) var pathsByNode: [Int: PlistPath] = [:]
    /// Visual mode: the node of the row it started on; the rows from there to the cursor are
    /// picked when it ends.
    package internal(set) var visualAnchor: Int?

    package init() {}

    /// The picked values' paths, in the order of their nodes.
    package var paths: [PlistPath] { pathsByNode.sorted { $0.key < $1.key }.map(\.value) }
    /// The picked nodes.
    package var nodes: Set<Int> { Set(pathsByNode.keys) }
    package var count: Int { pathsByNode.count }
    package var isEmpty: Bool { pathsByNode.isEmpty }
    package func contains(_ node: Int) -> Bool { pathsByNode[node] != nil }

    /// The picked nodes in document order.
    package var sortedNodes: [Int] { pathsByNode.keys.sorted() }

    /// Adds `node` if it is not picked, removes it if it is. Returns whether it is picked now.
    @discardableResult
    mutating func toggle(_ node: Int, in document: BrowserDocument) -> Bool {
        if pathsByNode.removeValue(forKey: node) != nil { return false }
        pathsByNode[node] = document.path(of: node)
        return true
    }

    /// Picks `added` as well (only the new ones' paths are spelled). Returns how many were not
    /// picked before.
    @discardableResult
    mutating func add(_ added: some Sequence<Int>, in document: BrowserDocument) -> Int {
        var new = 0
        for node in added where pathsByNode[node] == nil {
            pathsByNode[node] = document.path(of: node)
            new += 1
        }
        return new
    }

    mutating func clear() {
        pathsByNode = [:]
        visualAnchor = nil
    }

    /// Finds each path's node in a document of another shape; drops the paths that name
    /// nothing now. Visual mode ends (its anchor named a row of the old document).
    mutating func resolve(in document: BrowserDocument) {
        visualAnchor = nil
        guard !pathsByNode.isEmpty else { return }
        var found: [Int: PlistPath] = [:]
        for path in pathsByNode.values {
            if let node = document.tree.index(at: path) { found[node] = document.path(of: node) }
        }
        pathsByNode = found
    }

    /// What is wrong (empty when sound): every node is in the document, and (`thorough`, which
    /// spells every path) each path is its node's.
    func invariantViolations(in document: BrowserDocument, thorough: Bool) -> [String] {
        var problems: [String] = []
        if let bad = pathsByNode.keys.first(where: { $0 < 0 || $0 >= document.nodeCount }) { problems.append("selection: node \(bad) of \(document.nodeCount)") }
        if thorough, problems.isEmpty, pathsByNode.contains(where: { document.path(of: $0.key) != $0.value }) { problems.append("selection: a path is not its node's") }
        if let anchor = visualAnchor, anchor < 0 || anchor >= document.nodeCount { problems.append("selection: visual anchor \(anchor) of \(document.nodeCount)") }
        return problems
    }
}
