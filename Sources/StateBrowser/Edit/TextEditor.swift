import State
import StateSchema

/// The multi-line editor for a string value, over the tree: the text area, what it edits
/// (the same targets as the one-line `ValueEditor`), and why the last accept was refused.
package struct TextEditor: Sendable, Equatable {
    package var area: TextArea
    package var target: ValueEditor.Target
    /// What the title says: the key and the type.
    package var label: String
    package var error: String?
    /// Esc takes back the entry just added (as in `ValueEditor`).
    package var cancelUndoes = false

    package init(_ text: String, target: ValueEditor.Target, label: String) {
        area = TextArea(text)
        self.target = target
        self.label = label
    }

    /// The editor a one-line editor becomes when a line break is pasted into it: its text so
    /// far, what it edits, then the pasted text at the cursor.
    init(from editor: ValueEditor, pasting text: String, page: Int) {
        let typed = editor.field.text
        let cursor = typed.index(typed.startIndex, offsetBy: editor.field.cursor)
        area = TextArea(String(typed[..<cursor]))
        area.insert(text, page: page)
        let row = area.row
        let column = area.column
        area.insert(String(typed[cursor...]), page: page)
        // Back to just after the paste.
        while area.row > row || area.column > column {
            _ = area.handle(.left, page: page)
        }
        target = editor.target
        label = editor.label
        cancelUndoes = editor.cancelUndoes
    }
}
