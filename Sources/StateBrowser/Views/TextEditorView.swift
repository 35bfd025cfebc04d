import TerminalCore

/// The multi-line editor over the tree: the text with line numbers, controls shown as
/// themselves (`VisibleText`), the cursor's line scrolled sideways when it is longer than the
/// window, and a last line with the keys or why the text was refused.
enum TextEditorView {
    static func render(_ editor: TextEditor, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        guard !Box.tooSmall("The text editor", needs: (30, 5), theme: theme, into: &screen, in: rect) else { return }
        let area = editor.area
        let title = "\(editor.label) — line \(area.row + 1)/\(area.lines.count), column \(area.column + 1)"
        let inner = Box.draw(title: title, focused: true, theme: theme, into: &screen, in: rect)
        guard inner.height >= 2 else { return }
        let page = inner.height - 1
        let numberWidth = String(area.lines.count).count + 1
        let textX = inner.x + numberWidth
        let textWidth = max(1, inner.maxX - textX)
        let style = theme[.string]
        let controlStyle = theme[.label].overlaid(with: Style(attributes: .dim))
        for row in 0..<page {
            let index = area.top + row
            guard index < area.lines.count else { break }
            let number = String(index + 1)
            screen.put(String(repeating: " ", count: max(0, numberWidth - 1 - number.count)) + number, x: inner.x, y: inner.y + row, style: theme[.label])
            let characters = area.lines[index]
            // The cursor's line scrolls sideways to keep the cursor in view; others show their start.
            var skip = 0
            if index == area.row {
                let cursorCells = cells(characters[..<area.column])
                if cursorCells >= textWidth { skip = cursorCells - textWidth + 1 }
            }
            var x = textX
            var skipped = 0
            for c in characters {
                let shown = VisibleText.glyph(c)
                let width = TextWidth.of(shown ?? String(c))
                if skipped < skip {
                    skipped += width
                    continue
                }
                guard x + width <= inner.maxX else {
                    screen.put("›", x: inner.maxX - 1, y: inner.y + row, style: controlStyle)
                    break
                }
                x = screen.put(shown ?? String(c), x: x, y: inner.y + row, style: shown == nil ? style : controlStyle, limit: inner.maxX)
            }
            if skip > 0 { screen.put("‹", x: textX, y: inner.y + row, style: controlStyle) }
            if index == area.row {
                let cursorX = textX + cells(characters[..<area.column]) - skipped
                screen.cursor = (min(inner.maxX - 1, max(textX, cursorX)), inner.y + row)
            }
        }
        let hint = editor.error.map { "! " + $0 } ?? TextArea.keys.hintLine + "  Enter: a line break  Alt-b/f: words"
        screen.put(TextWidth.truncated(hint, to: inner.width), x: inner.x, y: inner.maxY - 1, style: editor.error == nil ? theme[.label] : theme[.errorMessage], limit: inner.maxX)
    }

    /// Cells the characters take as drawn.
    static func cells(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + TextWidth.of(VisibleText.glyph($1) ?? String($1)) }
    }
}
