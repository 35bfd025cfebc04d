import StateSchema

/// The pane beside the tree — the selection's details or the schema — with what each keeps:
/// how far the detail pane is scrolled, and the schema's outline with its own selection.
package struct SidePanes: Sendable {
    /// The pane shown, if any.
    package internal(set) var open: BrowserState.SidePane? = .detail
    package internal(set) var detailScroll = BrowserState.DetailScroll(node: 0, offset: 0)
    package let schemaOutline: SchemaOutline
    /// The schema pane's selection and scroll.
    package internal(set) var schemaRows: ListState

    init(schema: Schema) {
        schemaOutline = SchemaOutline(schema: schema)
        schemaRows = ListState(count: schemaOutline.lines.count)
    }

    /// How far the detail pane is scrolled for `node` (another node starts at the top).
    package func detailOffset(for node: Int) -> Int { detailScroll.node == node ? detailScroll.offset : 0 }

    /// Scrolls the detail pane of `node` by `lines`, within its `lineCount` lines shown
    /// `height` at a time (the last page is as far as it goes).
    mutating func scrollDetail(of node: Int, by lines: Int, lineCount: Int, height: Int) {
        let offset = max(0, min(detailOffset(for: node) + lines, lineCount - height))
        detailScroll = BrowserState.DetailScroll(node: node, offset: offset)
    }

    /// What a key in the schema pane asks the browser for, beyond moving its selection.
    enum SchemaOutcome: Equatable {
        /// Nothing more (the selection moved).
        case moved
        /// The nodes of this type: a search.
        case findType(String)
        /// Nothing to do, and why.
        case refused(String)
        /// Not a key of the schema pane.
        case notMine
    }

    /// A key while the schema pane has the focus: moving through its lines, or Enter on a
    /// type (find its nodes).
    mutating func schemaKey(_ action: BrowserAction, page: Int) -> SchemaOutcome {
        switch action {
        case .moveDown: schemaRows.move(by: 1, page: page)
        case .moveUp: schemaRows.move(by: -1, page: page)
        case .pageDown, .halfPageDown: schemaRows.move(by: page, page: page)
        case .pageUp, .halfPageUp: schemaRows.move(by: -page, page: page)
        case .top: schemaRows.select(0, page: page)
        case .bottom: schemaRows.select(schemaRows.count - 1, page: page)
        case .toggle, .expandOrEnter:
            guard let row = schemaRows.selected else { return .refused("The schema lists no types (no schema, and nothing was guessed)") }
            guard let target = schemaOutline.lines[row].target else { return .refused("Select a type or a conformer to find its nodes") }
            return .findType(target)
        default:
            return .notMine
        }
        return .moved
    }

    func invariantViolations() -> [String] {
        var problems = schemaRows.invariantViolations("schema rows")
        if schemaRows.count != schemaOutline.lines.count { problems.append("schema rows: \(schemaRows.count) for \(schemaOutline.lines.count) lines") }
        if detailScroll.offset < 0 { problems.append("detail pane: scrolled above its top") }
        return problems
    }
}
