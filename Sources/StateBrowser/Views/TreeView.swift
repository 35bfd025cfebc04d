import TerminalCore

/// The tree: one row per visible node, from the scroll position down, and nothing else — a
/// million-row outline costs the same to draw as a ten-row one.
enum TreeView {
    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        screen.fill(rect, style: theme[.text])
        guard !rect.isEmpty else { return }
        let outline = state.outline
        let focused = state.focus == .tree || state.layout.sidePane == nil
        for line in 0..<rect.height {
            let rowIndex = state.scroll + line
            guard rowIndex < outline.count else { break }
            let node = outline[rowIndex]
            let y = rect.y + line
            let row = TreeRow(node: node, state: state)
            let depth = state.document.depth(of: node)
            var x = rect.x
            let end = rect.maxX
            // Gutter: diagnostics.
            if let gutter = row.gutter { screen.put(gutter.text, x: x, y: y, style: theme[gutter.role], limit: end) }
            x += 1
            x += min(depth * 2, max(0, rect.width / 2))
            let marker = outline.isExpandable(node) ? (outline.isExpanded(node) ? "▾ " : "▸ ") : "  "
            x = screen.put(marker, x: x, y: y, style: theme[.count], limit: end)

            // The type goes right-aligned, and gets at most 40% of the row.
            var typeText = row.type?.text ?? ""
            let typeRoom = max(0, rect.width * 2 / 5)
            if TextWidth.of(typeText) > typeRoom { typeText = truncated(typeText, to: typeRoom) }
            let typeWidth = TextWidth.of(typeText)
            let leftEnd = end - (typeWidth > 0 ? typeWidth + 2 : 0)

            for piece in row.label { x = put(piece, at: x, y: y, limit: leftEnd, theme: theme, state: state, screen: &screen) }
            x = min(x + 2, leftEnd)
            for piece in row.summary { x = put(piece, at: x, y: y, limit: leftEnd, theme: theme, state: state, screen: &screen) }
            if let type = row.type, typeWidth > 0 {
                screen.put(typeText, x: end - typeWidth, y: y, style: theme[type.role], limit: end)
            }
            if state.isMatch(node) { screen.restyle(Rect(x: rect.x + 1, y: y, width: 1, height: 1), with: theme[.searchMatch]) }
            if rowIndex == state.selection {
                var selection = theme[.selection]
                if !focused { selection.attributes.remove(.bold) }
                screen.restyle(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: focused ? selection : Style(background: selection.background))
            }
        }
    }

    /// Draws a piece, truncating with `…` at `limit`.
    private static func put(_ piece: TreeRow.Piece, at x: Int, y: Int, limit: Int, theme: Theme, state: BrowserState, screen: inout ScreenBuffer) -> Int {
        guard x < limit else { return x }
        if let swatch = piece.swatch {
            // A terminal without colors gets the hex value alone.
            guard let color = state.colorDepth.resolve(swatch) else { return x }
            return screen.put(piece.text, x: x, y: y, style: Style(background: color), limit: limit)
        }
        let room = limit - x
        let text = TextWidth.of(piece.text) > room ? truncated(piece.text, to: room) : piece.text
        return screen.put(text, x: x, y: y, style: theme[piece.role], limit: limit)
    }

    /// `text` cut to `width` columns, ending in `…`.
    static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard TextWidth.of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = TextWidth.of(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }
}
