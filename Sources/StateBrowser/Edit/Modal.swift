/// What has the keyboard instead of the tree while an edit is being made: a value or key
/// being typed, a list to pick from, the color picker, a question, the pending changes, or
/// the `:` command line. At most one at a time; Esc leaves any of them without a change.
public enum Modal: Sendable, Equatable {
    case edit(ValueEditor)
    case choice(ChoiceList)
    case color(ColorPicker)
    case confirm(Confirmation)
    case changes(ChangesView)
    case command(TextField)

    /// The mode name in the status bar.
    var modeName: String {
        switch self {
        case .edit, .color, .choice: "EDIT"
        case .confirm: "ASK"
        case .changes: "DIFF"
        case .command: "COMMAND"
        }
    }
}
