/// What `update` asks the runtime to do: everything that touches the world outside the
/// browser's state (Bubble Tea's commands).
public enum Effect: Equatable, Sendable {
    case quit
    /// Put text on the terminal's clipboard (OSC 52).
    case copy(String)
    /// Stop like Ctrl-Z in a shell; the runtime redraws on resume.
    case suspend
    /// Repaint the whole screen (Ctrl-L), in case something else wrote over it.
    case redraw
    /// Find the matches of a search (`BrowserState.matches(of:in:)`) and give them to
    /// `finishSearch`: the runtime does it in the background.
    case search(BrowserState.Search.Query)
}
