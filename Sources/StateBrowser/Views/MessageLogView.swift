import TerminalCore

/// The message log, over the tree and the side pane.
enum MessageLogView {
    static func render(_ log: MessageLog, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let title = "Messages — " + MessageLog.keys.hintLine.replacingOccurrences(of: "  ", with: ", ")
        guard !Box.tooSmall("The message log", needs: (30, 4), theme: theme, into: &screen, in: rect) else { return }
        let inner = Box.draw(title: title, focused: true, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        if log.lines.isEmpty {
            screen.put(TextWidth.truncated("No messages yet", to: inner.width), x: inner.x, y: inner.y, style: theme[.label], limit: inner.maxX)
            return
        }
        for row in 0..<inner.height {
            let index = log.scroll + row
            guard index < log.lines.count else { break }
            let line = log.lines[index]
            screen.put(TextWidth.truncated(line.text, to: inner.width), x: inner.x, y: inner.y + row, style: theme[line.isError ? .errorMessage : .text], limit: inner.maxX)
        }
    }
}
