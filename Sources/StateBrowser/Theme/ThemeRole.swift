/// What a piece of the screen *means*. Views ask the theme for a role's style and never name a
/// color, so a theme file is all it takes to restyle the browser (as in tig's color config).
package enum ThemeRole: String, CaseIterable, Sendable {
    /// Anything without a more specific role, and the background of the panes.
    case text
    case selection
    /// A dictionary key in the tree.
    case key
    /// An array index in the tree.
    case index
    /// A model type name.
    case typeName
    /// A protocol value's concrete conformer (`ColorAsset : Asset`).
    case conformer
    case enumCase
    case string
    case number
    case bool
    case date
    case data
    case null
    /// Collection counts and the expand/collapse markers.
    case count
    /// Roles guessed without a schema.
    case inferred
    case diagnosticError
    case diagnosticWarning
    case searchMatch
    case border
    case title
    case label
    case statusBar
    case statusAccent
    case path
    case message
    case errorMessage
    case helpKey
    /// Lines a save would add, in the pending-changes view.
    case added
    /// Lines a save would remove.
    case removed
}
