import State
import StateDocument

/// What the runtime did with a save or reload effect, for the state to show.
public enum FileOutcome: Sendable {
    /// Saved in place: the session's bytes are on disk.
    case saved(bytes: Int)
    /// Saved to another file, which is now the document's file; `session` is the file as
    /// written (a new one when the format changed).
    case savedAs(session: EditSession, fileName: String, warnings: [String])
    /// The file on disk is not the one that was opened: nothing was written.
    case changedOnDisk
    /// Read again from disk.
    case reloaded(EditSession)
    /// Nothing was written (or read); the edits are still here.
    case failed(String)
}

extension BrowserState {
    /// Takes the outcome of a `.save`, `.saveAs` or `.reload` effect.
    public mutating func finishFile(_ outcome: FileOutcome) {
        switch outcome {
        case .saved(let bytes):
            session.markSaved()
            message = Message(text: "Saved \(document.fileName) (\(bytes) bytes)", isError: false)
        case .savedAs(let newSession, let fileName, let warnings):
            session = newSession
            replaceDocument(fileName: fileName)
            message = Message(text: "Saved as \(fileName)" + (warnings.isEmpty ? "" : " — \(warnings.joined(separator: "; "))"), isError: !warnings.isEmpty)
        case .changedOnDisk:
            modal = .confirm(Confirmation("\(document.fileName) changed on disk since it was opened.", answers: [
                .init(key: "o", label: "overwrite it", action: .overwrite),
                .init(key: "r", label: "reload (drops your edits)", action: .reload),
                .init(key: "n", label: "cancel", action: .cancel),
            ]))
        case .reloaded(let newSession):
            session = newSession
            replaceDocument(fileName: document.fileName)
            message = Message(text: "Reloaded \(document.fileName)", isError: false)
        case .failed(let text):
            message = Message(text: "Not saved: \(text)", isError: true)
        }
    }

    /// A new document for the whole session tree (another format, or the file read again):
    /// the expansion is kept where the shape is the same, and the selection by its path.
    private mutating func replaceDocument(fileName: String) {
        documentChanged(change: TreeChange(path: PlistPath(), childMap: nil), select: document.path(of: selectedNode))
        document.fileName = fileName
    }
}
