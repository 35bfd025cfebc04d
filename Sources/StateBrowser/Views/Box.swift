import TerminalCore

/// A bordered box with a title, as the side panes, pick lists and overlays have.
enum Box {
    /// What is inside the border of a box drawn at `rect` (empty when it is too small for one).
    /// `BrowserLayout` sizes pages with it, so update and the views agree on what shows.
    static func inside(_ rect: Rect) -> Rect {
        guard rect.width >= 4, rect.height >= 3 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// In place of a box too small for what it shows: what it needs, so the user knows to
    /// widen the window (Esc still closes it). True when it was too small.
    static func tooSmall(_ what: String, needs minimum: (width: Int, height: Int), theme: Theme, into screen: inout ScreenBuffer, in rect: Rect) -> Bool {
        guard rect.width < minimum.width || rect.height < minimum.height else { return false }
        screen.fill(rect, style: theme[.text])
        let text = "\(what) needs \(minimum.width)×\(minimum.height) (Esc closes)"
        screen.put(TextWidth.truncated(text, to: max(0, rect.width)), x: rect.x, y: rect.y, style: theme[.errorMessage], limit: rect.maxX)
        return true
    }

    /// Draws the border and title; returns the inside.
    static func draw(title: String, focused: Bool, theme: Theme, into screen: inout ScreenBuffer, in rect: Rect) -> Rect {
        screen.fill(rect, style: theme[.text])
        guard rect.width >= 4, rect.height >= 3 else { return inside(rect) }
        let border = theme[.border]
        let top = "╭" + String(repeating: "─", count: rect.width - 2) + "╮"
        let bottom = "╰" + String(repeating: "─", count: rect.width - 2) + "╯"
        screen.put(top, x: rect.x, y: rect.y, style: border)
        screen.put(bottom, x: rect.x, y: rect.maxY - 1, style: border)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            screen.put("│", x: rect.x, y: y, style: border)
            screen.put("│", x: rect.maxX - 1, y: y, style: border)
        }
        var titleStyle = theme[.title]
        if focused { titleStyle.attributes.insert(.reverse) }
        screen.put(" \(TextWidth.truncated(title, to: rect.width - 6)) ", x: rect.x + 2, y: rect.y, style: titleStyle, limit: rect.maxX - 1)
        return inside(rect)
    }
}
