import Foundation
import State
import StateDocument

/// What `update` asks the runtime to do: everything that touches the world outside the
/// browser's state (Bubble Tea's commands). What comes of it returns as a `BrowserMessage`.
package enum Effect: Equatable, Sendable {
    case quit
    /// Put text on the terminal's clipboard (OSC 52).
    case copy(String)
    /// Stop like Ctrl-Z in a shell; the runtime redraws on resume.
    case suspend
    /// Repaint the whole screen (Ctrl-L), in case something else wrote over it.
    case redraw
    /// Find the matches of a search in the document of `generation` (the current one) with
    /// `BrowserState.matches(of:in:)`, in the background; answer `.searchFinished`.
    case search(BrowserState.Search.Query, generation: Int)
    /// Check the document of `generation` (the current one) in the background; answer
    /// `.checkFinished`.
    case check(generation: Int)
    /// Find where the lines of the document of `generation` start (line mode on a large file),
    /// in the background; answer `.linesIndexed`.
    case indexLines(generation: Int)
    /// Write bytes to a file; answer `.saved`, `.changedOnDisk` or `.saveFailed`.
    case save(SaveRequest)
    /// Write the changed files of a folder, one by one; answer `.folderSaved`.
    case saveFolder(FolderSave)
    /// Read the file again; answer `.reloaded` or `.reloadFailed`.
    case reload(OpenDocument)
    /// Open another file in place of this one (`:e FILE`); answer `.opened` or `.openFailed`.
    case open(URL)
}
