import Foundation
import State
import StateDocument
import StateSchema

/// How edits land: one undo step through the session, the document rebuilt (or kept, for
/// values set in place) after it, and undo, redo and the diff before saving.
extension BrowserState {
    mutating func undo() -> [Effect] { walkHistory(backward: true) }

    mutating func redo() -> [Effect] { walkHistory(backward: false) }

    /// Undoes or redoes one step; the outline keeps what it can across it.
    private mutating func walkHistory(backward: Bool) -> [Effect] {
        let step = backward ? (session.canUndo ? session.history[session.position - 1] : nil) : (session.canRedo ? session.history[session.position] : nil)
        guard let step else {
            message = StatusMessage(text: backward ? "Nothing to undo" : "Nothing to redo", isError: true)
            return []
        }
        // An undone set is a set of the same values: the same scalars either way.
        let scalars = archiveGraph == nil ? EditOperation.setScalars(step.operations, in: document.tree) : nil
        let forwardChange = backward ? nil : TreeChange(step.operations, in: document.tree)
        do {
            try editSession { session in _ = backward ? try session.undo() : try session.redo() }
        } catch {
            message = StatusMessage(text: "\(error)", isError: true)
            return []
        }
        let change = forwardChange ?? TreeChange(step.operations, in: session.tree).inverted
        let effects = documentChanged(
            change: change, editedScalars: scalars, storage: archiveGraph == nil ? nil : step.operations, select: Self.selectionPath(for: step.operations, in: session.tree))
        message = StatusMessage(text: "\(backward ? "Undid" : "Redid") \(step.label ?? Self.describe(step.operations))", isError: false)
        return effects
    }

    /// Changes the session while the document does not hold its tree, so that an edit
    /// splices the session's tree in place instead of copying it first (see
    /// `SourceTree.detached`). On failure the document gets the unchanged tree back; on
    /// success `documentChanged` gives it the new one. A keyed archive's graph document is
    /// not the session's tree and stays.
    private mutating func editSession(_ change: (inout EditSession) throws -> Void) throws {
        if archiveGraph == nil { document.detachTree() }
        do {
            try change(&session)
        } catch {
            if archiveGraph == nil { document.reattach(session.tree) }
            throw error
        }
    }

    /// Where to look after undoing or redoing: the edited value if it exists, else its container.
    static func selectionPath(for operations: [EditOperation], in tree: SourceTree) -> PlistPath {
        guard let operation = operations.first else { return PlistPath() }
        var path = operation.path
        if case .rename(let p, let key) = operation, tree.index(at: p) == nil { path = p.dropLast().appending(.key(key)) }
        while tree.index(at: path) == nil, !path.components.isEmpty { path = path.dropLast() }
        return path
    }

    static func describe(_ operations: [EditOperation]) -> String {
        guard let first = operations.first else { return "nothing" }
        let what: String =
            switch first {
            case .set(let p, _), .setNumber(let p, _): "set \(p)"
            case .rename(let p, let key): "rename \(p) to \(key)"
            case .delete(let p): "delete \(p)"
            case .insert(let p, let key, _, _): "add \(key.map { p.appending(.key($0)).description } ?? "an item to \(p)")"
            case .move(let p, _): "move \(p)"
            case .duplicate(let p, _): "duplicate \(p)"
            }
        return operations.count > 1 ? "\(what) (+\(operations.count - 1) more)" : what
    }

    mutating func showChanges() {
        let diff = workspace.current.folder?.pendingDiff(in: session.tree) ?? session.pendingChanges
        guard !diff.isEmpty else {
            message = StatusMessage(text: isDirty ? "The edits cancel out: the file would be the same" : "No pending changes", isError: false)
            return
        }
        modal = .changes(PendingChanges(diff: diff))
    }

    // MARK: - Committing

    /// Makes `operations` as one undo step and shows the result: the document is checked again
    /// (diagnostics follow the edit), the outline keeps what was expanded, and the selection
    /// goes to `select`. Returns the effects that follow (a background check, the search run
    /// again), or nil when the edit failed: then nothing changed and the message says why.
    mutating func commit(_ operations: [EditOperation], select: PlistPath?, message text: String, label: String? = nil) -> [Effect]? {
        let typedBefore = document.isCheckPending ? nil : document.typed
        // What a delete takes goes to the register, as in vim: P puts it back elsewhere.
        let kept = register
        if operations.count == 1, case .delete(let path) = operations[0], let node = document.tree.index(at: path) { keep(node) }
        let change = archiveGraph == nil ? TreeChange(operations, in: document.tree) : TreeChange(path: PlistPath(), childMap: nil)
        let scalars = archiveGraph == nil ? EditOperation.setScalars(operations, in: document.tree) : nil
        // A graph edit is made in the storage; undo and redo still name it as it was made.
        let label = label ?? (archiveGraph == nil ? nil : Self.describe(operations))
        var operations = operations
        if let archiveGraph {
            // Made on the graph: said in the storage, as NSKeyedArchiver would write it.
            do {
                operations = try archiveGraph.operations(for: operations)
            } catch {
                register = kept
                message = StatusMessage(text: "\(error)", isError: true)
                return nil
            }
        }
        do {
            try editSession { try $0.apply(operations, label: label) }
        } catch {
            register = kept
            message = StatusMessage(text: "\(error)", isError: true)
            return nil
        }
        let effects = documentChanged(change: change, editedScalars: scalars, storage: archiveGraph == nil ? nil : operations, select: select)
        var text = text
        var isError = false
        if let typedBefore, !document.isCheckPending {
            let added = document.typed.errorsAdded(since: typedBefore)
            let fixed = document.typed.errorsFixed(since: typedBefore)
            // The new error nearest the edit: one under the edited value's container, if any.
            let near = select.map { $0.dropLast().description } ?? ""
            if let first = added.first(where: { $0.path.description.hasPrefix(near) }) ?? added.last {
                text += " — \(added.count) new error\(added.count == 1 ? "" : "s"): \(first)"
                isError = true
            } else if fixed > 0 {
                text += " — \(fixed) error\(fixed == 1 ? "" : "s") fixed"
            }
        }
        message = StatusMessage(text: text, isError: isError)
        return effects
    }

    /// Rebuilds the document from the session's tree after an edit, undo or redo, and asks for
    /// what the new document needs: its whole check (a large file), its search run again.
    ///
    /// `editedScalars` (node indexes) says the edit only set these scalars' values: when the new
    /// tree has the same shape, the document keeps its links, the outline stays as it is, and
    /// only the edited values are checked again — nothing on the way costs the file's size. The
    /// document's tree is detached (`editSession`) when this is called.
    ///
    /// In a keyed archive's graph, `storage` (the step's edits of the storage) that only set
    /// stored values are patched into the graph where it shows them, as scalars set in place;
    /// anything else builds the graph again.
    mutating func documentChanged(change: TreeChange, editedScalars: [Int]? = nil, storage: [EditOperation]? = nil, select: PlistPath?) -> [Effect] {
        let wasGraph = archiveGraph != nil
        // Where the selection was in a graph, which is rebuilt whole.
        let here = wasGraph ? document.path(of: selectedNode) : nil
        var rolesKept = false
        var editedScalars = editedScalars
        if let storage, let settled = graphSettingStoredValues(storage) {
            document = settled.document
            rolesKept = settled.rolesKept
            editedScalars = settled.nodes
        } else if !wasGraph, let editedScalars, let next = document.replacing(session.tree, editedScalars: editedScalars) {
            document = next.document
            rolesKept = next.rolesKept
        } else if let storage, let local = graphUpdatedInPlace(storage) {
            treePane.outline = Outline(document: local.document, carrying: treePane.outline, change: local.change)
            document = local.document
            outlineChanged()
        } else {
            let next = documentForSession(change: wasGraph ? nil : change, storage: storage)
            // The graph is rebuilt whole: its expansion is kept by path.
            let change = wasGraph ? TreeChange(path: PlistPath(), childMap: nil) : change
            treePane.outline = Outline(document: next, carrying: treePane.outline, change: change)
            document = next
            outlineChanged()
        }
        var effects: [Effect] = []
        if document.isCheckPending { effects.append(.check(generation: document.generation)) }
        if rolesKept, search.pending == nil, let editedScalars {
            // Node numbers and the roles elsewhere stayed: only the edited values (and what
            // shows them, above) can match differently. (A check still to come runs the
            // search again when it ends.)
            updateMatches(afterSetting: editedScalars)
        } else if let query = search.pending?.query ?? search.current?.query {
            // Node numbers moved: find the matches again, without moving the selection.
            effects += rerunSearch(query)
        }
        if let select, let node = document.tree.index(at: select) {
            selectNode(node)
        } else if let here, let node = document.tree.index(at: here) {
            selectNode(node)
        }
        // Values set in place keep every node where it was: the picks stay as they are.
        if editedScalars == nil || !rolesKept { picked.resolve(in: document) }
        return effects
    }

    /// The graph's document after storage edits that only set stored values, patched into
    /// the graph (`ArchiveGraph.setStoredValues`); nil when the graph must be built again.
    /// The graph and its document's tree are let go of while they change, so that neither is
    /// copied.
    private mutating func graphSettingStoredValues(_ storage: [EditOperation]) -> (document: BrowserDocument, rolesKept: Bool, nodes: [Int])? {
        // Only sets are patched in: anything else leaves the graph untouched, as it was built
        // (to be built again, or found again by its storage's bytes: `ArchiveView.previous`).
        guard var view = archiveView, storage.allSatisfy({ if case .set = $0 { true } else { false } }) else { return nil }
        archiveView = nil
        document.detachTree()
        defer { archiveView = view }
        // On failure the graph is built again from the storage (`documentForSession`); a
        // graph patched part way shows no storage, and is never come back to.
        view.builtFrom = nil
        guard let nodes = view.graph.setStoredValues(storage, in: session.tree), let next = document.replacing(view.graph.tree, editedScalars: nodes) else { return nil }
        view.builtFrom = session.tree.bytes
        return (next.document, next.rolesKept, nodes)
    }

    /// The graph's document after a structural storage edit whose change shows inside one
    /// object's subtree of the graph, built again and spliced in (`ArchiveGraph.updateInPlace`),
    /// with the change the outline carries its expansion across; nil when the graph must be
    /// built again — or is found again: a storage come back to the bytes of the graph shown
    /// before (an undo of a rebuilt edit) takes that graph (`ArchiveView.graph(for:after:)`).
    private mutating func graphUpdatedInPlace(_ storage: [EditOperation]) -> (document: BrowserDocument, change: TreeChange)? {
        guard var view = archiveView, view.builtFrom != nil else { return nil }
        if let previous = view.previous, previous.bytes.count == session.tree.bytes.count, bytesEqual(previous.bytes, session.tree.bytes) { return nil }
        // Neither the view nor the document holds the graph's tree while it is spliced, so
        // it is changed where it is, not copied.
        archiveView = nil
        document.detachTree()
        defer { archiveView = view }
        guard let local = view.graph.updateInPlace(session.tree, after: storage) else {
            // Nothing changed: the graph's tree is still the one shown.
            document.reattach(view.graph.tree)
            return nil
        }
        view.builtFrom = session.tree.bytes
        let change = TreeChange(path: local.path, childMap: local.childMap)
        return (document.replacing(view.graph.tree, change: change), change)
    }

    /// Does what a picked entry or an answer says.
    mutating func choose(_ action: ChoiceAction) -> [Effect] {
        modal = nil
        switch action {
        case .edit(let ops, let select, let text):
            return commit(ops, select: select, message: text) ?? []
        case .editThenEditValue(let ops, let select, let text):
            guard let effects = commit(ops, select: select, message: text), let node = document.tree.index(at: select) else { return [] }
            let kept = message
            let more = beginEdit(node)
            if case .edit(var editor)? = modal {
                // Esc on the new entry's value takes the entry back.
                editor.cancelUndoes = true
                modal = .edit(editor)
                message = kept
            }
            return effects + more
        case .askKey(let container, let value, let at):
            let node = document.tree.index(at: container) ?? 0
            let key = document.tree.child(of: node, key: "key") == nil ? "key" : unusedKey(like: "key", in: node)
            // Empty, with a suggestion: typing replaces it, Enter alone takes it.
            modal = .edit(ValueEditor("", target: .newKey(container: container, value: value, at: at), label: "key of the new entry", placeholder: key))
        case .saveAndQuit:
            return saveAndQuit()
        case .quit:
            return [.quit]
        case .write(let request):
            return [.save(request)]
        case .writeFolder(let save):
            return [.saveFolder(save)]
        case .reload:
            quitsAfterSave = false
            return reload()
        case .cancel:
            quitsAfterSave = false
        case .goTo(let path):
            if let node = document.tree.index(at: path) { selectNode(node) }
        }
        return []
    }
}
