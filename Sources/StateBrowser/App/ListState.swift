/// A scrolling list's selection and first visible row (ratatui's `ListState`): the tree, the
/// schema pane, pick lists, the help overlay and the diff all move through one of these, with
/// the page size taken from `BrowserLayout`, the same rectangles the views draw into.
///
/// An empty list is a normal case: its selection is `nil` and every move is harmless. A pager
/// (help, diff) is a list whose selection is its top line (`scrollView`).
package struct ListState: Sendable, Equatable {
    package private(set) var count: Int
    /// The selected row; 0 when the list is empty (see `selected`).
    package private(set) var selection: Int
    /// The first row shown.
    package private(set) var scroll = 0

    package init(count: Int, selection: Int = 0) {
        self.count = max(0, count)
        self.selection = 0
        self.selection = clamped(selection)
    }

    package var isEmpty: Bool { count == 0 }
    /// The selected row, or nil when there is none.
    package var selected: Int? { isEmpty ? nil : selection }

    private func clamped(_ row: Int) -> Int { max(0, min(count - 1, row)) }

    /// Selects `row` (clamped) and scrolls just enough to show it.
    package mutating func select(_ row: Int, page: Int) {
        selection = clamped(row)
        keepVisible(page: page)
    }

    /// Moves the selection by `rows`, stopping at either end.
    package mutating func move(by rows: Int, page: Int) {
        select(selection + rows, page: page)
    }

    /// Selects `row`; a jump off screen puts it in the middle of the page, as vim does for
    /// search matches, so its context shows.
    package mutating func jump(to row: Int, page: Int) {
        let row = clamped(row)
        if row < scroll || row >= scroll + max(1, page) { scroll = row - max(1, page) / 2 }
        select(row, page: page)
    }

    /// Moves the view and the selection together by `rows`, as `less` pages.
    package mutating func scroll(by rows: Int, page: Int) {
        scroll = max(0, min(maxScroll(page: page), scroll + rows))
        select(selection + rows, page: page)
    }

    /// A pager's move: the view scrolls by `rows`, and the selection is its top line.
    package mutating func scrollView(by rows: Int, page: Int) {
        scroll = max(0, min(maxScroll(page: page), scroll + rows))
        selection = clamped(scroll)
    }

    /// The wheel: the view scrolls by `rows`; the selection stays on its row while that row is
    /// on screen, else it is kept at the nearest edge.
    package mutating func scrollKeepingSelection(by rows: Int, page: Int) {
        let page = max(1, page)
        scroll = max(0, min(maxScroll(page: page), scroll + rows))
        selection = clamped(max(scroll, min(selection, scroll + page - 1)))
    }

    /// The list got longer or shorter (rows expanded or collapsed, a window resized).
    package mutating func resize(count: Int, page: Int) {
        self.count = max(0, count)
        keepVisible(page: page)
    }

    /// Clamps the selection and scrolls so that it shows, without empty rows below the end.
    package mutating func keepVisible(page: Int) {
        let page = max(1, page)
        selection = clamped(selection)
        if selection < scroll { scroll = selection }
        if selection >= scroll + page { scroll = selection - page + 1 }
        scroll = max(0, min(scroll, maxScroll(page: page)))
    }

    private func maxScroll(page: Int) -> Int { max(0, count - max(1, page)) }

    /// The first row after the selection (wrapping) that passes `test`, as typing a letter in a
    /// pick list finds the next entry starting with it.
    package func next(after current: Int? = nil, where test: (Int) -> Bool) -> Int? {
        guard !isEmpty else { return nil }
        let start = current ?? selection
        for step in 1...count {
            let row = (start + step) % count
            if test(row) { return row }
        }
        return nil
    }

    /// The reasons the state is impossible, empty when it is sound.
    package func invariantViolations(_ name: String) -> [String] {
        var problems: [String] = []
        if count < 0 { problems.append("\(name): negative count \(count)") }
        if selection < 0 || (isEmpty ? selection != 0 : selection >= count) { problems.append("\(name): selection \(selection) outside 0..<\(count)") }
        if scroll < 0 || scroll > max(0, count - 1) { problems.append("\(name): scroll \(scroll) outside 0..<\(count)") }
        return problems
    }
}
