import TerminalCore

/// The bottom two lines: the selection's key path (or the search prompt), and the status bar
/// with the file, its format, the schema, the dirty marker, the latest message and the position.
enum StatusBar {
    static func renderPathBar(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let theme = state.theme
        screen.fill(rect, style: theme[.path])
        if let prompt = state.search.prompt {
            renderField(prompt, label: state.search.promptForward ? "/" : "\\", into: &screen, in: rect, theme: theme)
            return
        }
        switch state.modal {
        case .edit(let editor)?:
            renderField(editor.field, label: " \(editor.label): ", placeholder: editor.placeholder, into: &screen, in: rect, theme: theme)
            return
        case .command(let field)?:
            renderField(field, label: ":", into: &screen, in: rect, theme: theme)
            return
        case .confirm(let confirmation)?:
            screen.put(
                " " + TextWidth.truncated(confirmation.text, to: rect.width - 2), x: rect.x, y: rect.y, style: theme[.path].overlaid(with: Style(attributes: .bold)),
                limit: rect.maxX)
            return
        default:
            break
        }
        let path = state.document.path(of: state.selectedNode).description
        screen.put(" " + TextWidth.truncated(path.isEmpty ? "(root)" : path, to: rect.width - 2), x: rect.x, y: rect.y, style: theme[.path], limit: rect.maxX)
    }

    /// A text field after its label, scrolled so the cursor stays in view.
    static func renderField(_ field: TextField, label: String, placeholder: String? = nil, into screen: inout ScreenBuffer, in rect: Rect, theme: Theme) {
        let x = screen.put(TextWidth.truncated(label, to: max(1, rect.width / 2)), x: rect.x, y: rect.y, style: theme[.path].overlaid(with: Style(attributes: .bold)))
        if field.text.isEmpty, let placeholder {
            // A suggestion, dimmed: Enter takes it, typing replaces it.
            screen.put(
                TextWidth.truncated(placeholder + "  (Enter takes it)", to: max(0, rect.maxX - x - 1)), x: x, y: rect.y,
                style: theme[.path].overlaid(with: theme[.label]).overlaid(with: Style(attributes: .dim)), limit: rect.maxX)
            screen.cursor = (x, rect.y)
            return
        }
        let room = rect.maxX - x - 1
        var text = field.text
        var cursor = field.cursorColumn
        while cursor > room, !text.isEmpty {
            cursor -= TextWidth.of(String(text.removeFirst()))
        }
        screen.put(text, x: x, y: rect.y, style: theme[.path], limit: rect.maxX)
        screen.cursor = (x + cursor, rect.y)
    }

    static func render(_ state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let theme = state.theme
        screen.fill(rect, style: theme[.statusBar])
        let document = state.document
        let mode = state.search.prompt != nil ? "SEARCH" : state.modal?.modeName ?? (state.picked.visualAnchor != nil ? "VISUAL" : "BROWSE")
        var x = screen.put(" \(mode) ", x: rect.x, y: rect.y, style: theme[.statusAccent])
        let guessed = document.schemaNote.map { "no schema (guessed; \($0))" } ?? "no schema (guessed)"
        let schema =
            state.archiveGraph != nil
            ? "object graph (A: storage)" : (document.schemaName.map { "schema \($0)" } ?? guessed) + (document.isCheckPending ? " (checking…)" : "")
        // The file's name without its folder: the message beside it needs the room.
        let name = document.fileName.split(separator: "/").last.map(String.init) ?? document.fileName
        let left =
            " \(name)\(state.file?.isReadOnly == true ? " [RO]" : "")\(state.isDirty ? " [+]" : "")  \(state.archiveGraph != nil ? "ARCHIVE" : document.tree.format.rawValue.uppercased())\(document.tree.encoding.isUTF8 ? "" : " \(document.tree.encoding)")  \(schema) "
        let picks = state.picked.isEmpty ? "" : " \(state.picked.count) picked "
        let position = "\(picks) \(state.selection + 1)/\(state.treePane.outline.count)  ?:help "
        let positionWidth = TextWidth.of(position)
        let rightStart = rect.maxX - positionWidth
        x = screen.put(TextWidth.truncated(left, to: max(0, rightStart - x)), x: x, y: rect.y, style: theme[.statusBar], limit: rightStart)
        if let message = state.message {
            let room = rightStart - x - 1
            if room > 3 {
                let text = TextWidth.truncated(message.text, to: room)
                let style = theme[.statusBar].overlaid(with: message.isError ? theme[.errorMessage] : Style(attributes: .bold))
                screen.put(text, x: rightStart - TextWidth.of(text) - 1, y: rect.y, style: style, limit: rightStart)
            }
        }
        if rightStart >= rect.x { screen.put(position, x: rightStart, y: rect.y, style: theme[.statusBar], limit: rect.maxX) }
    }
}
