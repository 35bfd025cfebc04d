import TerminalCore

/// The side pane listing the schema: protocols and their conformers, models and their fields,
/// enums and their cases. Enter on a type finds its nodes in the tree.
enum SchemaView {
    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let focused = state.focus == .side
        let title = "Schema" + (state.document.schemaName.map { ": \($0)" } ?? " (none)")
        let inner = Box.draw(title: title, focused: focused, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        let lines = state.side.schemaOutline.lines
        for row in 0..<inner.height {
            let index = state.side.schemaRows.scroll + row
            guard index < lines.count else { break }
            let line = lines[index]
            let y = inner.y + row
            let role: ThemeRole =
                switch line.kind {
                case .heading: .title
                case .type: .typeName
                case .conformer: .conformer
                case .detail: .text
                }
            screen.put(TextWidth.truncated(line.text, to: inner.width - line.depth * 2), x: inner.x + line.depth * 2, y: y, style: theme[role], limit: inner.maxX)
            if index == state.side.schemaRows.selected {
                var selection = theme.own(.selection)
                if !focused { selection = Style(background: selection.background) }
                screen.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: selection)
            }
        }
    }
}
