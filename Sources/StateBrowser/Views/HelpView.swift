import TerminalCore

/// The `?` overlay: every binding of the key map, by group — drawn from the same table that
/// dispatches keys.
enum HelpView {
    static func lines(_ keyMap: KeyMap) -> [(keys: String, help: String, isHeading: Bool)] {
        var out: [(String, String, Bool)] = []
        for section in keyMap.helpSections {
            if !out.isEmpty { out.append(("", "", false)) }
            out.append((section.group, "", true))
            for entry in section.entries { out.append((entry.keys, entry.help, false)) }
        }
        return out
    }

    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let lines = lines(state.keyMap)
        let box = rect.centered(width: 72, height: lines.count + 2)
        let inner = Frame.draw(title: "Keys — Esc closes, j/k scroll", focused: false, theme: theme, into: &screen, in: box)
        guard !inner.isEmpty else { return }
        let maxScroll = max(0, lines.count - inner.height)
        let scroll = min(state.helpScroll, maxScroll)
        for row in 0..<inner.height {
            let index = scroll + row
            guard index < lines.count else { break }
            let line = lines[index]
            let y = inner.y + row
            if line.isHeading {
                screen.put(line.keys, x: inner.x, y: y, style: theme[.title], limit: inner.maxX)
            } else {
                screen.put(line.keys, x: inner.x + 2, y: y, style: theme[.helpKey], limit: inner.maxX)
                screen.put(TextWidth.truncated(line.help, to: inner.width - 20), x: inner.x + 20, y: y, style: theme[.text], limit: inner.maxX)
            }
        }
    }
}
