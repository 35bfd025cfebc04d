import State
import StateDocument
import TerminalCore

/// The pending changes shown before saving: a line diff of the file on disk against the file
/// as it would be written, scrolled like a pager.
package struct PendingChanges: Sendable, Equatable {
    /// An edit on many values waiting for its yes: shown as the diff it makes.
    package struct Edit: Sendable, Equatable {
        package var operations: [EditOperation]
        /// What undo and the message call it: `lighten 10% on 32 colors`.
        package var label: String
        package var select: PlistPath?
    }

    package let diff: LineDiff
    /// A pager: the selection is the top line. The page is `BrowserLayout.diffRows`.
    package internal(set) var list: ListState
    /// The edit this diff previews (nil: the pending changes before saving).
    package let edit: Edit?

    package init(diff: LineDiff, edit: Edit? = nil) {
        self.diff = diff
        self.edit = edit
        list = ListState(count: diff.lines.count)
    }

    package var scroll: Int { list.scroll }

    package enum Action: Sendable, Equatable {
        case scroll(PagerMove)
        case save, close, apply
    }

    /// Any key not listed closes the diff too.
    package static let keys = KeyMap<Action>(
        PagerMove.bindings(Action.scroll, group: "Pending changes (=)", alsoDown: [[.enter]]) + [
            .init([[.control("s")]], .save, "save", group: "Pending changes (=)", hint: ("Ctrl-S", "saves")),
            .init([[.escape], [.character("q")]], .close, "close (any other key too)", group: "Pending changes (=)", hint: ("Esc", "closes")),
        ])

    /// The keys while an edit waits: y applies it, anything else but scrolling drops it.
    package static let editKeys = KeyMap<Action>(
        PagerMove.bindings(Action.scroll, group: "An edit on many (preview)") + [
            .init([[.character("y")], [.enter]], .apply, "make the edit (one undo step)", group: "An edit on many (preview)", hint: ("y", "applies")),
            .init([[.escape], [.character("n")], [.character("q")]], .close, "leave it (any other key too)", group: "An edit on many (preview)", hint: ("n", "cancels")),
        ])

    package enum Outcome: Sendable, Equatable {
        case viewing, save, close, apply
    }

    package mutating func update(_ key: Key, page: Int) -> Outcome {
        switch (edit == nil ? Self.keys : Self.editKeys).action(for: key) {
        case .apply?: return edit == nil ? .close : .apply
        case .scroll(let move)?: list.scrollView(move, page: page)
        case .save?: return .save
        case .close?, nil: return .close
        }
        return .viewing
    }
}
