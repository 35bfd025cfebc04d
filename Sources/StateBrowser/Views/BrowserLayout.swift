import TerminalCore

/// Where each part of the browser goes for a screen size: the tree on the left, the side pane
/// (detail or schema) on the right when there is room, then the path bar and the status bar.
public struct BrowserLayout: Sendable {
    public static let minimumWidthForSidePane = 70
    public static let minimumSize = (width: 20, height: 5)

    public let screen: Rect
    /// Everything above the bars: the tree and the side pane (overlays go here).
    public let main: Rect
    public let tree: Rect
    public let sidePane: Rect?
    public let pathBar: Rect
    public let statusBar: Rect

    public init(width: Int, height: Int, sidePane showsSide: BrowserState.SidePane?) {
        screen = Rect(width: width, height: height)
        let (main, bars) = screen.splitBottom(2)
        self.main = main
        pathBar = Rect(x: 0, y: bars.y, width: width, height: min(1, bars.height))
        statusBar = Rect(x: 0, y: bars.y + 1, width: width, height: max(0, bars.height - 1))
        if showsSide != nil, width >= Self.minimumWidthForSidePane {
            let sideWidth = max(30, width * 2 / 5)
            let split = main.splitLeft(width - sideWidth)
            tree = split.left
            sidePane = split.rest
        } else {
            tree = main
            sidePane = nil
        }
    }

    /// Rows of the tree that fit on screen.
    public var treeRows: Int { max(1, tree.height) }

    public var isTooSmall: Bool { screen.width < Self.minimumSize.width || screen.height < Self.minimumSize.height }
}
