import State
import StateDocument
import StateSchema
import TerminalCore

/// Reading long values and pointing: the detail pane's scroll, the value view, the text
/// editor, line mode, the mouse and pasted text.
extension BrowserState {
    // MARK: - The detail pane

    /// The detail pane's inside, when it shows.
    var detailRect: Rect? {
        guard side.open == .detail, let pane = layout.sidePane else { return nil }
        return Box.inside(pane)
    }

    /// Scrolls the detail pane by `lines` (stopping at its last page).
    mutating func scrollDetail(by lines: Int) {
        guard let rect = detailRect else {
            message = StatusMessage(text: "The detail pane is hidden (d shows it)", isError: true)
            return
        }
        let total = DetailView.lines(self, width: rect.width, upTo: detailOffset + max(lines, 0) + rect.height + 1).count
        side.scrollDetail(of: selectedNode, by: lines, lineCount: total, height: rect.height)
    }

    /// Keys while the detail pane has the focus: they scroll it.
    mutating func runInDetailPane(_ action: BrowserAction) -> [Effect]? {
        let page = max(1, (detailRect?.height ?? 1) - 1)
        switch action {
        case .moveDown: scrollDetail(by: 1)
        case .moveUp: scrollDetail(by: -1)
        case .pageDown, .halfPageDown: scrollDetail(by: action == .pageDown ? page : max(1, page / 2))
        case .pageUp, .halfPageUp: scrollDetail(by: action == .pageUp ? -page : -max(1, page / 2))
        case .top: side.detailScroll = DetailScroll(node: selectedNode, offset: 0)
        case .bottom: scrollDetail(by: 1_000_000)
        default: return nil
        }
        return []
    }

    // MARK: - The value in full

    /// `v`: the selected value in full, over the tree.
    mutating func openValueView() {
        let node = selectedNode
        let tree = document.tree
        guard !tree[node].kind.isContainer else {
            message = StatusMessage(
                text: "v shows a value in full; this is a \(tree[node].kind == .array ? "array" : "dictionary") (Enter expands it, yv copies it)", isError: true)
            return
        }
        let path = document.path(of: node).description
        let text = tree.scalarText(at: node)
        let kind = ValueEntry.kind(of: node, in: tree)
        modal = .value(
            ValueView(
                title: "\(path.isEmpty ? "(root)" : path) (\(kind.displayName), \(text.count) characters)", text: text, width: Box.inside(layout.main).width,
                isEditable: tree[node].kind == .string))
    }

    /// Whether Enter on a scalar shows it in full: a string longer than its row can show, or
    /// one with line breaks.
    func isLongText(_ node: Int) -> Bool {
        let tree = document.tree
        guard tree[node].kind == .string else { return false }
        let text = tree.scalarText(at: node)
        return text.contains { VisibleText.endsLine($0) } || TextWidth.of(text) > max(20, layout.tree.width / 2)
    }

    /// `E`, or `i` on a string with line breaks or a long one: the multi-line editor.
    mutating func beginTextEdit(_ node: Int) -> [Effect] {
        let tree = document.tree
        guard tree[node].kind == .string, document.parent(of: node) != nil else {
            message = StatusMessage(text: "E edits a string's text in full; this is not a string (i edits it)", isError: true)
            return []
        }
        switch editingRole(of: node) {
        case .color?, .enumValue?, .conformer?, .typeTag?:
            // These have their own editors.
            return beginEdit(node)
        default:
            break
        }
        var scalar: FieldType.Scalar?
        if case .value(.scalar(let s))? = editingRole(of: node) { scalar = s }
        let path = document.path(of: node)
        let typeName = scalar?.rawValue ?? "String"
        var editor = TextEditor(tree.scalarText(at: node), target: .value(path, .string, scalar: scalar), label: "\(document.label(of: node) ?? "") (\(typeName))")
        editor.area.scrollToCursor(page: textEditorRows)
        modal = .text(editor)
        return []
    }

    /// Lines of text the multi-line editor shows.
    var textEditorRows: Int { max(1, Box.inside(layout.main).height - 1) }

    /// Keys in the multi-line editor.
    mutating func textEditorKey(_ key: Key, _ editor: TextEditor) -> [Effect] {
        var editor = editor
        switch editor.area.handle(key, page: textEditorRows) {
        case .editing:
            editor.error = nil
            modal = .text(editor)
        case .cancelled:
            return cancelEdit(undoing: editor.cancelUndoes)
        case .submitted(let text):
            guard case .value(let path, let kind, let scalar) = editor.target else {
                modal = nil
                return []
            }
            switch submitValue(text, path: path, kind: kind, scalar: scalar) {
            case .refused(let why):
                editor.error = why
                modal = .text(editor)
                message = StatusMessage(text: why, isError: true)
            case .done(let effects):
                if case .text? = modal { modal = nil }
                return effects
            }
        }
        return []
    }

    // MARK: - Line mode

    /// `L`, `:set number`: each row shows the line of the file where it starts.
    mutating func setLineNumbers(_ on: Bool) {
        guard !on || document.tree.format != .binary else {
            message = StatusMessage(text: "A binary property list has no lines", isError: true)
            return
        }
        lineMode.isOn = on
        message = StatusMessage(text: on ? "Line numbers on (L turns them off)" : "Line numbers off", isError: false)
    }

    /// Builds the line index for the current document while line mode is on (once per edit),
    /// or asks for it to be built in the background.
    mutating func refreshLineIndex() -> [Effect] {
        lineMode.refresh(for: document) ? [.indexLines(generation: document.generation)] : []
    }

    // MARK: - The mouse

    mutating func mouse(_ event: MouseEvent) -> [Effect] {
        if let modal { return mouseOverModal(event, modal) }
        guard search.prompt == nil else { return [] }
        let layout = layout
        let wheel = event.kind == .wheelUp ? -3 : event.kind == .wheelDown ? 3 : 0
        if layout.tree.contains(x: event.x, y: event.y) {
            if wheel != 0 {
                // The view scrolls; the selection stays on its row while it is on screen.
                treePane.rows.scrollKeepingSelection(by: wheel, page: layout.treeRows)
                return []
            }
            guard event.kind == .press else { return [] }
            focus = .tree
            let row = treePane.rows.scroll + (event.y - layout.tree.y)
            guard row < treePane.outline.count else { return [] }
            treePane.rows.select(row, page: layout.treeRows)
            let node = treePane.outline[row]
            let marker = TreeView.markerX(of: node, state: self, in: layout.tree)
            if event.clickCount == 2 || (event.x >= marker && event.x < marker + 2) {
                if treePane.outline.isExpandable(node) {
                    return run(.toggle)
                }
                if event.clickCount == 2 {
                    // A double click on a value opens what Enter or i would.
                    return isLongText(node) ? run(.viewValue) : run(.edit)
                }
            }
            return []
        }
        if let pane = layout.sidePane, pane.contains(x: event.x, y: event.y) {
            switch side.open {
            case .detail?:
                if wheel != 0 { scrollDetail(by: wheel) }
            case .schema?:
                if wheel != 0 {
                    side.schemaRows.scrollKeepingSelection(by: wheel, page: layout.schemaRows)
                } else if event.kind == .press {
                    focus = .side
                    let row = side.schemaRows.scroll + (event.y - Box.inside(pane).y)
                    if row >= 0, row < side.schemaRows.count { side.schemaRows.select(row, page: layout.schemaRows) }
                }
            case nil:
                break
            }
        }
        return []
    }

    /// The wheel scrolls a pager or moves a list; clicks outside a modal do nothing.
    private mutating func mouseOverModal(_ event: MouseEvent, _ modal: Modal) -> [Effect] {
        let key: Key
        switch event.kind {
        case .wheelUp: key = .up
        case .wheelDown: key = .down
        case .press, .release: return []
        }
        switch modal {
        case .value, .messages, .changes, .help:
            var effects: [Effect] = []
            for _ in 0..<3 { effects += modalKey(key) }
            return effects
        case .choice:
            return modalKey(key)
        case .text(let editor):
            return textEditorKey(key, editor)
        case .edit, .color, .confirm, .command:
            return []
        }
    }

    // MARK: - Pasted text

    /// Pasted text for a one-line field (a search, a key, a number): line breaks and tabs
    /// become spaces and other controls are left out — the field cannot show them, and an
    /// escape must never reach the terminal.
    static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                out.append(" ")
            } else if !VisibleText.isControl(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text the terminal pasted: typed into an open editor or prompt, or — in the tree — read
    /// as a value (JSON or a property list) and pasted after the selection.
    mutating func paste(_ text: String) -> [Effect] {
        if search.paste(Self.oneLine(text)) { return [] }
        switch modal {
        case .edit(var editor)?:
            if text.unicodeScalars.contains(where: VisibleText.isControl), case .value(_, .string, _) = editor.target {
                // A line break makes it a multi-line text: the editor grows to hold it.
                var grown = TextEditor(from: editor, pasting: text, page: textEditorRows)
                grown.area.scrollToCursor(page: textEditorRows)
                modal = .text(grown)
                message = StatusMessage(text: "Pasted \(text.count) characters with line breaks or controls: the text editor shows them; Ctrl-S accepts", isError: false)
                return []
            }
            editor.field.insert(Self.oneLine(text))
            modal = .edit(editor)
        case .text(var editor)?:
            editor.area.insert(text, page: textEditorRows)
            modal = .text(editor)
        case .command(var field)?:
            field.insert(Self.oneLine(text))
            modal = .command(field)
        case nil:
            return pasteText(text)
        default:
            message = StatusMessage(text: "Nothing here takes pasted text", isError: true)
        }
        return []
    }
}
