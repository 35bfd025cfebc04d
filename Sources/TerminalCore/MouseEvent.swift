/// A mouse button or wheel event at a screen cell (0-based), as the terminal reported it.
package struct MouseEvent: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// The left button went down; `clickCount` is 2 for the second press of a double click.
        case press
        case release
        case wheelUp, wheelDown
    }

    package var kind: Kind
    package var x: Int
    package var y: Int
    /// 1, or 2 when this press came soon after a press on the same cell (the backend decides:
    /// it has the clock).
    package var clickCount: Int

    package init(_ kind: Kind, x: Int, y: Int, clickCount: Int = 1) {
        self.kind = kind
        self.x = x
        self.y = y
        self.clickCount = clickCount
    }
}
