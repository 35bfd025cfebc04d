/// What has the keyboard instead of the tree: a value or key being typed, a list to pick
/// from, the color picker, a question, the pending changes, the `:` command line, or the help.
/// Each is a child model with its own key table (`TextField.keys`, `ChoiceList.keys`, …). At
/// most one at a time; Esc leaves any of them without a change.
package enum Modal: Sendable, Equatable {
    case edit(ValueEditor)
    /// The multi-line editor for a string.
    case text(TextEditor)
    /// A value read in full.
    case value(ValueView)
    case choice(ChoiceList)
    case color(ColorPicker)
    case confirm(Confirmation)
    case changes(PendingChanges)
    case command(TextField)
    case help(HelpOverlay)
    case messages(MessageLog)

    /// The mode name in the status bar.
    var modeName: String {
        switch self {
        case .edit, .text, .color, .choice: "EDIT"
        case .value: "VIEW"
        case .confirm: "ASK"
        case .changes: "DIFF"
        case .command: "COMMAND"
        case .help: "HELP"
        case .messages: "MESSAGES"
        }
    }
}
