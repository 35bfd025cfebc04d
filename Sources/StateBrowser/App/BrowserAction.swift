/// Everything a key can ask the browser to do. Keys map to actions through `KeyMap.browser`; `update`
/// performs them.
package enum BrowserAction: Hashable, Sendable {
    case moveDown, moveUp
    case pageDown, pageUp, halfPageDown, halfPageUp
    case top, bottom
    /// Expand the selection, or step into it when it is already expanded.
    case expandOrEnter
    /// Collapse the selection, or step out to its parent when it is collapsed.
    case collapseOrLeave
    case toggle
    case expandAll, collapseAll
    case expandToDepth(Int)
    case parent, nextSibling, previousSibling
    /// Back to where the last followed reference was (a pbxproj object id's Enter).
    case jumpBack
    /// List every color in the file, to jump to one.
    case palette
    case search, nextMatch, previousMatch
    /// A search whose first match is the one before the selection (and `n` goes up).
    case searchBackward
    /// Search for the selected key (or an item's value), forward or backward (`*`, `#`).
    case searchSelection(forward: Bool)
    /// The selected value in full, over the tree.
    case viewValue
    /// The selected string in the multi-line editor.
    case editText
    /// Scroll the detail pane without leaving the tree.
    case scrollDetailDown, scrollDetailUp
    /// Line mode: the file's line on every row.
    case toggleLineNumbers
    /// A keyed archive: its object graph, or its storage.
    case toggleArchive
    /// Paste the register after the selection, or into the selected container.
    case pasteAfter, pasteInto
    case copyPath, copyKey, copyValue
    case toggleDetail, toggleSchema, switchPane
    case help
    /// The recent messages in full.
    case messages
    // Editing
    /// Edit the selected value with the editor its type calls for.
    case edit
    case rename
    /// Add a field, entry or item to the selected container.
    case addInside
    /// Add a sibling after the selection.
    case addAfter
    case delete
    case duplicate
    case moveItemUp, moveItemDown
    /// Change a protocol value's conformer, or the type of an untyped value.
    case changeType
    case undo, redo
    /// Pick or unpick the selected row for an edit on many (`m`).
    case togglePick
    /// Visual mode: pick the rows from here to where it ends (`V`).
    case visualMode
    /// Pick every match of the search (`&`).
    case pickMatches
    /// Pick every value like the selected one: its type, or its key and kind (`%`).
    case pickSameKind
    /// Let go of what is picked (Esc).
    case clearPicks
    case save
    case showChanges
    /// The `:` command line (`:w`, `:q`, …).
    case commandLine
    case redraw
    case suspend
    case quit
}
