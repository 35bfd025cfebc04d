import State
import StateDocument

/// Keyed archives: the object graph shown instead of the storage (`A` toggles), and edits on
/// the graph made in the storage (`ArchiveGraph.operations(for:)`).
extension BrowserState {
    /// The document that shows `graph` (guessed roles: a color object gets its swatch and the
    /// picker), numbered after `previous`.
    static func graphDocument(_ graph: ArchiveGraph, after previous: BrowserDocument) -> BrowserDocument {
        // A large graph is checked in the background, as a large file is.
        var document = BrowserDocument(
            tree: graph.tree, checker: .inference, fileName: previous.fileName, schemaName: nil, deferCheck: graph.tree.nodes.count > BrowserDocument.synchronousCheckLimit)
        document.follow(previous)
        document.schemaNote = "keyed archive: its object graph (A shows the storage)"
        return document
    }

    /// Shows a keyed archive's object graph from the start (the storage is one key away).
    mutating func showArchiveGraphIfArchive() {
        guard let graph = ArchiveGraph.of(session.tree) else { return }
        show(graph)
    }

    /// The graph in place of the storage's document (kept to go back to).
    private mutating func show(_ graph: ArchiveGraph) {
        archiveView = ArchiveView(graph: graph, storage: document, builtFrom: session.tree.bytes)
        document = Self.graphDocument(graph, after: document)
        treePane.outline = Outline(document: document, expandedToDepth: 2)
        picked.clear()
        treePane.rows = ListState(count: treePane.outline.count)
    }

    /// The storage's document for the session's tree, numbered after the graph's; the graph
    /// is no longer shown.
    private mutating func leaveGraph(_ raw: BrowserDocument) -> BrowserDocument {
        var next = raw.replacing(session.tree)
        next.follow(document)
        next.fileName = document.fileName
        archiveView = nil
        return next
    }

    /// `A`: the graph, or the storage as it is written.
    mutating func toggleArchiveGraph() {
        let here = document.path(of: selectedNode)
        let origin = archiveGraph?.origin(at: here)
        if let raw = archiveView?.storage {
            document = leaveGraph(raw)
            treePane.outline = Outline(document: document, expandedToDepth: 1)
            picked.clear()
            treePane.rows = ListState(count: treePane.outline.count)
            // The object the graph's selection showed, in the storage.
            if case .object(let uid, _)? = origin, uid > 0, let node = document.tree.index(at: PlistPath([.key("$objects"), .index(uid)])) {
                selectNode(node)
            }
            message = StatusMessage(text: "The archive's storage: $objects as written (A shows the object graph)", isError: false)
        } else if let graph = ArchiveGraph.of(session.tree) {
            let uid: Int? = {
                guard here.components.count >= 2, here.components[0] == .key("$objects"), case .index(let u) = here.components[1] else { return nil }
                return u
            }()
            show(graph)
            if let uid, let path = graph.shown[uid], let node = document.tree.index(at: path) { selectNode(node) }
            message = StatusMessage(text: "The archive's object graph (A shows the storage)", isError: false)
        } else {
            message = StatusMessage(text: "Not a keyed archive: A shows NSKeyedArchiver files as object graphs", isError: true)
            return
        }
        treePane.rows.keepVisible(page: layout.treeRows)
        search.clear()
        marks.clearJumps()
    }

    /// The class the type column shows for a graph node.
    func archiveClass(of node: Int) -> String? {
        guard let archiveGraph, node < archiveGraph.origins.count else { return nil }
        return archiveGraph.className(of: node)
    }

    /// The node a link in the graph points at.
    func archiveLinkTarget(of node: Int) -> Int? {
        guard let archiveGraph, node < archiveGraph.origins.count, let path = archiveGraph.target(ofLink: node) else { return nil }
        return document.tree.index(at: path)
    }

    /// The document for the session's tree in the mode shown: the graph rebuilt, or the
    /// storage when the edit left no archive.
    mutating func documentForSession(change: TreeChange? = nil, storage: [EditOperation]? = nil) -> BrowserDocument {
        guard let raw = archiveView?.storage else { return change.map { document.replacing(session.tree, change: $0) } ?? document.replacing(session.tree) }
        let tree = session.tree
        if let graph = archiveView?.graph(for: tree, after: storage) {
            return Self.graphDocument(graph, after: document)
        }
        message = StatusMessage(text: "The file is no longer a keyed archive: its storage is shown", isError: true)
        return leaveGraph(raw)
    }
}
