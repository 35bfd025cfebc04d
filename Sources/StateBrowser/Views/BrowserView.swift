import TerminalCore

/// Draws the whole browser for a state into a fresh frame. Stateless: everything it shows is
/// in `BrowserState`.
package enum BrowserView {
    package static func render(_ state: BrowserState) -> ScreenBuffer {
        var screen = ScreenBuffer(width: state.width, height: state.height)
        let layout = state.layout
        if layout.isTooSmall {
            screen.fill(layout.screen, style: state.theme[.text])
            let text = "Too small: \(BrowserLayout.minimumSize.width)×\(BrowserLayout.minimumSize.height) at least"
            screen.put(TextWidth.truncated(text, to: state.width), x: 0, y: state.height / 2, style: state.theme[.errorMessage])
            return screen
        }
        TreeView.render(state, into: &screen, in: layout.tree)
        if let side = layout.sidePane {
            switch state.side.open {
            case .detail?: DetailView.render(state, into: &screen, in: side)
            case .schema?: SchemaView.render(state, into: &screen, in: side)
            case nil: break
            }
        }
        StatusBar.renderPathBar(state, into: &screen, in: layout.pathBar)
        StatusBar.render(state, into: &screen, in: layout.statusBar)
        switch state.modal {
        case .choice(let list)?: ChoiceView.render(list, state: state, into: &screen, in: layout.main)
        case .color(let picker)?: ColorPickerView.render(picker, state: state, into: &screen, in: layout.main)
        case .changes(let view)?: PendingChangesView.render(view, state: state, into: &screen, in: layout.main)
        case .help(let help)?: HelpView.render(help, state: state, into: &screen, in: layout.screen)
        case .messages(let log)?: MessageLogView.render(log, state: state, into: &screen, in: layout.main)
        case .value(let view)?: ValuePagerView.render(view, state: state, into: &screen, in: layout.main)
        case .text(let editor)?: TextEditorView.render(editor, state: state, into: &screen, in: layout.main)
        case .edit?, .confirm?, .command?, nil: break
        }
        return screen
    }
}
