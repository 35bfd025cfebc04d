import Foundation
import State

/// A file being edited: its current bytes and parse, the history of edits for undo and redo,
/// and whether it differs from what is on disk.
///
/// Each edit is a `ByteEdit` made by `SourceEditor`; the new bytes are parsed again before the
/// edit is accepted, so a session never holds a file it could not read back — only the edited
/// value when the edit stays inside one scalar (`SourceTree.splicing`), else the whole text. The history keeps
/// each edit and its inverse — a few bytes each for text files (a binary plist's edit is the
/// whole file, which binary files can afford).
public struct EditSession: Sendable {
    public struct Entry: Sendable {
        /// What was done: one operation, or the several made as one step.
        public var operations: [EditOperation]
        /// The byte edits that make it, in order: one per operation that changed something,
        /// so that each can splice a value in place when redone.
        var forward: [ByteEdit]
        /// The byte edits that take it back, in the order to apply them.
        var backward: [ByteEdit]
    }

    public private(set) var tree: SourceTree
    /// The saved bytes, kept only once no undo or redo leads back to them (`savedPosition`
    /// nil); otherwise they are made from the history when asked for.
    private var keptSavedBytes: [UInt8]?
    public private(set) var history: [Entry] = []
    /// How many entries of `history` are applied; the rest can be redone.
    public private(set) var position = 0
    /// The history position the file on disk matches; nil when no undo or redo reaches it.
    private var savedPosition: Int? = 0

    public init(tree: SourceTree) {
        self.tree = tree
    }

    /// The bytes when the file was opened (or last saved), for the diff before saving: the
    /// current bytes with the edits since then undone (or the undone ones redone). Not a copy
    /// kept from the start, which would share the tree's bytes and make the first edit of a
    /// 100 MB file copy them all.
    public var savedBytes: [UInt8] {
        if let keptSavedBytes { return keptSavedBytes }
        guard let saved = savedPosition else { return tree.bytes }
        var bytes = tree.bytes
        let edits = saved < position ? history[saved..<position].reversed().flatMap(\.backward) : history[position..<saved].flatMap(\.forward)
        for edit in edits { bytes = edit.applied(to: bytes) }
        return bytes
    }

    /// The text being edited: always UTF-8 (see `SourceTree.encoding`).
    public var bytes: [UInt8] { tree.bytes }
    /// The bytes to save: `bytes` in the file's own encoding.
    public var fileBytes: [UInt8] { tree.fileBytes }
    public var format: PlistFormat { tree.format }
    public var isDirty: Bool { savedPosition != position }
    public var canUndo: Bool { position > 0 }
    public var canRedo: Bool { position < history.count }

    /// Makes `operation`; on failure (a missing key path, a value the format cannot hold)
    /// nothing changes.
    @discardableResult
    public mutating func apply(_ operation: EditOperation) throws -> ByteEdit {
        let edit = try SourceEditor.edit(operation, in: tree)
        // A rename to the same key, a move to the same place or a value set to what it is
        // changes nothing: no undo step, and the document stays clean.
        if edit.replacement.elementsEqual(tree.bytes[edit.range]) { return edit }
        let kept = savedBytesLostByNextEdit()
        let backward = edit.inverse(in: tree.bytes)
        try applyToTree(edit)
        record(Entry(operations: [operation], forward: [edit], backward: [backward]), keeping: kept)
        return edit
    }

    /// The saved bytes when they are among the undone edits the next edit drops (so no undo
    /// or redo leads back to them any more), made before that edit changes the tree.
    private func savedBytesLostByNextEdit() -> [UInt8]? {
        guard let saved = savedPosition, saved > position else { return nil }
        return savedBytes
    }

    private mutating func record(_ entry: Entry, keeping kept: [UInt8]?) {
        if let kept {
            keptSavedBytes = kept
            savedPosition = nil
        }
        history.removeSubrange(position...)
        history.append(entry)
        position += 1
    }

    /// Makes several operations as one edit (one undo step); returns the byte edit from the
    /// first changed byte to the last. Either all are made or none. Each is made on the tree
    /// in place (a value spliced, not the file copied), and taken back on failure.
    @discardableResult
    public mutating func apply(_ operations: [EditOperation]) throws -> ByteEdit? {
        guard operations.count > 1 else { return try operations.first.map { try apply($0) } }
        let kept = savedBytesLostByNextEdit()
        var forward: [ByteEdit] = []
        var backward: [ByteEdit] = []
        // The changed window [low, high) in the current bytes, and how much longer they got.
        var low = Int.max
        var high = 0
        var growth = 0
        do {
            for operation in operations {
                let edit = try SourceEditor.edit(operation, in: tree)
                if edit.replacement.elementsEqual(tree.bytes[edit.range]) { continue }
                let inverse = edit.inverse(in: tree.bytes)
                try applyToTree(edit)
                forward.append(edit)
                backward.insert(inverse, at: 0)
                let delta = edit.replacement.count - edit.range.count
                // The window's end moves with the bytes after the edit, and reaches at least
                // the end of the new text.
                high = max(high >= edit.range.upperBound ? high + delta : 0, edit.range.lowerBound + edit.replacement.count)
                low = min(low, edit.range.lowerBound)
                growth += delta
            }
        } catch {
            takeBack(backward)
            throw error
        }
        guard !forward.isEmpty else { return nil }
        // The window as it was: its bytes now with the edits taken back, on a copy of it alone.
        var old = Array(tree.bytes[low..<high])
        for edit in backward { old = ByteEdit(range: (edit.range.lowerBound - low)..<(edit.range.upperBound - low), replacement: edit.replacement).applied(to: old) }
        let combined = ByteEdit(range: low..<(high - growth), replacement: Array(tree.bytes[low..<high]))
        // Edits that cancel out change nothing: no undo step, as for a single one.
        if old == combined.replacement {
            takeBack(backward)
            return combined
        }
        record(Entry(operations: operations, forward: forward, backward: backward), keeping: kept)
        return combined
    }

    /// Applies the inverses of edits just made. They restore bytes that were parsed a moment
    /// ago, so they cannot fail; were one to, the whole text is parsed again from what the
    /// bytes then are.
    private mutating func takeBack(_ backward: [ByteEdit]) {
        for edit in backward {
            do { try applyToTree(edit) } catch { tree = (try? reparse(edit.applied(to: tree.bytes))) ?? tree }
        }
    }

    /// Takes back the last edit; returns it, or nil when there is nothing to undo.
    @discardableResult
    public mutating func undo() throws -> Entry? {
        guard canUndo else { return nil }
        let entry = history[position - 1]
        try applyAll(entry.backward)
        position -= 1
        return entry
    }

    /// Makes the next undone edit again; returns it, or nil when there is nothing to redo.
    @discardableResult
    public mutating func redo() throws -> Entry? {
        guard canRedo else { return nil }
        let entry = history[position]
        try applyAll(entry.forward)
        position += 1
        return entry
    }

    /// Applies a step's edits in order; on failure the ones made are taken back.
    private mutating func applyAll(_ edits: [ByteEdit]) throws {
        var made: [ByteEdit] = []
        do {
            for edit in edits {
                let inverse = edit.inverse(in: tree.bytes)
                try applyToTree(edit)
                made.insert(inverse, at: 0)
            }
        } catch {
            takeBack(made)
            throw error
        }
    }

    /// The tree after `edit`: only the changed value parsed when the edit stays inside one
    /// scalar (`SourceTree.splicing`), else the whole text again.
    private mutating func applyToTree(_ edit: ByteEdit) throws {
        if tree.splice(edit.range, with: edit.replacement) { return }
        tree = try reparse(edit.applied(to: tree.bytes))
    }

    private func reparse(_ bytes: [UInt8]) throws -> SourceTree {
        do {
            return try SourceTree(parsing: bytes, as: tree.format, encoding: tree.encoding)
        } catch {
            // An edit made text the parser refuses: a bug here, never the user's file.
            throw PlistError("the edit would make the file unreadable (\(error)); nothing was changed")
        }
    }

    /// Records that the current bytes are what is on disk.
    public mutating func markSaved() {
        keptSavedBytes = nil
        savedPosition = position
    }
}
