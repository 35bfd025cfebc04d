import State
import StateDocument

/// What `update` asks the runtime to do: everything that touches the world outside the
/// browser's state (Bubble Tea's commands). What comes of it returns as a `BrowserMessage`.
public enum Effect: Equatable, Sendable {
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
    /// Write bytes to a file; answer `.saved`, `.changedOnDisk` or `.saveFailed`.
    case save(SaveRequest)
    /// Read the file again; answer `.reloaded` or `.reloadFailed`.
    case reload(OpenDocument)
}

/// A save the runtime performs: the bytes, where they go, and whether a file changed on disk
/// since it was read may be overwritten.
public struct SaveRequest: Sendable, Equatable {
    /// The file the bytes go to, with the stamp it had when read (nil for a new file).
    public var file: OpenDocument
    public var bytes: [UInt8]
    /// The format of `bytes`.
    public var format: PlistFormat
    public var overwritingChanges: Bool
    /// Save as: the file becomes the document's, under this name (as the user typed it).
    public var newName: String?
    /// Conversion warnings to show once written (dates as strings in JSON, …).
    public var warnings: [String]

    public init(file: OpenDocument, bytes: [UInt8], format: PlistFormat, overwritingChanges: Bool = false, newName: String? = nil, warnings: [String] = []) {
        self.file = file
        self.bytes = bytes
        self.format = format
        self.overwritingChanges = overwritingChanges
        self.newName = newName
        self.warnings = warnings
    }
}
