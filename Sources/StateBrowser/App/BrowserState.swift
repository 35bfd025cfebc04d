import Foundation
import State
import StateDocument
import StateSchema
import TerminalCore

/// Everything the browser shows, and nothing it does: `update` changes it in answer to a
/// `BrowserMessage`, the views draw it, and whatever must happen outside (quit, copy, save, a
/// background search) goes back to the runtime as `Effect` values.
package struct BrowserState: Sendable {
    package enum SidePane: Sendable, Equatable {
        case detail, schema
    }

    package enum Focus: Sendable, Equatable {
        case tree, side
    }

    /// How far the detail pane is scrolled, for the node it was scrolled on (another selection
    /// starts at the top again).
    package struct DetailScroll: Sendable, Equatable {
        package var node: Int
        package var offset: Int
    }

    /// The line of feedback in the status bar.
    package struct StatusMessage: Sendable, Equatable {
        package var text: String
        package var isError: Bool

        package init(text: String, isError: Bool) {
            self.text = text
            self.isError = isError
        }
    }

    /// A finished search: what was asked and every node that matches, in document order.
    package struct Search: Sendable, Equatable {
        package enum Query: Sendable, Equatable {
            /// Text in keys and values, as typed (`TextQuery` reads its prefixes); case-insensitive
            /// unless it has a capital letter.
            case text(String)
            /// Nodes of a schema type (models, conformers, enum values).
            case type(String)
            /// Exactly this key (`keys`), or exactly this value: `*` and `#`.
            case exact(String, keys: Bool)
        }

        package var query: Query
        package var matches: [Int32]
        /// Which way `n` goes (a backward search's `n` goes up, as in vim).
        package var forward = true
    }

    /// A search asked for whose matches the runtime has not delivered yet.
    package struct PendingSearch: Sendable, Equatable {
        package var query: Search.Query
        package var focusTree: Bool
        package var forward = true
        /// The first match is the next one after the selection, never the selection itself (`*`).
        package var skipsSelection = false
        /// False when a search is run again after an edit: the matches change, the selection stays.
        package var movesSelection = true
        /// The document the matches are for: results for an older one are dropped.
        package var generation: Int
    }

    /// The files being edited, their sessions and documents.
    package internal(set) var workspace: Workspace
    /// The tree's rows: what is expanded, the selection and the scroll.
    package internal(set) var treePane: TreePane
    package internal(set) var width: Int
    package internal(set) var height: Int
    /// The theme, already resolved for `colorDepth`.
    package var theme: Theme
    /// What the terminal can show; data colors (swatches) are resolved with it when drawn.
    package var colorDepth: ColorDepth
    package let keyMap: KeyMap<BrowserAction>
    /// The pane beside the tree, if any, and what each pane keeps.
    package internal(set) var side: SidePanes
    package internal(set) var focus: Focus = .tree
    /// The search prompt with its history, the finished search and the one running.
    package internal(set) var search = SearchModel()
    /// Line mode: each row shows the line of the file where it starts.
    package internal(set) var lineMode = LineMode()
    /// The register and the jump list.
    package internal(set) var marks = Marks()
    /// The values picked for one edit on many, and visual mode.
    package internal(set) var picked = MultiSelection()
    /// The last subtree copied, cut or deleted: what `P` and `+` paste.
    package internal(set) var register: Register? {
        get { marks.register }
        set { marks.register = newValue }
    }
    /// The status bar's message and the log of those shown.
    package internal(set) var messages = StatusMessages()
    /// What the status bar says: setting it shows (and logs) a new message.
    package internal(set) var message: StatusMessage? {
        get { messages.current }
        set { messages.show(newValue) }
    }
    /// Keys typed so far of a longer sequence (`y` before `p`).
    package internal(set) var pendingKeys: [Key] = []
    /// What has the keyboard instead of the tree (an editor, a list, a question, the help).
    package internal(set) var modal: Modal?

    package init(
        document: BrowserDocument, width: Int, height: Int, theme: Theme, colorDepth: ColorDepth = .trueColor, keyMap: KeyMap<BrowserAction> = .browser,
        expandedToDepth depth: Int = 1, file: OpenDocument? = nil, folder: FolderDocument? = nil, notice: String? = nil
    ) {
        workspace = Workspace(OpenFile(document: document, file: file, folder: folder))
        treePane = TreePane(document: document, expandedToDepth: depth)
        self.width = width
        self.height = height
        self.theme = theme.resolved(for: colorDepth)
        self.colorDepth = colorDepth
        self.keyMap = keyMap
        side = SidePanes(schema: document.typed.schema)
        showArchiveGraphIfArchive()
        // A note for the first screen (a terminal fallback, say); a binary file's null objects
        // are said at once, not first when a conversion fails.
        let notes = [notice, Self.nullNote(document), folder.map(Self.folderNote)].compactMap { $0 }
        message = notes.isEmpty ? nil : StatusMessage(text: notes.joined(separator: "; "), isError: false)
    }

    /// What the first screen of a folder says: how many files, and those not part of it.
    static func folderNote(_ folder: FolderDocument) -> String {
        let shown = "\(folder.members.count) file\(folder.members.count == 1 ? "" : "s")"
        guard let first = folder.placeholders.first else { return "\(shown); Ctrl-S writes the ones changed" }
        return "\(shown); \(folder.placeholders.count) not editable here (\(first.relativePath): \(first.reason))"
    }

    /// "N null objects (first at PATH)…" for a binary plist that holds any: they are kept on
    /// save, but XML has no spelling for them.
    static func nullNote(_ document: BrowserDocument) -> String? {
        let tree = document.tree
        guard tree.format == .binary, let first = tree.nodes.firstIndex(where: { $0.kind == .null }) else { return nil }
        let count = tree.nodes.lazy.filter { $0.kind == .null }.count
        let path = document.links.path(of: first, in: tree).description
        return "\(count) null object\(count == 1 ? "" : "s") (first at \(path.isEmpty ? "(root)" : path)): kept when saved, but XML cannot hold them"
    }

    // MARK: - The active file, as the workspace has it

    /// The document the tree shows.
    package internal(set) var document: BrowserDocument {
        _read { yield workspace.current.document }
        _modify { yield &workspace.current.document }
    }
    /// The active file's bytes and undo history.
    package internal(set) var session: EditSession {
        _read { yield workspace.current.session }
        _modify { yield &workspace.current.session }
    }
    /// The file on disk the active document was read from and saves to.
    package internal(set) var file: OpenDocument? {
        get { workspace.current.file }
        set { workspace.current.file = newValue }
    }
    /// The keyed archive's object graph, while it is shown instead of the storage.
    package var archiveGraph: ArchiveGraph? { workspace.current.archiveGraph }
    var archiveView: ArchiveView? {
        _read { yield workspace.current.archiveView }
        _modify { yield &workspace.current.archiveView }
    }
    /// Set by "save and quit": the quit waits for the save to succeed.
    var quitsAfterSave: Bool {
        get { workspace.quitsAfterSave }
        set { workspace.quitsAfterSave = newValue }
    }
    /// The clock for new dates (fixed in tests, so update stays pure).
    package var now: @Sendable () -> Date {
        get { workspace.now }
        set { workspace.now = newValue }
    }

    /// Unsaved changes, in any file.
    package var isDirty: Bool { workspace.isDirty }

    /// The selected row.
    package var selection: Int { treePane.rows.selection }
    /// The first row shown.
    package var scroll: Int { treePane.rows.scroll }
    /// The node of the selected row.
    package var selectedNode: Int { treePane.selectedNode }

    package var layout: BrowserLayout { BrowserLayout(width: width, height: height, sidePane: side.open) }

    /// How far the detail pane is scrolled for the selection.
    package var detailOffset: Int { side.detailOffset(for: selectedNode) }

    /// The line of the file where `node` starts (its key, if it has one), while line mode is on.
    package func lineNumber(of node: Int) -> Int? { lineMode.line(of: node, in: document) }

    /// Whether the help overlay is open.
    package var showsHelp: Bool { if case .help? = modal { true } else { false } }
}
