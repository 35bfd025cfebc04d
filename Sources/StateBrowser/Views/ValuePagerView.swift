import TerminalCore

/// The value view (`v`): a string or other value in full, wrapped, over the tree and the side
/// pane; controls in the label style.
enum ValuePagerView {
    static func render(_ view: ValueView, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        guard !Box.tooSmall("The value view", needs: (30, 4), theme: theme, into: &screen, in: rect) else { return }
        let position = view.lines.count > 1 ? "  \(view.scroll + 1)–\(min(view.lines.count, view.scroll + Box.inside(rect).height))/\(view.lines.count)" : ""
        let title = view.title + position + " — " + ValueView.keys.hintLine.replacingOccurrences(of: "  ", with: ", ")
        let inner = Box.draw(title: title, focused: true, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        let style = theme[.string]
        let controlStyle = theme[.label].overlaid(with: Style(attributes: .dim))
        for row in 0..<inner.height {
            let index = view.scroll + row
            guard index < view.lines.count else { break }
            VisibleText.draw(view.lines[index], x: inner.x, y: inner.y + row, style: style, controlStyle: controlStyle, limit: inner.maxX, into: &screen)
        }
    }
}
