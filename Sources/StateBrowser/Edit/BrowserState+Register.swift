import State
import StateDocument

/// Copy, cut and paste of subtrees: the register (`Register`) and the edits that paste it.
extension BrowserState {
    /// Keeps the value at `node` in the register (`yv`, and before `x` deletes it); false
    /// (the register unchanged) for a structure over 1 MB in the file or 100 000 values —
    /// decoding it would cost the keystroke.
    @discardableResult
    mutating func keep(_ node: Int) -> Bool {
        let tree = document.tree
        let source = tree[node]
        guard !source.kind.isContainer || (source.end - source.start <= Self.copyLimit && source.size <= 100_000) else { return false }
        let path = document.path(of: node).description
        register = Register(value: tree.value(at: node), key: document.isArrayElement(node) ? nil : tree.key(of: node), origin: path.isEmpty ? "(root)" : path)
        return true
    }

    /// `P` (after the selection) and `+` (into the selected container, at its end): the
    /// register as one edit in the file's own style, checked against the schema like any edit.
    mutating func pasteRegister(into: Bool) -> [Effect] {
        guard let register else {
            message = StatusMessage(text: "Nothing to paste yet: yv copies a value, x deletes one (both keep it for P)", isError: true)
            return []
        }
        let tree = document.tree
        let node = selectedNode
        let container: Int
        var at: Int?
        if into {
            guard tree[node].kind.isContainer else {
                message = StatusMessage(text: "Not a container: P pastes after it, + pastes into a dictionary or array", isError: true)
                return []
            }
            container = node
        } else {
            guard let parent = document.parent(of: node) else {
                message = StatusMessage(text: "The root has no siblings: + pastes into it", isError: true)
                return []
            }
            container = parent
            at = document.position(of: node) + 1
        }
        let path = document.path(of: container)
        if tree[container].kind == .array {
            let newPath = path.appending(.index(at ?? Int(tree[container].count)))
            return commit([.insert(into: path, key: nil, at: at, value: register.value)], select: newPath, message: "Pasted \(register.summary) at \(newPath)") ?? []
        }
        if let key = register.key, tree.child(of: container, key: key) == nil {
            let newPath = path.appending(.key(key))
            return commit([.insert(into: path, key: key, at: at, value: register.value)], select: newPath, message: "Pasted \(register.summary) as \(newPath)") ?? []
        }
        // The key is taken here (or the value had none): ask, suggesting a free one.
        let base = register.key ?? "key"
        let suggestion = tree.child(of: container, key: base) == nil ? base : unusedKey(like: base, in: container)
        let label = register.key.map { "“\($0)” is taken here; key of the pasted entry" } ?? "key of the pasted entry"
        modal = .edit(ValueEditor("", target: .pasteKey(container: path, value: register.value, at: at), label: label, placeholder: suggestion))
        return []
    }

    /// Text pasted into the tree: a value in JSON or property-list form goes into the register
    /// and is pasted after the selection (what another program or `state` run copied).
    mutating func pasteText(_ text: String) -> [Effect] {
        let value: PlistValue
        do {
            let tree = try SourceTree(parsing: Array(text.utf8))
            value = tree.value()
        } catch {
            message = StatusMessage(text: "Pasted text is not a value (JSON or a property list): \(error)", isError: true)
            return []
        }
        register = Register(value: value, key: nil, origin: "the clipboard")
        return pasteRegister(into: false)
    }
}
