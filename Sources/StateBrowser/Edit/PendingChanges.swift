import StateDocument
import TerminalCore

/// The pending changes shown before saving: a line diff of the file on disk against the file
/// as it would be written, scrolled like a pager.
public struct PendingChanges: Sendable, Equatable {
    public let diff: LineDiff
    /// A pager: the selection is the top line. The page is `BrowserLayout.diffRows`.
    public internal(set) var list: ListState

    public init(diff: LineDiff) {
        self.diff = diff
        list = ListState(count: diff.lines.count)
    }

    public var scroll: Int { list.scroll }

    public enum Action: Sendable, Equatable {
        case scroll(PagerMove)
        case save, close
    }

    /// Any key not listed closes the diff too.
    public static let keys = KeyMap<Action>(
        PagerMove.bindings(Action.scroll, group: "Pending changes (=)", alsoDown: [[.enter]]) + [
            .init([[.control("s")]], .save, "save", group: "Pending changes (=)", hint: ("Ctrl-S", "saves")),
            .init([[.escape], [.character("q")]], .close, "close (any other key too)", group: "Pending changes (=)", hint: ("Esc", "closes")),
        ])

    public enum Outcome: Sendable, Equatable {
        case viewing, save, close
    }

    public mutating func update(_ key: Key, page: Int) -> Outcome {
        switch Self.keys.action(for: key) {
        case .scroll(let move)?: list.scrollView(move, page: page)
        case .save?: return .save
        case .close?, nil: return .close
        }
        return .viewing
    }
}
