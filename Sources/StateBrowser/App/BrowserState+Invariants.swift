import State

extension BrowserState {
    /// What is wrong with this state, checked the slow way (empty when it is sound). The
    /// randomized update test calls it after every message: the lists' selections are inside
    /// their lists, the rows are the outline's, the document is the session's, and each
    /// modal's own state holds together.
    ///
    /// `checkingDocument: false` skips the checks of the document's own structure (the span
    /// tree, the session), which only an edit, undo, redo, save or reload can change: a
    /// randomized run checks them after those steps and the rest after every step.
    package func invariantViolations(checkingDocument: Bool = true) -> [String] {
        var problems: [String] = []
        problems += treePane.invariantViolations(of: document.tree)
        problems += side.invariantViolations()
        problems += workspace.invariantViolations(checkingFiles: checkingDocument)
        if checkingDocument {
            if search.pending == nil, let found = search.current, found.matches != Self.matches(of: found.query, in: document) {
                // Matches kept across an edit (only the edited values matched again) are what
                // a new search finds.
                problems.append("search: \(found.matches.count) matches kept, a new search finds \(Self.matches(of: found.query, in: document).count)")
            }
            if !document.isCheckPending, case .schema = document.checker {
                // Roles and diagnostics kept across edits (only the edited values checked
                // again, which a schema allows) are what a whole check of the tree finds.
                let whole = document.checker.check(document.tree)
                if let node = (0..<document.nodeCount).first(where: { whole.role(of: $0) != document.typed.role(of: $0) }) {
                    problems.append("check: node \(node) has role \(document.typed.role(of: node)?.label ?? "none"), a whole check says \(whole.role(of: node)?.label ?? "none")")
                }
                if whole.diagnostics.map(\.description).sorted() != document.typed.diagnostics.map(\.description).sorted() {
                    problems.append("check: diagnostics differ from a whole check's")
                }
            }
        }
        problems += messages.invariantViolations()
        problems += marks.invariantViolations()
        problems += picked.invariantViolations(in: document, thorough: checkingDocument)
        if focus == .side, side.open == nil { problems.append("focus: on the side pane, which is closed") }
        problems += search.invariantViolations(nodeCount: document.nodeCount, generation: document.generation)
        problems += lineMode.invariantViolations(for: document)
        switch modal {
        case .choice(let list)?:
            problems += list.list.invariantViolations("pick list")
            if list.list.count != list.items.count { problems.append("pick list: \(list.list.count) rows for \(list.items.count) entries") }
        case .help(let help)?:
            problems += help.list.invariantViolations("help")
            if help.list.count != help.lines.count { problems.append("help: \(help.list.count) rows for \(help.lines.count) lines") }
        case .changes(let changes)?:
            problems += changes.list.invariantViolations("diff")
            if changes.list.count != changes.diff.lines.count { problems.append("diff: \(changes.list.count) rows for \(changes.diff.lines.count) lines") }
        case .edit(let editor)?:
            if !editor.field.isSound { problems.append("editor: cursor outside its text") }
        case .command(let field)?:
            if !field.isSound { problems.append("command line: cursor outside its text") }
        case .color(let picker)?:
            let c = picker.color
            if ![c.red, c.green, c.blue, c.alpha].allSatisfy({ (0...1).contains($0) }) { problems.append("color picker: a channel outside 0…1") }
        case .messages(let log)?:
            problems += log.list.invariantViolations("message log")
            if log.list.count != log.lines.count { problems.append("message log: \(log.list.count) rows for \(log.lines.count) lines") }
        case .text(let editor)?:
            if !editor.area.isSound { problems.append("text editor: cursor or scroll outside its text") }
        case .value(let view)?:
            problems += view.list.invariantViolations("value view")
            if view.list.count != view.lines.count { problems.append("value view: \(view.list.count) rows for \(view.lines.count) lines") }
        case .confirm?, nil:
            break
        }
        return problems
    }
}
