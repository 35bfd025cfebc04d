/// A rectangle of the screen in cells; views draw into the one they are given.
package struct Rect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at (x, y) is inside.
    package func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The top `rows` rows, and the rest.
    package func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The bottom `rows` rows, and the rest.
    package func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
    }

    /// The left `columns` columns, and the rest.
    package func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let c = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }

    /// This rectangle shrunk by `n` cells on every side.
    package func inset(by n: Int) -> Rect { Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n) }

    /// A `width`×`height` rectangle centred in this one (clipped to it).
    package func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
