import TerminalCore

/// The one table that both dispatches keys and writes the help screen, so the help can never
/// disagree with what the keys do (Bubble Tea's key bindings carry their help the same way).
public struct KeyMap: Sendable {
    public struct Binding: Sendable {
        /// Each alternative is a key sequence: `[.character("y"), .character("p")]` is `yp`.
        public var sequences: [[Key]]
        public var action: Action
        public var help: String
        /// The section of the help screen.
        public var group: String
        /// Shown instead of the key names when a binding stands for a family (`1`–`9`).
        public var displayKeys: String?

        /// `j/↓`, `yp`, `Ctrl-D`.
        public var keysText: String {
            displayKeys ?? sequences.map { $0.map(\.name).joined() }.joined(separator: "/")
        }
    }

    public let bindings: [Binding]

    /// The browser's keys.
    public static let browser = KeyMap(bindings: {
        func c(_ s: Character) -> [Key] { [.character(s)] }
        var b: [Binding] = [
            Binding(sequences: [c("j"), [.down]], action: .moveDown, help: "next row", group: "Move"),
            Binding(sequences: [c("k"), [.up]], action: .moveUp, help: "previous row", group: "Move"),
            Binding(sequences: [[.control("d")]], action: .halfPageDown, help: "half a page down", group: "Move"),
            Binding(sequences: [[.control("u")]], action: .halfPageUp, help: "half a page up", group: "Move"),
            Binding(sequences: [[.pageDown], [.control("f")], c(" ")], action: .pageDown, help: "page down", group: "Move"),
            Binding(sequences: [[.pageUp], [.control("b")]], action: .pageUp, help: "page up", group: "Move"),
            Binding(sequences: [c("g"), [.home]], action: .top, help: "first row", group: "Move"),
            Binding(sequences: [c("G"), [.end]], action: .bottom, help: "last row", group: "Move"),
            Binding(sequences: [c("p")], action: .parent, help: "parent", group: "Move"),
            Binding(sequences: [c("J")], action: .nextSibling, help: "next sibling", group: "Move"),
            Binding(sequences: [c("K")], action: .previousSibling, help: "previous sibling", group: "Move"),
            Binding(sequences: [c("l"), [.right]], action: .expandOrEnter, help: "expand, or go to the first child", group: "Expand"),
            Binding(sequences: [c("h"), [.left]], action: .collapseOrLeave, help: "collapse, or go to the parent", group: "Expand"),
            Binding(sequences: [[.enter]], action: .toggle, help: "expand or collapse", group: "Expand"),
            Binding(sequences: [c("e"), c("*")], action: .expandAll, help: "expand all", group: "Expand"),
            Binding(sequences: [c("c"), c("-")], action: .collapseAll, help: "collapse all", group: "Expand"),
        ]
        for depth in 1...9 {
            b.append(Binding(sequences: [c(Character(String(depth)))], action: .expandToDepth(depth), help: "expand to that depth", group: "Expand", displayKeys: "1–9"))
        }
        b += [
            Binding(sequences: [c("/")], action: .search, help: "search keys and values", group: "Search"),
            Binding(sequences: [c("n")], action: .nextMatch, help: "next match", group: "Search"),
            Binding(sequences: [c("N")], action: .previousMatch, help: "previous match", group: "Search"),
            Binding(sequences: [[.character("y"), .character("y")], [.character("y"), .character("p")]], action: .copyPath, help: "copy the key path", group: "Copy"),
            Binding(sequences: [[.character("y"), .character("k")]], action: .copyKey, help: "copy the key", group: "Copy"),
            Binding(sequences: [[.character("y"), .character("v")]], action: .copyValue, help: "copy the value", group: "Copy"),
            Binding(sequences: [c("i"), [.function(2)]], action: .edit, help: "edit the value (color, case, text…)", group: "Edit"),
            Binding(sequences: [c("r")], action: .rename, help: "rename the key", group: "Edit"),
            Binding(sequences: [c("a")], action: .addInside, help: "add a field, entry or item inside", group: "Edit"),
            Binding(sequences: [c("o")], action: .addAfter, help: "add a sibling after the selection", group: "Edit"),
            Binding(sequences: [c("x"), [.delete]], action: .delete, help: "delete (asks first for a subtree)", group: "Edit"),
            Binding(sequences: [c("D")], action: .duplicate, help: "duplicate", group: "Edit"),
            Binding(sequences: [c("["), [.alt("k")]], action: .moveItemUp, help: "move up among its siblings", group: "Edit"),
            Binding(sequences: [c("]"), [.alt("j")]], action: .moveItemDown, help: "move down among its siblings", group: "Edit"),
            Binding(sequences: [c("t")], action: .changeType, help: "change the conformer or untyped type", group: "Edit"),
            Binding(sequences: [c("u")], action: .undo, help: "undo", group: "Edit"),
            Binding(sequences: [[.control("r")]], action: .redo, help: "redo", group: "Edit"),
            Binding(sequences: [c("=")], action: .showChanges, help: "show the pending changes (diff)", group: "File"),
            Binding(sequences: [[.control("s")]], action: .save, help: "save", group: "File"),
            Binding(sequences: [c(":")], action: .commandLine, help: "commands: :w [FILE [FORMAT]] :q :q! :wq :e!", group: "File"),
            Binding(sequences: [c("d")], action: .toggleDetail, help: "show or hide the detail pane", group: "Panes"),
            Binding(sequences: [c("s")], action: .toggleSchema, help: "show or hide the schema pane", group: "Panes"),
            Binding(sequences: [[.tab]], action: .switchPane, help: "move between the tree and the schema pane", group: "Panes"),
            Binding(sequences: [c("?"), [.function(1)]], action: .help, help: "this help", group: "Panes"),
            Binding(sequences: [[.control("l")]], action: .redraw, help: "redraw the screen", group: "Other"),
            Binding(sequences: [[.control("z")]], action: .suspend, help: "suspend (fg to resume)", group: "Other"),
            Binding(sequences: [c("q"), [.control("c")]], action: .quit, help: "quit", group: "Other"),
        ]
        return b
    }())

    /// What a key sequence typed so far means: an action, a prefix of longer sequences (wait
    /// for the next key), or nothing.
    public enum Match: Equatable {
        case action(Action)
        case prefix
        case none
    }

    public func match(_ typed: [Key]) -> Match {
        var isPrefix = false
        for binding in bindings {
            for sequence in binding.sequences {
                if sequence == typed { return .action(binding.action) }
                if sequence.count > typed.count, Array(sequence.prefix(typed.count)) == typed { isPrefix = true }
            }
        }
        return isPrefix ? .prefix : .none
    }

    /// The help screen's lines, by group, one per binding (families shown once).
    public var helpSections: [(group: String, entries: [(keys: String, help: String)])] {
        var sections: [(group: String, entries: [(keys: String, help: String)])] = []
        for binding in bindings {
            let entry = (binding.keysText, binding.help)
            if let i = sections.firstIndex(where: { $0.group == binding.group }) {
                if !sections[i].entries.contains(where: { $0.keys == entry.0 }) { sections[i].entries.append(entry) }
            } else {
                sections.append((binding.group, [entry]))
            }
        }
        return sections
    }
}
