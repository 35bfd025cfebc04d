import TerminalCore

/// A pick list over the tree: enum cases, conformers, fields to add, value types.
enum ChoiceView {
    static func render(_ list: ChoiceList, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let labelWidth = min(30, (list.items.map { TextWidth.of($0.label) }.max() ?? 0) + 2)
        let box = state.layout.choiceBox(for: list)
        // A title, one entry and the hint.
        guard !Box.tooSmall("This list", needs: (24, 4), theme: theme, into: &screen, in: Rect(x: box.x, y: box.y, width: box.width, height: rect.height)) else { return }
        let inner = Box.draw(title: list.title, focused: true, theme: theme, into: &screen, in: box)
        guard inner.height > 1 else { return }
        let rows = state.layout.choiceRows(for: list)
        for row in 0..<rows {
            let index = list.list.scroll + row
            guard index < list.items.count else { break }
            let item = list.items[index]
            let y = inner.y + row
            let selected = index == list.list.selected
            let base = selected ? theme[.selection] : theme[.text]
            if selected { screen.fill(Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: 1), style: base) }
            screen.put(
                (selected ? "▸ " : "  ") + item.label, x: inner.x, y: y, style: base.overlaid(with: theme[.key]).overlaid(with: selected ? theme[.selection] : Style()),
                limit: inner.x + labelWidth + 2)
            var detailX = inner.x + labelWidth + 3
            if let swatch = item.swatch, let color = state.colorDepth.resolve(swatch) {
                detailX = screen.put("  ", x: detailX, y: y, style: Style(background: color), limit: inner.maxX) + 1
            }
            screen.put(item.detail, x: detailX, y: y, style: selected ? base : theme[.label], limit: inner.maxX)
        }
        if list.items.isEmpty { screen.put(TextWidth.truncated("(nothing to pick)", to: inner.width), x: inner.x, y: inner.y, style: theme[.label], limit: inner.maxX) }
        screen.put(TextWidth.truncated(ChoiceList.keys.hintLine, to: inner.width), x: inner.x, y: inner.maxY - 1, style: theme[.label], limit: inner.maxX)
    }
}
