import TerminalCore

/// Where each part of the browser goes for a screen size: the tree on the left, the side pane
/// (detail or schema) on the right when there is room, then the path bar and the status bar.
package struct BrowserLayout: Sendable {
    package static let minimumWidthForSidePane = 70
    package static let minimumSize = (width: 20, height: 5)

    package let screen: Rect
    /// Everything above the bars: the tree and the side pane (overlays go here).
    package let main: Rect
    package let tree: Rect
    package let sidePane: Rect?
    package let pathBar: Rect
    package let statusBar: Rect

    package init(width: Int, height: Int, sidePane showsSide: BrowserState.SidePane?) {
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

    // MARK: - Pages
    // What each scrolling part shows at once: `update` pages by these, and the views draw into
    // the same rectangles, so the two cannot disagree.

    /// Rows of the tree that fit on screen.
    package var treeRows: Int { max(1, tree.height) }

    /// Lines of the schema pane (inside its border).
    package var schemaRows: Int { max(1, sidePane.map { Box.inside($0).height } ?? tree.height) }

    /// The pick list's box: centered over the tree, as wide as its entries need.
    func choiceBox(for list: ChoiceList) -> Rect {
        let labelWidth = min(30, (list.items.map { TextWidth.of($0.label) }.max() ?? 0) + 2)
        // A swatch takes three cells before the detail.
        let detailWidth = min(40, list.items.map { TextWidth.of($0.detail) }.max() ?? 0) + (list.items.contains { $0.swatch != nil } ? 3 : 0)
        let width = max(TextWidth.of(list.title) + 8, labelWidth + detailWidth + 8, 36)
        return main.centered(width: min(main.width, width), height: min(main.height, list.items.count + 3))
    }

    /// Entries of a pick list that show (its last inside line is the hint).
    func choiceRows(for list: ChoiceList) -> Int { max(1, Box.inside(choiceBox(for: list)).height - 1) }

    /// The help overlay's box, for a help of `lineCount` lines.
    func helpBox(lineCount: Int) -> Rect { screen.centered(width: 80, height: lineCount + 2) }

    /// Lines of the help that show.
    func helpRows(lineCount: Int) -> Int { max(1, Box.inside(helpBox(lineCount: lineCount)).height) }

    /// Lines of the pending-changes diff that show (it covers the tree and the side pane).
    var diffRows: Int { max(1, Box.inside(main).height) }

    package var isTooSmall: Bool { screen.width < Self.minimumSize.width || screen.height < Self.minimumSize.height }
}
