import Foundation
import StateDocument
import StateSchema
import TerminalCore

/// Everything the browser shows, and nothing it does: `update` changes it in answer to input,
/// the views draw it, and effects (quit, copy, suspend) go back to the runtime as values.
public struct BrowserState: Sendable {
    public enum SidePane: Sendable, Equatable {
        case detail, schema
    }

    public enum Focus: Sendable, Equatable {
        case tree, side
    }

    public struct Message: Sendable, Equatable {
        public var text: String
        public var isError: Bool
    }

    /// A finished search: what was asked and every node that matches, in document order.
    public struct Search: Sendable, Equatable {
        public enum Query: Sendable, Equatable {
            /// Text in keys and values; case-insensitive unless it has a capital letter.
            case text(String)
            /// Nodes of a schema type (models, conformers, enum values).
            case type(String)
        }

        public var query: Query
        public var matches: [Int32]
    }

    public var document: BrowserDocument
    public var outline: Outline
    /// The selected row.
    public var selection = 0
    /// The first row shown.
    public var scroll = 0
    public var width: Int
    public var height: Int
    /// The theme, already resolved for `colorDepth`.
    public var theme: Theme
    /// What the terminal can show; data colors (swatches) are resolved with it when drawn.
    public var colorDepth: ColorDepth
    public let keyMap: KeyMap
    /// The pane beside the tree, if any.
    public var sidePane: SidePane? = .detail
    public var focus: Focus = .tree
    public var showsHelp = false
    public var helpScroll = 0
    /// The search prompt, while one is being typed.
    public var prompt: TextField?
    public var search: Search?
    /// A search asked for whose matches the runtime has not delivered yet.
    public struct PendingSearch: Sendable, Equatable {
        public var query: Search.Query
        public var focusTree: Bool
        /// False when a search is run again after an edit: the matches change, the selection stays.
        public var movesSelection = true
    }
    public internal(set) var pendingSearch: PendingSearch?
    public var message: Message?
    /// Keys typed so far of a longer sequence (`y` before `p`).
    public var pendingKeys: [Key] = []
    public let schemaOutline: SchemaOutline
    public var schemaSelection = 0
    public var schemaScroll = 0
    /// The file being edited: its bytes, undo history, and what is on disk. `document` is
    /// always built from `session.tree`.
    public internal(set) var session: EditSession
    /// What has the keyboard instead of the tree (an editor, a list, a question), if anything.
    public internal(set) var modal: Modal?
    /// The clock for new dates (fixed in tests, so update stays pure).
    public var now: @Sendable () -> Date = { Date() }

    /// Unsaved changes.
    public var isDirty: Bool { session.isDirty }

    public init(document: BrowserDocument, width: Int, height: Int, theme: Theme, colorDepth: ColorDepth = .trueColor, keyMap: KeyMap = .browser, expandedToDepth depth: Int = 1) {
        self.document = document
        session = EditSession(tree: document.tree)
        outline = Outline(document: document, expandedToDepth: depth)
        self.width = width
        self.height = height
        self.theme = theme.resolved(for: colorDepth)
        self.colorDepth = colorDepth
        self.keyMap = keyMap
        schemaOutline = SchemaOutline(schema: document.typed.schema)
    }

    /// The node of the selected row.
    public var selectedNode: Int { outline[selection] }

    public var layout: BrowserLayout { BrowserLayout(width: width, height: height, sidePane: sidePane) }
}
