import TerminalCore

/// How a pager moves (the help, the pending changes, the message log): one set of keys and
/// one way of scrolling for all of them.
package enum PagerMove: Sendable, Equatable {
    case down, up, pageDown, pageUp, top, bottom

    /// The pager keys for a table whose actions wrap a move; `down` also takes `alsoDown`.
    static func bindings<Action>(_ action: (PagerMove) -> Action, group: String, alsoDown: [[Key]] = [], hint: Bool = false) -> [KeyMap<Action>.Binding] {
        [
            .init([[.down], [.character("j")]] + alsoDown, action(.down), "scroll down", group: group, hint: hint ? ("j/k", "scroll") : nil),
            .init([[.up], [.character("k")]], action(.up), "scroll up", group: group),
            .init([[.pageDown], [.character(" ")], [.control("d")], [.control("f")]], action(.pageDown), "page down", group: group),
            .init([[.pageUp], [.control("u")], [.control("b")]], action(.pageUp), "page up", group: group),
            .init([[.home], [.character("g")]], action(.top), "top", group: group),
            .init([[.end], [.character("G")]], action(.bottom), "bottom", group: group),
        ]
    }
}

extension ListState {
    /// Scrolls a pager (whose selection is its top line) by one move.
    mutating func scrollView(_ move: PagerMove, page: Int) {
        switch move {
        case .down: scrollView(by: 1, page: page)
        case .up: scrollView(by: -1, page: page)
        case .pageDown: scrollView(by: page, page: page)
        case .pageUp: scrollView(by: -page, page: page)
        case .top: scrollView(by: -count, page: page)
        case .bottom: scrollView(by: count, page: page)
        }
    }
}
