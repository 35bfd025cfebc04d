import State
import StateDocument
import StateSchema
import TerminalCore

/// Everything that reaches `update`: input from the terminal, and what came of the effects the
/// runtime performed. No state changes any other way (Bubble Tea's messages).
package enum BrowserMessage: Sendable {
    /// The runtime took the terminal: its size, and the first chance to ask for work.
    case started(width: Int, height: Int)
    case input(InputEvent)
    /// The whole check of the document of `generation`, done in the background.
    case checkFinished(TypedDocument, generation: Int)
    /// Where the lines of a document start, found in the background.
    case linesIndexed(LineIndex)
    /// Every match of a search over the document of `generation`, in document order.
    case searchFinished(BrowserState.Search.Query, matches: [Int32], generation: Int)
    /// The request's bytes are on disk; `file` is the file as it now is (its new stamp);
    /// `notes` say what the save could not keep or found beside the file.
    case saved(SaveRequest, file: OpenDocument, notes: [String])
    /// The file on disk is not the one that was opened: nothing was written.
    case changedOnDisk(SaveRequest)
    /// Nothing was written, for this reason; the edits are still here.
    case saveFailed(SaveRequest, reason: String)
    /// Each file of a folder's save, as it went (in the order of the save's requests).
    case folderSaved(FolderSave, outcomes: [FolderSave.Outcome])
    /// The file read again.
    case reloaded(OpenDocument, SourceTree)
    /// The file could not be read again, for this reason; the edits are still here.
    case reloadFailed(String)
    /// Another file, read and checked (`:e FILE`).
    case opened(OpenDocument, BrowserDocument)
    /// Another file could not be opened, for this reason.
    case openFailed(String)
}
