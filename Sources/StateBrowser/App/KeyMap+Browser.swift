import TerminalCore

extension KeyMap where Action == BrowserAction {
    /// The browser's keys while no modal has the keyboard.
    package static var browser: KeyMap {
        func c(_ s: Character) -> [Key] { [.character(s)] }
        typealias B = Binding
        var b: [B] = [
            B([c("j"), [.down]], .moveDown, "next row", group: "Move"),
            B([c("k"), [.up]], .moveUp, "previous row", group: "Move"),
            B([[.control("d")]], .halfPageDown, "half a page down", group: "Move"),
            B([[.control("u")]], .halfPageUp, "half a page up", group: "Move"),
            B([[.pageDown], [.control("f")], c(" ")], .pageDown, "page down", group: "Move"),
            B([[.pageUp], [.control("b")]], .pageUp, "page up", group: "Move"),
            B([c("g"), [.home]], .top, "first row", group: "Move"),
            B([c("G"), [.end]], .bottom, "last row", group: "Move"),
            B([c("p")], .parent, "parent", group: "Move"),
            B([c("J")], .nextSibling, "next sibling", group: "Move"),
            B([c("K")], .previousSibling, "previous sibling", group: "Move"),
            B([[.control("o")]], .jumpBack, "back to where Enter followed a reference", group: "Move"),
            B([c("l"), [.right]], .expandOrEnter, "expand, or go to the first child", group: "Expand"),
            B([c("h"), [.left]], .collapseOrLeave, "collapse, or go to the parent", group: "Expand"),
            B([[.enter]], .toggle, "expand/collapse; follow an id or link; long text", group: "Expand"),
            B([c("e")], .expandAll, "expand all", group: "Expand"),
            B([c("c"), c("-")], .collapseAll, "collapse all", group: "Expand"),
        ]
        for depth in 1...9 {
            b.append(B([c(Character(String(depth)))], .expandToDepth(depth), "expand to that depth", group: "Expand", displayKeys: "1–9"))
        }
        b += [
            B([c("/")], .search, "search (\\v regex, k: keys, v: values, =whole)", group: "Search"),
            B([c("\\")], .searchBackward, "search backward (a mirrored /)", group: "Search"),
            B([c("*")], .searchSelection(forward: true), "search for the selected key (an item: its value)", group: "Search"),
            B([c("#")], .searchSelection(forward: false), "the same, backward", group: "Search"),
            B([c("n")], .nextMatch, "next match (in the search's direction)", group: "Search"),
            B([c("N")], .previousMatch, "previous match", group: "Search"),
            B([[.character("y"), .character("y")], [.character("y"), .character("p")]], .copyPath, "copy the key path", group: "Copy"),
            B([[.character("y"), .character("k")]], .copyKey, "copy the key", group: "Copy"),
            B([[.character("y"), .character("v")]], .copyValue, "copy the value (and keep it for P)", group: "Copy"),
            B([c("P")], .pasteAfter, "paste the copied or deleted value after this", group: "Copy"),
            B([c("+")], .pasteInto, "paste it into this container, at its end", group: "Copy"),
            B([c("i"), [.function(2)]], .edit, "edit the value (color, case, text…)", group: "Edit"),
            B([c("E")], .editText, "edit a string in the multi-line editor", group: "Edit"),
            B([c("r")], .rename, "rename the key", group: "Edit"),
            B([c("a")], .addInside, "add a field, entry or item inside", group: "Edit"),
            B([c("o")], .addAfter, "add a sibling after the selection", group: "Edit"),
            B([c("x"), [.delete]], .delete, "delete (asks for a subtree; P pastes it back)", group: "Edit"),
            B([c("D")], .duplicate, "duplicate", group: "Edit"),
            B([c("["), [.alt("k")]], .moveItemUp, "move up among its siblings", group: "Edit"),
            B([c("]"), [.alt("j")]], .moveItemDown, "move down among its siblings", group: "Edit"),
            B([c("t")], .changeType, "change the conformer or untyped type", group: "Edit"),
            B([c("m")], .togglePick, "pick or unpick this row (for :=V :lighten…)", group: "Pick"),
            B([c("V")], .visualMode, "visual mode: pick a range of rows (V ends)", group: "Pick"),
            B([c("&")], .pickMatches, "pick every search match", group: "Pick"),
            B([c("%")], .pickSameKind, "pick every value like this one", group: "Pick"),
            B([[.escape]], .clearPicks, "let go of the picks (and the search)", group: "Pick"),
            B([c("u")], .undo, "undo", group: "Edit"),
            B([[.control("r")]], .redo, "redo", group: "Edit"),
            B([c("=")], .showChanges, "show the pending changes (diff)", group: "File"),
            B([[.control("s")]], .save, "save", group: "File"),
            B(
                [c(":")], .commandLine, "commands: :w :q :wq :e FILE :N :PATH :type T",
                group: "File"),
            B([c("d")], .toggleDetail, "show or hide the detail pane", group: "Panes"),
            B([c("v")], .viewValue, "the value in full (Enter on a long string too)", group: "Panes"),
            B([c("}")], .scrollDetailDown, "scroll the detail pane down", group: "Panes"),
            B([c("{")], .scrollDetailUp, "scroll the detail pane up", group: "Panes"),
            B([c("A")], .toggleArchive, "a keyed archive: object graph ⇄ storage", group: "Panes"),
            B([c("L")], .toggleLineNumbers, "line numbers of the file on every row (:set nu)", group: "Panes"),
            B([c("s")], .toggleSchema, "show or hide the schema pane", group: "Panes"),
            B([[.tab]], .switchPane, "tree ⇄ side pane (j/k then scroll the detail)", group: "Panes"),
            B([c("?"), [.function(1)]], .help, "this help", group: "Panes"),
            B([c("C")], .palette, "every color in the file; Enter goes to one", group: "Panes"),
            B([c("M")], .messages, "the recent messages in full (:messages)", group: "Panes"),
            B([[.control("l")]], .redraw, "redraw the screen", group: "Other"),
            B([[.control("z")]], .suspend, "suspend (fg to resume)", group: "Other"),
            B([c("q"), [.control("c")]], .quit, "quit", group: "Other"),
        ]
        return KeyMap(b)
    }
}
