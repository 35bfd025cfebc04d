import State

/// The tree pane: which nodes show as rows (`Outline`: what is expanded) and the selection and
/// scroll over those rows.
public struct TreePane: Sendable {
    public internal(set) var outline: Outline
    /// The rows' selection and scroll over `outline`.
    public internal(set) var rows: ListState

    init(document: BrowserDocument, expandedToDepth depth: Int) {
        outline = Outline(document: document, expandedToDepth: depth)
        rows = ListState(count: outline.count)
    }

    /// The node of the selected row.
    public var selectedNode: Int { outline[rows.selection] }

    /// What is wrong with the pane over `tree` (empty when it is sound): the selection is
    /// inside the rows, the rows are the outline's, and the outline is sound for the tree.
    func invariantViolations(of tree: SourceTree) -> [String] {
        var problems = rows.invariantViolations("tree rows")
        if rows.count != outline.count { problems.append("tree rows: \(rows.count) rows for an outline of \(outline.count)") }
        problems += outline.invariantViolations(of: tree)
        if tree.nodes.count != outline.sizes.count { problems.append("outline: \(outline.sizes.count) nodes, the document has \(tree.nodes.count)") }
        return problems
    }
}
