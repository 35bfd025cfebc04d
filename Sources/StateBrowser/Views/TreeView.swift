import TerminalCore

/// The tree: one row per visible node, from the scroll position down, and nothing else — a
/// million-row outline costs the same to draw as a ten-row one.
enum TreeView {
    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        screen.fill(rect, style: theme[.text])
        guard !rect.isEmpty else { return }
        let outline = state.treePane.outline
        let focused = state.focus == .tree || state.layout.sidePane == nil
        var selectionStyle = theme.own(.selection)
        if !focused { selectionStyle = Style(background: selectionStyle.background, attributes: selectionStyle.attributes.subtracting(.bold)) }
        for line in 0..<rect.height {
            let rowIndex = state.scroll + line
            guard rowIndex < outline.count else { break }
            let node = outline[rowIndex]
            let y = rect.y + line
            // The selection is laid over every piece's style, except a swatch's own color.
            let overlay = rowIndex == state.selection ? selectionStyle : nil
            if let overlay { screen.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: theme[.text].overlaid(with: overlay)) }
            func style(_ role: ThemeRole) -> Style { overlay.map { theme[role].overlaid(with: $0) } ?? theme[role] }

            let row = TreeRow(node: node, state: state)
            let depth = state.document.depth(of: node)
            var x = rect.x
            let end = rect.maxX
            if let line = state.lineNumber(of: node) {
                // Line mode: the file's line, right-aligned in its own column.
                let text = String(line)
                let width = lineNumberWidth(state)
                screen.put(String(repeating: " ", count: max(0, width - 1 - text.count)) + text, x: x, y: y, style: style(.label), limit: end)
                x += width
            }
            if state.isPicked(node) {
                // Picked for an edit on many: said over a diagnostic's mark, which the detail
                // pane still lists.
                screen.put("+", x: x, y: y, style: style(.added).overlaid(with: Style(attributes: .bold)), limit: end)
            } else if let gutter = row.gutter {
                screen.put(gutter.text, x: x, y: y, style: style(gutter.role), limit: end)
            } else if state.isMatch(node) {
                screen.put("›", x: x, y: y, style: style(.searchMatch), limit: end)
            }
            x += 1
            x += min(depth * 2, max(0, rect.width / 2))
            let marker = outline.isExpandable(node) ? (outline.isExpanded(node) ? "▾ " : "▸ ") : "  "
            x = screen.put(marker, x: x, y: y, style: style(.count), limit: end)

            // The type goes right-aligned, and gets at most 40% of the row.
            var typeText = row.type?.text ?? ""
            let typeRoom = max(0, rect.width * 2 / 5)
            if TextWidth.of(typeText) > typeRoom { typeText = TextWidth.truncated(typeText, to: typeRoom) }
            let typeWidth = TextWidth.of(typeText)
            let leftEnd = end - (typeWidth > 0 ? typeWidth + 2 : 0)

            for piece in row.label { x = put(piece, at: x, y: y, limit: leftEnd, style: style(piece.role), state: state, screen: &screen) }
            x = min(x + 2, leftEnd)
            for piece in row.summary { x = put(piece, at: x, y: y, limit: leftEnd, style: style(piece.role), state: state, screen: &screen) }
            if let type = row.type, typeWidth > 0 {
                screen.put(typeText, x: end - typeWidth, y: y, style: style(type.role), limit: end)
            }
        }
    }

    /// Cells of the line-number column (with its space), 0 outside line mode.
    static func lineNumberWidth(_ state: BrowserState) -> Int {
        guard state.lineMode.isOn, let index = state.lineMode.index else { return 0 }
        return String(index.count).count + 1
    }

    /// Where a row's ▸/▾ is drawn (a click there expands or collapses).
    static func markerX(of node: Int, state: BrowserState, in rect: Rect) -> Int {
        rect.x + lineNumberWidth(state) + 1 + min(state.document.depth(of: node) * 2, max(0, rect.width / 2))
    }

    /// Draws a piece, truncating with `…` at `limit`.
    private static func put(_ piece: TreeRow.Piece, at x: Int, y: Int, limit: Int, style: Style, state: BrowserState, screen: inout ScreenBuffer) -> Int {
        guard x < limit else { return x }
        if let swatch = piece.swatch {
            // A terminal without colors gets the hex value alone.
            guard let color = state.colorDepth.resolve(swatch) else { return x }
            return screen.put(piece.text, x: x, y: y, style: Style(background: color), limit: limit) + 1
        }
        let room = limit - x
        guard room >= piece.minimumWidth else { return x }
        return screen.put(TextWidth.truncated(piece.text, to: room), x: x, y: y, style: style, limit: limit)
    }
}
