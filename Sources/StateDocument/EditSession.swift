import Foundation
import State

/// A file being edited: its current bytes and parse, the history of edits for undo and redo,
/// and whether it differs from what is on disk.
///
/// Each edit is a `SourcePatch` made by `SourceEditor`; the new bytes are parsed again before
/// the edit is accepted, so a session never holds a file it could not read back — only the
/// edited value when the edit stays inside one scalar (`SourceTree.splicing`, and for binary
/// plists `SourceTree.splice(binaryEdits:rereading:)`), else the whole file. The history keeps
/// each edit and its inverse: a few bytes each, except a binary plist's structural edits,
/// which write the file whole.
public struct EditSession: Sendable {
    /// One undo step: its operations and the patches that make and unmake it.
    public struct Entry: Sendable {
        /// What was done: one operation, or the several made as one step.
        public var operations: [EditOperation]
        /// What to call the step when it is undone or redone, when the operations are not what
        /// the user made (a keyed archive's graph edit, made in its storage).
        public var label: String? = nil
        /// The patches that make it, in order: one per operation that changed something, so
        /// that each can splice a value in place when redone.
        var forward: [SourcePatch]
        /// The patches that take it back, in the order to apply them.
        var backward: [SourcePatch]
    }

    /// The document as it is now.
    public private(set) var tree: SourceTree
    /// The saved bytes, kept only once no undo or redo leads back to them (`savedPosition`
    /// nil); otherwise they are made from the history when asked for.
    private var keptSavedBytes: [UInt8]?
    /// The undo history, oldest first (`position` steps are done).
    public private(set) var history: [Entry] = []
    /// How many entries of `history` are applied; the rest can be redone.
    public private(set) var position = 0
    /// The history position the file on disk matches; nil when no undo or redo reaches it.
    private var savedPosition: Int? = 0

    /// A session over `tree`, with no history, as saved.
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
        for patch in edits { bytes = patch.applied(to: bytes) }
        return bytes
    }

    /// The text being edited: always UTF-8 (see `SourceTree.encoding`).
    public var bytes: [UInt8] { tree.bytes }
    /// The bytes to save: `bytes` in the file's own encoding.
    public var fileBytes: [UInt8] { tree.fileBytes }
    /// The document's format.
    public var format: PlistFormat { tree.format }
    /// Whether the document differs from what was last saved (or opened).
    public var isDirty: Bool { savedPosition != position }
    /// Whether there is a step to undo.
    public var canUndo: Bool { position > 0 }
    /// Whether there is a step to redo.
    public var canRedo: Bool { position < history.count }

    /// Makes `operation`; on failure (a missing key path, a value the format cannot hold)
    /// nothing changes. Returns the patch that made it (no edits when nothing changed).
    @discardableResult
    public mutating func apply(_ operation: EditOperation, label: String? = nil) throws -> SourcePatch {
        let patch = try SourceEditor.patch(operation, in: tree)
        // A rename to the same key, a move to the same place or a value set to what it is
        // changes nothing: no undo step, and the document stays clean.
        if patch.changesNothing(in: tree.bytes) { return SourcePatch([]) }
        let kept = savedBytesLostByNextEdit()
        let backward = try applyToTree(patch)
        record(Entry(operations: [operation], label: label, forward: [patch], backward: [backward]), keeping: kept)
        return patch
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

    /// Makes several operations as one edit (one undo step); returns the patches that made it
    /// (none when nothing changed). Either all are made or none. Each is made on the tree in
    /// place (a value spliced, not the file copied), and taken back on failure.
    @discardableResult
    public mutating func apply(_ operations: [EditOperation], label: String? = nil) throws -> [SourcePatch] {
        guard operations.count > 1 else {
            guard let operation = operations.first else { return [] }
            let patch = try apply(operation, label: label)
            return patch.edits.isEmpty ? [] : [patch]
        }
        let kept = savedBytesLostByNextEdit()
        var forward: [SourcePatch] = []
        var backward: [SourcePatch] = []
        // The changed window [low, high) in the current bytes, and how much longer they got.
        var low = Int.max
        var high = 0
        var growth = 0
        do {
            for operation in operations {
                let patch = try SourceEditor.patch(operation, in: tree)
                if patch.changesNothing(in: tree.bytes) { continue }
                let inverse = try applyToTree(patch)
                forward.append(patch)
                backward.insert(inverse, at: 0)
                for edit in patch.edits {
                    let delta = edit.replacement.count - edit.range.count
                    // The window's end moves with the bytes after the edit, and reaches at
                    // least the end of the new text.
                    high = max(high >= edit.range.upperBound ? high + delta : 0, edit.range.lowerBound + edit.replacement.count)
                    low = min(low, edit.range.lowerBound)
                    growth += delta
                }
            }
        } catch {
            takeBack(backward)
            throw error
        }
        guard !forward.isEmpty else { return [] }
        // Edits that cancel out change nothing: no undo step, as for a single one.
        if growth == 0, cancelsOut(backward, window: low..<high) {
            takeBack(backward)
            return []
        }
        record(Entry(operations: operations, label: label, forward: forward, backward: backward), keeping: kept)
        return forward
    }

    /// Whether taking back `backward` leaves the bytes of `window` (the whole span they
    /// changed) as they are now — found on a copy of the window alone, which is small for
    /// value edits. (A binary plist's edits reach its trailer: a window past a megabyte is not
    /// compared, and its step stays even if it happens to change nothing.)
    private func cancelsOut(_ backward: [SourcePatch], window: Range<Int>) -> Bool {
        guard window.count <= 1 << 20 else { return false }
        var old = Array(tree.bytes[window])
        for edit in backward.flatMap(\.edits) {
            old.replaceSubrange((edit.range.lowerBound - window.lowerBound)..<(edit.range.upperBound - window.lowerBound), with: edit.replacement)
        }
        return old.elementsEqual(tree.bytes[window])
    }

    /// Applies the inverses of edits just made. They restore bytes that were parsed a moment
    /// ago, so they cannot fail; were one to, the whole text is parsed again from what the
    /// bytes then are.
    private mutating func takeBack(_ backward: [SourcePatch]) {
        for patch in backward {
            do { _ = try applyToTree(patch) } catch { tree = (try? reparse(patch.applied(to: tree.bytes))) ?? tree }
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

    /// Applies a step's patches in order; on failure the ones made are taken back.
    private mutating func applyAll(_ patches: [SourcePatch]) throws {
        var made: [SourcePatch] = []
        do {
            for patch in patches { made.insert(try applyToTree(patch), at: 0) }
        } catch {
            takeBack(made)
            throw error
        }
    }

    /// The tree after `patch`: only the changed value parsed when the patch sets one scalar
    /// (`SourceTree.splicing`, `SourceTree.splice(binaryEdits:rereading:)`), else the whole
    /// file again. Returns the patch that takes it back; on failure nothing changed.
    private mutating func applyToTree(_ patch: SourcePatch) throws -> SourcePatch {
        if let node = patch.rereading, let inverse = tree.splice(binaryEdits: patch.edits, rereading: node) {
            return SourcePatch(inverse, rereading: node)
        }
        if patch.edits.count == 1, patch.rereading == nil {
            let edit = patch.edits[0]
            let inverse = edit.inverse(in: tree.bytes)
            if !tree.splice(edit.range, with: edit.replacement) { tree = try reparse(edit.applied(to: tree.bytes)) }
            return SourcePatch(inverse)
        }
        var bytes = tree.bytes
        var inverse: [ByteEdit] = []
        for edit in patch.edits {
            inverse.insert(edit.inverse(in: bytes), at: 0)
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
        tree = try reparse(bytes)
        return SourcePatch(inverse, rereading: patch.rereading)
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
