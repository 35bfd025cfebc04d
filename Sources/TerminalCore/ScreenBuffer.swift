/// A grid of cells that views draw into: one frame of the screen.
///
/// Backends keep the last frame they showed and write only the cells that changed
/// (`changes(from:)`), so redrawing everything every frame costs nothing on the wire.
package struct ScreenBuffer: Equatable, Sendable {
    package private(set) var width: Int
    package private(set) var height: Int
    package private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (a text field being edited), or nil to hide it.
    package var cursor: (x: Int, y: Int)? {
        get { cursorPosition.map { ($0 % max(width, 1), $0 / max(width, 1)) } }
        set { cursorPosition = newValue.map { $0.y * width + $0.x } }
    }
    private var cursorPosition: Int?

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package var bounds: Rect { Rect(width: width, height: height) }

    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Fills `rect` (clipped to the screen) with blanks in `style`.
    package mutating func fill(_ rect: Rect, style: Style = .plain, with text: String = " ") {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        let cell = Cell(text, style: style)
        for y in y0..<y1 {
            for x in x0..<x1 { cells[y * width + x] = cell }
        }
    }

    /// Draws `text` from (`x`, `y`), no further than `limit` (exclusive; default: the right
    /// edge). A wide character that would straddle the limit is not drawn; control characters
    /// are shown as `·` so a value can never move the cursor. Returns the column after the
    /// last cell drawn.
    @discardableResult
    package mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        var lastIndex: Int?
        for scalar in text.unicodeScalars {
            var s = scalar
            var w = TextWidth.of(s)
            if w == 0, scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                s = "·"
                w = 1
            }
            if scalar.value == 0x200D || scalar.value == 0xFE0F {
                // A zero-width joiner or emoji presentation selector would let the terminal
                // draw 👨‍👩‍👧 as one 2-column glyph, or ❤️ 2 columns wide, where the cell model
                // counts 6 and 1: the row would shift and a cut could drop family members
                // silently. Without them each part shows, where it is counted.
                continue
            }
            if w == 0 {
                // Joins the character before it (a combining accent, a variation selector).
                if let i = lastIndex { cells[i].text.unicodeScalars.append(s) }
                continue
            }
            guard column + w <= end else {
                column = end
                break
            }
            if column >= 0 {
                let i = y * width + column
                clearWide(at: column, y: y)
                cells[i] = Cell(String(s), style: style)
                if w == 2 {
                    clearWide(at: column + 1, y: y)
                    cells[i + 1] = Cell("", style: style)
                }
                lastIndex = i
            }
            column += w
        }
        return column
    }

    /// Overwriting half of a wide character blanks its other half.
    private mutating func clearWide(at x: Int, y: Int) {
        let i = y * width + x
        if cells[i].isContinuation, x > 0 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        if x + 1 < width, cells[i + 1].isContinuation, !cells[i].isContinuation { cells[i + 1] = Cell(" ", style: cells[i + 1].style) }
    }

    /// Lays `style` over the cells of `rect` (for a selection bar drawn over text).
    package mutating func restyle(_ rect: Rect, with style: Style) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { cells[y * width + x].style = cells[y * width + x].style.overlaid(with: style) }
        }
    }

    // MARK: - Diffing

    /// A run of changed cells on one row.
    package struct Change: Equatable, Sendable {
        package var x: Int
        package var y: Int
        package var cells: ArraySlice<Cell>
    }

    /// The runs of cells that differ from `previous` (everything, when the size changed).
    package func changes(from previous: ScreenBuffer?) -> [Change] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).map { y in Change(x: 0, y: y, cells: cells[(y * width)..<((y + 1) * width)]) }
        }
        var result: [Change] = []
        for y in 0..<height {
            var x = 0
            let row = y * width
            while x < width {
                guard cells[row + x] != previous.cells[row + x] else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < width, cells[row + end] != previous.cells[row + end] { end += 1 }
                // A changed wide character is redrawn whole.
                let start = x > 0 && cells[row + x].isContinuation ? x - 1 : x
                if end < width, cells[row + end].isContinuation { end += 1 }
                result.append(Change(x: start, y: y, cells: cells[(row + start)..<(row + end)]))
                x = end
            }
        }
        return result
    }

    package static func == (a: ScreenBuffer, b: ScreenBuffer) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells && a.cursorPosition == b.cursorPosition
    }

    // MARK: - Text form (screen tests)

    /// The screen as lines of text, trailing blanks removed.
    package var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += cells[y * width + x].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Where the style changes along each row, as `row:column style` lines, e.g.
    /// `3:0 bg=#264F78 bold` — what a screen test compares besides the text.
    package var styleChanges: [String] {
        var out: [String] = []
        var current: Style?
        for y in 0..<height {
            for x in 0..<width {
                let style = cells[y * width + x].style
                if style != current {
                    out.append("\(y):\(x) \(style.description)")
                    current = style
                }
            }
        }
        return out
    }
}
