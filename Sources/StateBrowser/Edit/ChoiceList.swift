import State
import StateDocument

/// A list to pick one entry from (enum cases, conformers, fields to add, value types), with
/// what each entry does already worked out, so picking is only looking it up.
public struct ChoiceList: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var label: String
        /// A second column: a type, a default value.
        public var detail: String
        public var action: ChoiceAction

        public init(_ label: String, detail: String = "", action: ChoiceAction) {
            self.label = label
            self.detail = detail
            self.action = action
        }
    }

    public var title: String
    public var items: [Item]
    public var selection: Int
    public var scroll = 0
    /// A list of one obvious entry (the element type of a typed collection) is not shown: the
    /// entry is picked at once.
    public var picksAlone = false

    public init(title: String, items: [Item], selection: Int = 0) {
        self.title = title
        self.items = items
        self.selection = max(0, min(items.count - 1, selection))
    }
}

/// What picking a list entry or answering a question does.
public enum ChoiceAction: Sendable, Equatable {
    /// Make these edits as one undo step, then select `select`.
    case edit([EditOperation], select: PlistPath?, message: String)
    /// Ask for the key of a new dictionary member holding `value`.
    case askKey(container: PlistPath, value: PlistValue, at: Int?)
    /// Make these edits, then open the value editor on the node at `select`.
    case editThenEditValue([EditOperation], select: PlistPath, message: String)
    /// Save, then quit when it worked.
    case saveAndQuit
    case quit
    /// Save over a file that changed on disk.
    case overwrite
    /// Read the file again, dropping the edits.
    case reload
    case cancel
}
