import StateSchema

/// The pane beside the tree — the selection's details or the schema — with what each keeps:
/// how far the detail pane is scrolled, and the schema's outline with its own selection.
public struct SidePanes: Sendable {
    /// The pane shown, if any.
    public internal(set) var open: BrowserState.SidePane? = .detail
    public internal(set) var detailScroll = BrowserState.DetailScroll(node: 0, offset: 0)
    public let schemaOutline: SchemaOutline
    /// The schema pane's selection and scroll.
    public internal(set) var schemaRows: ListState

    init(schema: Schema) {
        schemaOutline = SchemaOutline(schema: schema)
        schemaRows = ListState(count: schemaOutline.lines.count)
    }

    /// How far the detail pane is scrolled for `node` (another node starts at the top).
    public func detailOffset(for node: Int) -> Int { detailScroll.node == node ? detailScroll.offset : 0 }

    func invariantViolations() -> [String] {
        var problems = schemaRows.invariantViolations("schema rows")
        if schemaRows.count != schemaOutline.lines.count { problems.append("schema rows: \(schemaRows.count) for \(schemaOutline.lines.count) lines") }
        if detailScroll.offset < 0 { problems.append("detail pane: scrolled above its top") }
        return problems
    }
}
