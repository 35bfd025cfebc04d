import State
import StateDocument
import StateSchema

/// A one-line editor for a scalar value or a key, shown in the path bar: the text, what it
/// edits, and the message of the last refused entry (the editor stays open until the text is
/// acceptable or the edit is cancelled).
package struct ValueEditor: Sendable, Equatable {
    package enum Target: Sendable, Equatable {
        /// The value at the path, read as `kind`, checked against the schema's `scalar`.
        case value(PlistPath, ValueEntry.Kind, scalar: FieldType.Scalar?)
        /// The key of the dictionary member at the path.
        case key(PlistPath)
        /// The key of a new member of the dictionary at the path, whose value is `value`.
        case newKey(container: PlistPath, value: PlistValue, at: Int?)
        /// The key of a pasted member of the dictionary at the path (its own key is taken there).
        case pasteKey(container: PlistPath, value: PlistValue, at: Int?)
        /// The key of the copy of the dictionary member at the path.
        case duplicateKey(PlistPath)
        /// A file name to save to (`:w NAME` without a name asks for one).
        case saveAs
    }

    package var field: TextField
    package var target: Target
    /// What the prompt says before the text: `red (Double):`, `rename tags:`.
    package var label: String
    /// Why the last Enter was refused.
    package var error: String?
    /// Shown dimmed while the text is empty, and taken by Enter then (a new key's suggestion).
    package var placeholder: String?
    /// Esc takes back the edit just made (the entry `a` added, whose value this asks for), so
    /// a cancelled add leaves nothing behind.
    package var cancelUndoes = false

    package init(_ text: String, target: Target, label: String, placeholder: String? = nil) {
        field = TextField(text)
        self.target = target
        self.label = label
        self.placeholder = placeholder
    }

    /// What Enter submits: the text, or the placeholder when nothing was typed.
    func submission(_ text: String) -> String {
        text.isEmpty ? (placeholder ?? text) : text
    }
}
