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
                return cancelEdit(undoing: editor.cancelUndoes)
            case .submitted(let typed):
                let text = editor.submission(typed)
                if case .saveAs = editor.target {
                    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                        return refuse("A file name, please (Esc cancels)", in: editor)
                    }
                    modal = nil
                    return saveAs(text)
                }
                switch submit(text, editor.target) {
                case .refused(let refusal):
                    return refuse(refusal, in: editor)
                case .done(let effects):
                    // The submit may have opened the next modal (the value of a new key).
                    if case .edit(let still)? = modal, still == editor { modal = nil }
                    return effects
                }
            }
        case .text(let editor):
            return textEditorKey(key, editor)
        case .value(var view):
            switch view.update(key, page: max(1, Box.inside(layout.main).height)) {
            case .viewing:
                modal = .value(view)
            case .close:
                modal = nil
            case .edit:
                modal = nil
                return view.isEditable ? beginTextEdit(selectedNode) : beginEdit(selectedNode)
            case .refused(let why):
                modal = .value(view)
                message = StatusMessage(text: why, isError: true)
            }
        case .choice(var list):
            let page = layout.choiceRows(for: list)
            switch list.update(key, page: page) {
            case .editing:
                modal = .choice(list)
            case .pick(let action):
                modal = nil
                return choose(action)
            case .cancel:
                modal = nil
            case .refused(let why):
                modal = .choice(list)
                message = StatusMessage(text: why, isError: true)
            }
        case .color(var picker):
            switch picker.handle(key) {
            case .editing:
                modal = .color(picker)
                if let error = picker.error { message = StatusMessage(text: error, isError: true) }
            case .cancel:
                modal = nil
                message = StatusMessage(text: "Color not changed", isError: false)
            case .apply(let color):
                modal = nil
                return applyColor(color, at: picker.path, was: picker.original)
            }
        case .confirm(let confirmation):
            modal = nil
            return choose(confirmation.action(for: key))
        case .changes(var view):
            switch view.update(key, page: layout.diffRows) {
            case .viewing:
                modal = .changes(view)
            case .save:
                modal = nil
                return runEdit(.save)
            case .apply:
                modal = nil
                guard let edit = view.edit else { return [] }
                return commit(edit.operations, select: edit.select, message: edit.label.prefix(1).uppercased() + edit.label.dropFirst(), label: edit.label) ?? []
            case .close:
                modal = nil
                if view.edit != nil { message = StatusMessage(text: "Not applied", isError: false) }
            }
        case .command(var field):
            if key == .tab {
                completeCommand(&field)
                modal = .command(field)
                return []
            }
            switch field.handle(key) {
            case .editing: modal = .command(field)
            case .cancelled: modal = nil
            case .submitted(let text):
                modal = nil
                return runCommand(text)
            }
        case .messages(var log):
            switch log.update(key, page: layout.diffRows) {
            case .viewing: modal = .messages(log)
            case .close: modal = nil
            }
        case .help(var help):
            switch help.update(key, page: layout.helpRows(lineCount: help.lines.count)) {
            case .viewing:
                modal = .help(help)
            case .close:
                modal = nil
            case .quit:
                modal = nil
                return quit()
            case .refused(let why):
                modal = .help(help)
                message = StatusMessage(text: why, isError: true)
            }
        }
        return []
    }

    /// Esc in an editor: nothing changes — or the entry just added for it is taken back.
    mutating func cancelEdit(undoing: Bool) -> [Effect] {
        modal = nil
        if undoing {
            let effects = undo()
            message = StatusMessage(text: "Not added", isError: false)
            return effects
        }
        message = StatusMessage(text: "Not changed", isError: false)
        return []
    }

    /// Keeps the editor open with the reason its text was refused.
    private mutating func refuse(_ reason: String, in editor: ValueEditor) -> [Effect] {
        var editor = editor
        editor.error = reason
        modal = .edit(editor)
        message = StatusMessage(text: reason, isError: true)
        return []
    }

    /// What came of a value editor's Enter.
    enum Submission {
        /// Kept open: the text does not parse or fit, for this reason.
        case refused(String)
        case done([Effect])
    }

    /// Takes what a value editor's Enter gave.
    private mutating func submit(_ text: String, _ target: ValueEditor.Target) -> Submission {
        switch target {
        case .value(let path, let kind, let scalar):
            return submitValue(text, path: path, kind: kind, scalar: scalar)
        case .key(let path):
            let newPath = path.dropLast().appending(.key(text))
            guard document.tree.index(at: newPath) == nil || newPath == path else {
                return .refused("\(path.dropLast().description.isEmpty ? "The root" : path.dropLast().description) already has a key “\(text)”")
            }
            modal = nil
            return .done(commit([.rename(path, to: text)], select: newPath, message: "Renamed to \(text)") ?? [])
        case .newKey(let container, let value, let at):
            let newPath = container.appending(.key(text))
            guard document.tree.index(at: newPath) == nil else {
                return .refused("\(container.description.isEmpty ? "The root" : container.description) already has a key “\(text)”")
            }
            modal = nil
            let ops: [EditOperation] = [.insert(into: container, key: text, at: at, value: value)]
            if value.isContainer || value.isBool {
                return .done(commit(ops, select: newPath, message: "Added \(newPath)") ?? [])
            }
            return .done(choose(.editThenEditValue(ops, select: newPath, message: "Added \(newPath)")))
        case .pasteKey(let container, let value, let at):
            let newPath = container.appending(.key(text))
            guard document.tree.index(at: newPath) == nil else {
                return .refused("\(container.description.isEmpty ? "The root" : container.description) already has a key “\(text)”")
            }
            modal = nil
            let what = register.map(\.summary) ?? "the value"
            return .done(commit([.insert(into: container, key: text, at: at, value: value)], select: newPath, message: "Pasted \(what) as \(newPath)") ?? [])
        case .duplicateKey(let path):
            let newPath = path.dropLast().appending(.key(text))
            guard document.tree.index(at: newPath) == nil else { return .refused("There is already a key “\(text)” here") }
            modal = nil
            return .done(commit([.duplicate(path, key: text)], select: newPath, message: "Duplicated as \(newPath)") ?? [])
        case .saveAs:
            return .done(saveAs(text))
        }
    }

    /// A color from the picker, written channel by channel in the file's number style.
    mutating func applyColor(_ color: RGBAColor, at path: PlistPath, was original: RGBAColor) -> [Effect] {
        guard color != original else {
            message = StatusMessage(text: "Color not changed", isError: false)
            return []
        }
        guard let node = document.tree.index(at: path) else { return [] }
        do {
            let ops = try ColorEdit.operations(color, at: path, node: node, in: document.tree)
            guard !ops.isEmpty else {
                message = StatusMessage(text: "Color not changed", isError: false)
                return []
            }
            return commit(ops, select: path, message: "Set \(path) to \(color.hex)") ?? []
        } catch {
            message = StatusMessage(text: "\(error)", isError: true)
            return []
        }
    }

    // MARK: - The command line

    /// `:N`: the value written on line N of the file (the innermost one that starts there or
    /// holds it), next to an error's `line 12, column 5`.
    mutating func goToLine(_ line: Int) {
        let tree = document.tree
        guard tree.format != .binary else {
            message = StatusMessage(text: "A binary property list has no lines", isError: true)
            return
        }
        // Where line `line` starts and ends (the text is UTF-8 for every text format).
        let index = lineMode.index ?? LineIndex(tree: tree, generation: document.generation)
        guard let range = index.range(ofLine: line, byteCount: tree.bytes.count) else {
            message = StatusMessage(text: "The file has \(index.count) lines", isError: true)
            return
        }
        let offset = range.lowerBound
        let lineEnd = range.upperBound
        // The first node that starts on the line, else the innermost one around it.
        var found = SourceTree.root
        for index in tree.nodes.indices {
            let node = tree[index]
            let start = node.hasKey ? Int(node.keyStart) : Int(node.start)
            if start >= offset, start < lineEnd {
                found = index
                break
            }
            if start < offset, Int(node.end) > offset { found = index }
            if start >= lineEnd { break }
        }
        selectNode(found)
        message = StatusMessage(text: "Line \(line): \(document.path(of: found))", isError: false)
    }

    /// `:w`, `:w!`, `:w FILE [xml|binary|json]`, `:q`, `:q!`, `:wq`, `:x`, `:e!`, `:diff`, `:N`.
    mutating func runCommand(_ text: String) -> [Effect] {
        if let effects = runBulkCommand(text) { return effects }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = words.first else { return [] }
        let rest = Array(words.dropFirst())
        switch command {
        case "w", "write", "w!":
            if rest.isEmpty {
                guard isDirty || command == "w!" else {
                    message = StatusMessage(text: "No changes to save", isError: false)
                    return []
                }
                return save(overwritingChanges: command == "w!")
            }
            return saveAs(rest.joined(separator: " "), force: command == "w!")
        case "saveas":
            guard !rest.isEmpty else {
                modal = .edit(ValueEditor(document.fileName, target: .saveAs, label: "save as (FILE [\(PlistFormat.namesText)])"))
                return []
            }
            return saveAs(rest.joined(separator: " "))
        case "q", "quit": return quit()
        case "q!", "quit!": return [.quit]
        case "wq", "x":
            if command == "x", !isDirty { return [.quit] }
            return saveAndQuit()
        case "e!" where rest.isEmpty, "reload": return reload()
        case "e", "edit", "e!":
            guard !rest.isEmpty else {
                message = StatusMessage(text: ":e FILE opens another file (:e! reloads this one)", isError: true)
                return []
            }
            return openFile(rest.joined(separator: " "), force: command == "e!")
        case "set":
            switch rest.first {
            case "nu"?, "number"?: setLineNumbers(true)
            case "nonu"?, "nonumber"?: setLineNumbers(false)
            default: message = StatusMessage(text: ":set number (nu) or :set nonumber (nonu)", isError: true)
            }
            return []
        case "type":
            let name = rest.joined(separator: " ")
            guard document.typed.schema[name] != nil else {
                let known = document.typed.schema.types.keys.prefix(8).joined(separator: ", ")
                message = StatusMessage(
                    text: name.isEmpty ? ":type NAME finds the nodes of a schema type (Tab completes): \(known)" : "No type \(name) in the schema (\(known))", isError: true)
                return []
            }
            return runSearch(.type(name), focusTree: true)
        case "messages", "mes":
            openMessageLog()
            return []
        case "diff", "changes":
            showChanges()
            return []
        case "u", "undo":
            return undo()
        case "redo":
            return redo()
        case _ where !command.isEmpty && command.allSatisfy(\.isASCII) && command.allSatisfy(\.isNumber):
            goToLine(Int(command) ?? 1)
            return []
        default:
            return goToPath(text)
        }
    }

    /// `:PATH` (or `:.PATH`): the value at a key path, in the dot syntax `state get` takes.
    mutating func goToPath(_ text: String) -> [Effect] {
        let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
        let path = PlistPath(parsing: trimmed)
        guard let node = document.tree.index(at: path) else {
            let reason = document.tree.missingPathReason(path) ?? "no value at \(trimmed)"
            message = StatusMessage(
                text: ":\(text) is neither a command (:w, :q, :wq, :e FILE, :diff, :N, :type T, :set nu) nor a key path here: \(reason)", isError: true)
            return []
        }
        marks.pushJump(from: document.path(of: selectedNode))
        selectNode(node)
        message = StatusMessage(text: "At \(path.components.isEmpty ? "(root)" : path.description) — Ctrl-O goes back", isError: false)
        return []
    }

    /// Tab in the command line: completes a key path's last key (or `:type`'s name) as far as
    /// the candidates agree, and lists them when they differ.
    mutating func completeCommand(_ field: inout TextField) {
        let text = field.text
        var candidates: [String]
        var stem: String
        var partial: String
        if text.hasPrefix("type ") {
            stem = "type "
            partial = String(text.dropFirst(5))
            candidates = Array(document.typed.schema.types.keys)
        } else {
            let lead = text.hasPrefix(".") ? "." : ""
            // The path's last component is the key being typed; the rest names its container.
            let typed = PlistPath(parsing: String(text.dropFirst(lead.count)))
            let containerPath = PlistPath(Array(typed.components.dropLast()))
            partial = typed.components.last.map { PlistPath([$0]).description } ?? ""
            stem = lead + (containerPath.components.isEmpty ? "" : containerPath.description + ".")
            let tree = document.tree
            guard let container = tree.index(at: containerPath), tree[container].kind.isContainer else {
                message = StatusMessage(text: "No dictionary or array at \(containerPath.components.isEmpty ? "(root)" : containerPath.description)", isError: true)
                return
            }
            let children = tree.children(of: container)
            candidates =
                tree[container].kind == .array
                ? (0..<Int(tree[container].count)).map(String.init)
                : children.compactMap { tree.key(of: $0) }.map { PlistPath([.key($0)]).description }
        }
        var matching = candidates.filter { $0.hasPrefix(partial) }
        if matching.isEmpty { matching = candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) } }
        guard let first = matching.first else {
            message = StatusMessage(text: "Nothing here starts with “\(partial)”", isError: true)
            return
        }
        // The longest start every candidate shares.
        var common = first
        for other in matching.dropFirst() {
            while !other.hasPrefix(common) { common.removeLast() }
        }
        if common.count < partial.count { common = partial }
        field = TextField(stem + common)
        if matching.count > 1 {
            let shown = matching.prefix(12).joined(separator: "  ")
            message = StatusMessage(text: "\(matching.count) keys: \(shown)\(matching.count > 12 ? "  …" : "")", isError: false)
        } else {
            message = nil
        }
    }
}
