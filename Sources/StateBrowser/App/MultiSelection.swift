import State

/// The values picked for one edit on many (`m` toggles a row, `V` a range of rows, `&` every
/// search match, `%` every value like the selected one, `:select PATTERN` what a key path
/// names); the `:` commands that change values act on them all.
///
/// Kept by key path — paths survive an edit that sets values, which is what a bulk edit mostly
/// is, so a second adjustment acts on the same values — with the node of each path for drawing
/// (`nodes`), found again after every change of the document; a path that names nothing any
/// more is dropped.
public struct MultiSelection: Sendable, Equatable {
    /// The picked values' paths, in the order of their nodes.
    public private(set) var paths: [PlistPath] = []
    /// The nodes of `paths`, in the document shown.
    public private(set) var nodes: Set<Int> = []
    /// Visual mode: the node of the row it started on; the rows from there to the cursor are
    /// picked when it ends.
    public internal(set) var visualAnchor: Int?

    public init() {}

    public var count: Int { paths.count }
    public var isEmpty: Bool { paths.isEmpty }
    public func contains(_ node: Int) -> Bool { nodes.contains(node) }

    /// The picked nodes in document order.
    public var sortedNodes: [Int] { nodes.sorted() }

    /// Adds `node` if it is not picked, removes it if it is. Returns whether it is picked now.
    @discardableResult
    mutating func toggle(_ node: Int, in document: BrowserDocument) -> Bool {
        if nodes.contains(node) {
            set(nodes.subtracting([node]), in: document)
            return false
        }
        set(nodes.union([node]), in: document)
        return true
    }

    /// Picks `added` as well. Returns how many were not picked before.
    @discardableResult
    mutating func add(_ added: some Sequence<Int>, in document: BrowserDocument) -> Int {
        let before = nodes.count
        set(nodes.union(added), in: document)
        return nodes.count - before
    }

    mutating func clear() {
        paths = []
        nodes = []
        visualAnchor = nil
    }

    private mutating func set(_ new: Set<Int>, in document: BrowserDocument) {
        nodes = new
        paths = new.sorted().map { document.path(of: $0) }
    }

    /// Finds each path's node in a changed document; drops the paths that name nothing now.
    /// Visual mode ends (its anchor named a row of the old document).
    mutating func resolve(in document: BrowserDocument) {
        visualAnchor = nil
        guard !paths.isEmpty else { return }
        let found = paths.compactMap { document.tree.index(at: $0) }
        nodes = Set(found)
        paths = nodes.sorted().map { document.path(of: $0) }
    }

    /// What is wrong (empty when sound): every node is in the document, and the paths are the
    /// nodes' paths.
    func invariantViolations(in document: BrowserDocument) -> [String] {
        var problems: [String] = []
        if let bad = nodes.first(where: { $0 < 0 || $0 >= document.nodeCount }) { problems.append("selection: node \(bad) of \(document.nodeCount)") }
        if problems.isEmpty, paths != nodes.sorted().map({ document.path(of: $0) }) { problems.append("selection: paths are not its nodes' paths") }
        if let anchor = visualAnchor, anchor < 0 || anchor >= document.nodeCount { problems.append("selection: visual anchor \(anchor) of \(document.nodeCount)") }
        return problems
    }
}
