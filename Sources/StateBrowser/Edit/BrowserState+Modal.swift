import State
import StateDocument
import TerminalCore

/// Keys while a modal has the keyboard.
extension BrowserState {
    mutating func modalKey(_ key: Key) -> [Effect] {
        guard let current = modal else { return [] }
        switch current {
        case .edit(var editor):
            switch editor.field.handle(key) {
            case .editing:
                modal = .edit(editor)
            case .cancelled:
                modal = nil
                message = Message(text: "Not changed", isError: false)
            case .submitted(let text):
                if let refusal = submit(text, editor.target) {
                    editor.error = refusal
                    modal = .edit(editor)
                    message = Message(text: refusal, isError: true)
                } else if case .edit(let still)? = modal, still == editor {
                    modal = nil
                }
                if case .saveAs = editor.target, modal == nil { return saveAs(text) }
            }
        case .choice(var list):
            let page = max(1, min(list.items.count, height - 6))
            switch key {
            case .down, .character("j"), .tab: list.selection = min(list.items.count - 1, list.selection + 1)
            case .up, .character("k"), .backTab: list.selection = max(0, list.selection - 1)
            case .pageDown, .control("d"): list.selection = min(list.items.count - 1, list.selection + page)
            case .pageUp, .control("u"): list.selection = max(0, list.selection - page)
            case .home, .character("g"): list.selection = 0
            case .end, .character("G"): list.selection = list.items.count - 1
            case .enter, .character("l"), .right:
                return perform(list.items[list.selection].action)
            case .escape, .character("q"), .character("h"), .left, .control("c"), .control("g"):
                modal = nil
                return []
            case .character(let c):
                // The first entry after the selection starting with the letter typed.
                let lower = String(c).lowercased()
                let order = Array(list.items.indices[(list.selection + 1)...]) + Array(list.items.indices[...list.selection])
                if let hit = order.first(where: { list.items[$0].label.lowercased().hasPrefix(lower) }) { list.selection = hit }
            default: break
            }
            if list.selection < list.scroll { list.scroll = list.selection }
            if list.selection >= list.scroll + page { list.scroll = list.selection - page + 1 }
            modal = .choice(list)
        case .color(var picker):
            switch picker.handle(key) {
            case .editing:
                modal = .color(picker)
                if let error = picker.error { message = Message(text: error, isError: true) }
            case .cancel:
                modal = nil
                message = Message(text: "Color not changed", isError: false)
            case .apply(let color):
                modal = nil
                applyColor(color, at: picker.path, was: picker.original)
            }
        case .confirm(let confirmation):
            return perform(confirmation.action(for: key))
        case .changes(var view):
            let page = max(1, height - 4)
            let last = max(0, view.diff.lines.count - page)
            switch key {
            case .down, .character("j"), .enter: view.scroll = min(last, view.scroll + 1)
            case .up, .character("k"): view.scroll = max(0, view.scroll - 1)
            case .pageDown, .character(" "), .control("d"), .control("f"): view.scroll = min(last, view.scroll + page)
            case .pageUp, .control("u"), .control("b"): view.scroll = max(0, view.scroll - page)
            case .home, .character("g"): view.scroll = 0
            case .end, .character("G"): view.scroll = last
            case .control("s"):
                modal = nil
                return [.save(overwrite: false)]
            default:
                modal = nil
                return []
            }
            modal = .changes(view)
        case .command(var field):
            switch field.handle(key) {
            case .editing: modal = .command(field)
            case .cancelled: modal = nil
            case .submitted(let text):
                modal = nil
                return runCommand(text)
            }
        }
        return []
    }

    /// Takes what a value editor's Enter gave; returns why it is refused, or nil.
    private mutating func submit(_ text: String, _ target: ValueEditor.Target) -> String? {
        switch target {
        case .value(let path, let kind, let scalar):
            return submitValue(text, path: path, kind: kind, scalar: scalar)
        case .key(let path):
            let newPath = path.dropLast().appending(.key(text))
            guard document.tree.index(at: newPath) == nil || newPath == path else { return "\(path.dropLast().description.isEmpty ? "The root" : path.dropLast().description) already has a key “\(text)”" }
            modal = nil
            commit([.rename(path, to: text)], select: newPath, message: "Renamed to \(text)")
        case .newKey(let container, let value, let at):
            let newPath = container.appending(.key(text))
            guard document.tree.index(at: newPath) == nil else { return "\(container.description.isEmpty ? "The root" : container.description) already has a key “\(text)”" }
            modal = nil
            let ops: [EditOperation] = [.insert(into: container, key: text, at: at, value: value)]
            if value.isContainer || value.isBool {
                commit(ops, select: newPath, message: "Added \(newPath)")
            } else {
                perform(.editThenEditValue(ops, select: newPath, message: "Added \(newPath)"))
            }
        case .duplicateKey(let path):
            let newPath = path.dropLast().appending(.key(text))
            guard document.tree.index(at: newPath) == nil else { return "There is already a key “\(text)” here" }
            modal = nil
            commit([.duplicate(path, key: text)], select: newPath, message: "Duplicated as \(newPath)")
        case .saveAs:
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return "A file name, please (Esc cancels)" }
        }
        return nil
    }

    /// A color from the picker, written channel by channel in the file's number style.
    mutating func applyColor(_ color: RGBAColor, at path: PlistPath, was original: RGBAColor) {
        guard color != original else {
            message = Message(text: "Color not changed", isError: false)
            return
        }
        guard let node = document.tree.index(at: path) else { return }
        do {
            let ops = try ColorEdit.operations(color, at: path, node: node, in: document.tree)
            guard !ops.isEmpty else {
                message = Message(text: "Color not changed", isError: false)
                return
            }
            commit(ops, select: path, message: "Set \(path) to \(color.hex)")
        } catch {
            message = Message(text: "\(error)", isError: true)
        }
    }

    // MARK: - The command line

    /// `:w`, `:w!`, `:w FILE [xml|binary|json]`, `:q`, `:q!`, `:wq`, `:x`, `:e!`, `:diff`.
    mutating func runCommand(_ text: String) -> [Effect] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = words.first else { return [] }
        let rest = Array(words.dropFirst())
        switch command {
        case "w", "write", "w!":
            if rest.isEmpty {
                guard isDirty || command == "w!" else {
                    message = Message(text: "No changes to save", isError: false)
                    return []
                }
                return [.save(overwrite: command == "w!")]
            }
            return saveAs(rest.joined(separator: " "))
        case "saveas":
            guard !rest.isEmpty else {
                modal = .edit(ValueEditor(document.fileName, target: .saveAs, label: "save as (FILE [xml|binary|json])"))
                return []
            }
            return saveAs(rest.joined(separator: " "))
        case "q", "quit": return quit()
        case "q!", "quit!": return [.quit]
        case "wq", "x":
            if command == "x", !isDirty { return [.quit] }
            return [.save(overwrite: false), .quit]
        case "e!", "reload": return [.reload]
        case "diff", "changes":
            showChanges()
            return []
        case "u", "undo":
            undo()
            return []
        case "redo":
            redo()
            return []
        default:
            message = Message(text: ":\(text) is not a command (:w, :w FILE [xml|binary|json], :q, :q!, :wq, :e!, :diff)", isError: true)
            return []
        }
    }

    /// `FILE [xml|binary|json]`: the format named, else the one the extension says, else the
    /// document's own.
    mutating func saveAs(_ argument: String) -> [Effect] {
        var words = argument.split(separator: " ").map(String.init)
        var format = document.tree.format
        if words.count > 1, let named = PlistFormat(name: words.last!) {
            format = named
            words.removeLast()
        } else if let last = words.last {
            if last.lowercased().hasSuffix(".json") { format = .json }
        }
        let path = words.joined(separator: " ")
        guard !path.isEmpty else {
            message = Message(text: "Save as what? :w FILE [xml|binary|json]", isError: true)
            return []
        }
        return [.saveAs(path: path, format: format)]
    }
}

extension PlistFormat {
    /// `xml`, `binary` (or `bplist`), `json`.
    init?(name: String) {
        switch name.lowercased() {
        case "xml", "xml1": self = .xml
        case "binary", "binary1", "bplist": self = .binary
        case "json": self = .json
        default: return nil
        }
    }
}
