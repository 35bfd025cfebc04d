import Foundation
import State
import StateDocument

/// One file open in the browser: its editing session (the bytes and the undo history), the
/// file on disk it was read from — with the stamp the changed-on-disk check compares — and
/// the document shown for it.
package struct OpenFile: Sendable {
    /// What the browser shows: built from `session.tree`, or from the archive's object graph
    /// while `archiveGraph` is shown.
    package internal(set) var document: BrowserDocument
    /// The bytes being edited and their undo history. The workspace is their only owner:
    /// saving sends the bytes out in an effect.
    package internal(set) var session: EditSession
    /// Where the session was read from and saves to (nil: an in-memory document, which
    /// `:w FILE` can still write).
    package internal(set) var file: OpenDocument?
    /// A keyed archive shown as its object graph instead of its storage: `document` is then
    /// the graph's, `session` still the file's.
    package internal(set) var archiveView: ArchiveView?
    /// A folder open as one document: its files, which saving writes one by one (`file` is
    /// then nil).
    package internal(set) var folder: FolderDocument?

    /// The archive view's graph, while it shows.
    package var archiveGraph: ArchiveGraph? { archiveView?.graph }

    init(document: BrowserDocument, file: OpenDocument?, folder: FolderDocument? = nil) {
        self.document = document
        session = EditSession(tree: document.tree)
        self.file = file
        self.folder = folder
    }

    /// Unsaved changes.
    package var isDirty: Bool { session.isDirty }

    /// The save of the session's bytes over the file; nil when there is no file.
    func saveRequest(overwritingChanges: Bool) -> SaveRequest? {
        file.map { SaveRequest(file: $0, bytes: session.fileBytes, format: session.format, overwritingChanges: overwritingChanges) }
    }

    /// A save of the file's own bytes was written: the new stamp, and the session is clean
    /// when nothing was edited since the bytes were sent.
    mutating func recordSave(of request: SaveRequest, written: OpenDocument) {
        file = written
        if request.bytes == session.fileBytes { session.markSaved() }
    }

    /// What is wrong with the file's parts (empty when they are sound): the document is the
    /// session's (or its archive graph's), and the session is sound.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if let archiveGraph {
            if !bytesEqual(archiveGraph.tree.bytes, document.tree.bytes) { problems.append("archive graph: the document is not the graph's") }
        } else if !bytesEqual(document.tree.bytes, session.bytes) {
            problems.append("document: not built from the session's bytes")
        }
        return problems + session.invariantViolations()
    }
}

/// A keyed archive's object graph shown in place of its storage (`A` goes between them): the
/// graph, and the storage's document — its checker and name — to go back to.
package struct ArchiveView: Sendable {
    package internal(set) var graph: ArchiveGraph
    let storage: BrowserDocument
    /// The storage bytes `graph` shows: those it was built from, or was patched to show
    /// (nil while a patch that failed part way is being replaced).
    var builtFrom: [UInt8]?
    /// The graph shown before the last one was built, with the storage bytes it was built
    /// from. A graph is a function of the storage's bytes alone: undoing a structural edit
    /// (and redoing it) returns to these bytes, and to this graph without building it again
    /// (a 100 000-object archive's graph takes most of a tenth of a second to build).
    var previous: (bytes: [UInt8], graph: ArchiveGraph)?

    init(graph: ArchiveGraph, storage: BrowserDocument, builtFrom: [UInt8]?) {
        self.graph = graph
        self.storage = storage
        self.builtFrom = builtFrom
    }

    /// The graph for the storage `tree`: the previous graph when the storage is back to its
    /// bytes, else built (nil: the storage is no longer a keyed archive). The graph shown
    /// until now becomes the previous one.
    ///
    /// `storage`, the edits that made `tree` from the storage this graph shows: the graph is
    /// then built from its archive with only the objects they name read again
    /// (`ArchiveGraph.rebuilt(_:after:)`).
    mutating func graph(for tree: SourceTree, after storage: [EditOperation]? = nil) -> ArchiveGraph? {
        let next: ArchiveGraph
        if let previous, previous.bytes.count == tree.bytes.count, bytesEqual(previous.bytes, tree.bytes) {
            next = previous.graph
        } else if builtFrom != nil, let storage, let built = graph.rebuilt(tree, after: storage) {
            next = built
        } else if let built = ArchiveGraph.of(tree) {
            next = built
        } else {
            return nil
        }
        previous = builtFrom.map { ($0, graph) }
        graph = next
        builtFrom = tree.bytes
        return next
    }
}

/// The files the browser edits — one today, a folder's when folders open — and what saving
/// and quitting need of all of them: whether any has unsaved changes, and a quit that waits
/// for a save.
package struct Workspace: Sendable {
    package internal(set) var files: [OpenFile]
    /// The file the tree shows.
    package internal(set) var active = 0
    /// Set by "save and quit": the quit waits for the save to succeed.
    var quitsAfterSave = false
    /// The clock for new dates (fixed in tests, so update stays pure).
    package var now: @Sendable () -> Date = { Date() }

    init(_ file: OpenFile) {
        files = [file]
    }

    /// The file the tree shows, changed in place.
    package internal(set) var current: OpenFile {
        _read { yield files[active] }
        _modify { yield &files[active] }
    }

    /// Whether any file has unsaved changes.
    package var isDirty: Bool { files.contains { $0.isDirty } }

    func invariantViolations(checkingFiles: Bool) -> [String] {
        guard files.indices.contains(active) else { return ["workspace: file \(active) of \(files.count) is shown"] }
        return checkingFiles ? files.flatMap { $0.invariantViolations() } : []
    }
}
