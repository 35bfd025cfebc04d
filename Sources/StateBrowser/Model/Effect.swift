import State

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
    /// Check the current document in the background (a large file after an edit) and give the
    /// result to `finishCheck(_:generation:)`.
    case check
    /// Save the session to its file (over changes made on disk since, with `overwrite`) and
    /// report to `finishSave`. Effects after a failed save are dropped (`:wq` does not quit).
    case save(overwrite: Bool)
    /// Write the session to another file, converting it to `format`.
    case saveAs(path: String, format: PlistFormat)
    /// Read the file again, dropping the edits.
    case reload
}
