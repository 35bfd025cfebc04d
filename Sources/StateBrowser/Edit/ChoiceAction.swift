import State
import StateDocument
import TerminalCore

/// What picking a list entry or answering a question does.
package enum ChoiceAction: Sendable, Equatable {
    /// Make these edits as one undo step, then select `select`.
    case edit([EditOperation], select: PlistPath?, message: String)
    /// Ask for the key of a new dictionary member holding `value`.
    case askKey(container: PlistPath, value: PlistValue, at: Int?)
    /// Make these edits, then open the value editor on the node at `select`.
    case editThenEditValue([EditOperation], select: PlistPath, message: String)
    /// Save, then quit when it worked.
    case saveAndQuit
    case quit
    /// Perform this save as it is (the question before it was answered yes).
    case write(SaveRequest)
    /// Write these files of a folder.
    case writeFolder(FolderSave)
    /// Read the file again, dropping the edits.
    case reload
    case cancel
    /// Select the node at the path (the palette's jump).
    case goTo(PlistPath)
}
