import TerminalCore

/// The `?` overlay: every binding of the browser's and the modals' key tables, by group.
enum HelpView {
    static func render(_ help: HelpOverlay, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let lines = help.lines
        let box = state.layout.helpBox(lineCount: lines.count)
        guard !Box.tooSmall("The help", needs: (30, 4), theme: theme, into: &screen, in: box) else { return }
        let inner = Box.draw(title: "Keys — " + HelpOverlay.keys.hintLine.replacingOccurrences(of: "  ", with: ", "), focused: false, theme: theme, into: &screen, in: box)
        guard !inner.isEmpty else { return }
        // The keys column is as wide as the longest keys need, up to two fifths of the box.
        let keysWidth = min(inner.width * 2 / 5, (lines.filter { !$0.isHeading }.map { TextWidth.of($0.keys) }.max() ?? 0) + 2)
        let helpX = inner.x + 2 + keysWidth
        for row in 0..<inner.height {
            let index = help.scroll + row
            guard index < lines.count else { break }
            let line = lines[index]
            let y = inner.y + row
            if line.isHeading {
                screen.put(line.keys, x: inner.x, y: y, style: theme[.title], limit: inner.maxX)
            } else {
                screen.put(TextWidth.truncated(line.keys, to: keysWidth - 1), x: inner.x + 2, y: y, style: theme[.helpKey], limit: helpX - 1)
                screen.put(TextWidth.truncated(line.help, to: inner.maxX - helpX), x: helpX, y: y, style: theme[.text], limit: inner.maxX)
            }
        }
    }
}
