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
        var forward: ByteEdit
        var backward: ByteEdit
    }

    public private(set) var tree: SourceTree
    /// The bytes when the file was opened (or last saved), for the diff before saving.
    public private(set) var savedBytes: [UInt8]
    public private(set) var history: [Entry] = []
    /// How many entries of `history` are applied; the rest can be redone.
    public private(set) var position = 0
    /// The history position the file on disk matches; nil when no undo or redo reaches it.
    private var savedPosition: Int? = 0

    public init(tree: SourceTree) {
        self.tree = tree
        savedBytes = tree.bytes
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
        let backward = edit.inverse(in: tree.bytes)
        try applyToTree(edit)
        record(Entry(operations: [operation], forward: edit, backward: backward))
        return edit
    }

    private mutating func record(_ entry: Entry) {
        history.removeSubrange(position...)
        if let saved = savedPosition, saved > position { savedPosition = nil }
        history.append(entry)
        position += 1
    }

    /// Makes several operations as one edit (one undo step): the byte edit spans from the first
    /// changed byte to the last. Either all are made or none.
    @discardableResult
    public mutating func apply(_ operations: [EditOperation]) throws -> ByteEdit? {
        guard operations.count > 1 else { return try operations.first.map { try apply($0) } }
        var scratch = self
        for operation in operations { try scratch.apply(operation) }
        let edit = ByteEdit.between(tree.bytes, scratch.tree.bytes)
        // Edits that cancel out change nothing: no undo step, as for a single one.
        if edit.replacement.elementsEqual(tree.bytes[edit.range]) { return edit }
        record(Entry(operations: operations, forward: edit, backward: edit.inverse(in: tree.bytes)))
        tree = scratch.tree
        return edit
    }

    /// Takes back the last edit; returns it, or nil when there is nothing to undo.
    @discardableResult
    public mutating func undo() throws -> Entry? {
        guard canUndo else { return nil }
        let entry = history[position - 1]
        try applyToTree(entry.backward)
        position -= 1
        return entry
    }

    /// Makes the next undone edit again; returns it, or nil when there is nothing to redo.
    @discardableResult
    public mutating func redo() throws -> Entry? {
        guard canRedo else { return nil }
        let entry = history[position]
        try applyToTree(entry.forward)
        position += 1
        return entry
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
        savedBytes = tree.bytes
        savedPosition = position
    }
}
