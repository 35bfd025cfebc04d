import State

/// The tree pane: which nodes show as rows (`Outline`: what is expanded) and the selection and
/// scroll over those rows.
package struct TreePane: Sendable {
    package internal(set) var outline: Outline
    /// The rows' selection and scroll over `outline`.
    package internal(set) var rows: ListState

    init(document: BrowserDocument, expandedToDepth depth: Int) {
        outline = Outline(document: document, expandedToDepth: depth)
        rows = ListState(count: outline.count)
    }

    /// The node of the selected row.
    package var selectedNode: Int { outline[rows.selection] }

    /// A key that moves through the rows, `page` of them shown: true when it was one.
    mutating func move(_ action: BrowserAction, page: Int) -> Bool {
        switch action {
        case .moveDown: rows.move(by: 1, page: page)
        case .moveUp: rows.move(by: -1, page: page)
        case .pageDown: rows.scroll(by: page, page: page)
        case .pageUp: rows.scroll(by: -page, page: page)
        case .halfPageDown: rows.scroll(by: max(1, page / 2), page: page)
        case .halfPageUp: rows.scroll(by: -max(1, page / 2), page: page)
        case .top: rows.select(0, page: page)
        case .bottom: rows.select(outline.count - 1, page: page)
        default: return false
        }
        return true
    }

    /// The outline gained or lost rows: the row list follows, `page` rows shown.
    mutating func outlineChanged(page: Int) {
        rows.resize(count: outline.count, page: page)
    }

    /// Selects `node`, expanding its ancestors (`parents`: each node's) if it is hidden; a jump
    /// off screen centers it.
    mutating func select(_ node: Int, parents: [Int32], page: Int) {
        if outline.row(of: node) == nil {
            outline.reveal(node, parents: parents)
            outlineChanged(page: page)
        }
        rows.jump(to: outline.row(of: node) ?? outline.rowAtOrBefore(node), page: page)
    }

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
