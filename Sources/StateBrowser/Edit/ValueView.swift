import TerminalCore

/// A value read in full over the tree (`v`, or Enter on a long string): wrapped to the
/// window, controls shown as themselves (`VisibleText`), scrolled like the other pagers.
package struct ValueView: Sendable, Equatable {
    /// What is shown: the key path and the type.
    package let title: String
    package let text: String
    /// The text wrapped to `width`.
    private(set) var lines: [VisibleText.Line]
    package private(set) var width: Int
    /// A pager: the selection is the top line.
    package internal(set) var list: ListState
    /// Whether `i` can edit it (a string outside a model's fixed type).
    package let isEditable: Bool

    package init(title: String, text: String, width: Int, isEditable: Bool) {
        self.title = title
        self.text = text
        self.isEditable = isEditable
        self.width = width
        lines = VisibleText.lines(text, width: width)
        list = ListState(count: lines.count)
    }

    /// The window changed size: wrap again, keeping the line at the top about where it was.
    mutating func rewrap(width newWidth: Int, page: Int) {
        guard newWidth != width else { return }
        let fraction = lines.isEmpty ? 0 : Double(list.scroll) / Double(lines.count)
        width = newWidth
        lines = VisibleText.lines(text, width: newWidth)
        list = ListState(count: lines.count)
        list.scrollView(by: Int(fraction * Double(lines.count)), page: page)
    }

    package var scroll: Int { list.scroll }

    package enum Action: Sendable, Equatable {
        case scroll(PagerMove)
        case edit
        case close
    }

    package static let keys = KeyMap<Action>(
        PagerMove.bindings(Action.scroll, group: "Value (v)", hint: true) + [
            .init([[.character("i")], [.character("E")]], .edit, "edit the text", group: "Value (v)", hint: ("i", "edits")),
            .init([[.escape], [.character("q")], [.character("v")], [.enter]], .close, "close", group: "Value (v)", hint: ("Esc", "closes")),
        ])

    package enum Outcome: Sendable, Equatable {
        case viewing, edit, close
        case refused(String)
    }

    package mutating func update(_ key: Key, page: Int) -> Outcome {
        switch Self.keys.action(for: key) {
        case .scroll(let move)?: list.scrollView(move, page: page)
        case .edit?: return .edit
        case .close?: return .close
        case nil: return .refused("\(key.name) does nothing here (Esc closes the value)")
        }
        return .viewing
    }
}
