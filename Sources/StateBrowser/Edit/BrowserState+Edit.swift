import Foundation
import State
import StateDocument
import StateSchema

/// The editor's actions: each one either makes an edit through the session (one undo step),
/// or opens the modal that will (an editor, a list, a question).
extension BrowserState {
    var schema: Schema { document.typed.schema }

    /// The node's role where it may steer an edit: what a schema says, or a guessed color (the
    /// picker edits its channels all the same). Every other guess — a type tag, a conformer,
    /// an enum, a model — is only shown: for editing the value is plain data, so a wrong guess
    /// never blocks `i`, `a`, `t` or `x`.
    func editingRole(of node: Int) -> NodeRole.Kind? {
        guard let role = document.role(of: node) else { return nil }
        if role.inferred {
            if case .color = role.kind { return .color }
            return nil
        }
        return role.kind
    }
    var defaults: SchemaDefaults { SchemaDefaults(schema: schema, now: now()) }

    mutating func runEdit(_ action: BrowserAction) -> [Effect] {
        switch action {
        case .edit: return beginEdit(selectedNode)
        case .rename: beginRename()
        case .addInside: return beginAdd(after: false)
        case .addAfter: return beginAdd(after: true)
        case .delete: return picked.isEmpty && picked.visualAnchor == nil ? beginDelete() : bulkDelete()
        case .duplicate: return beginDuplicate()
        case .moveItemUp: return moveItem(by: -1)
        case .moveItemDown: return moveItem(by: 1)
        case .changeType: beginChangeType(selectedNode)
        case .undo: return undo()
        case .redo: return redo()
        case .save:
            guard isDirty else {
                message = StatusMessage(text: "No changes to save", isError: false)
                return []
            }
            return save()
        case .showChanges: showChanges()
        case .commandLine: modal = .command(TextField())
        default: break
        }
        return []
    }

    /// Quitting with unsaved changes asks first.
    mutating func quit() -> [Effect] {
        guard isDirty else { return [.quit] }
        ask("Unsaved changes to \(document.fileName).", [("s", "save and quit", .saveAndQuit), ("q", "quit without saving", .quit), ("n", "keep editing", .cancel)])
        return []
    }

    // MARK: - Values

    /// Opens the editor the node's type calls for: the color picker, an enum's or protocol's
    /// list, a bool toggle, or the text editor for its kind.
    mutating func beginEdit(_ node: Int) -> [Effect] {
        let tree = document.tree
        guard let parent = document.parent(of: node) else {
            message = StatusMessage(text: "The root is edited through its children (a adds one)", isError: true)
            return []
        }
        let path = document.path(of: node)
        switch editingRole(of: node) {
        case .color?:
            let spelling = ColorSpelling.detect(node, in: tree)
            guard let color = spelling?.color(of: node, in: tree) ?? (try? RGBAColor(storedValue: tree.value(at: node), context: ReadContext())) else {
                message = StatusMessage(text: "This color has a channel outside 0…1 or missing; fix it by its channels", isError: true)
                return []
            }
            modal = .color(ColorPicker(path: path, color: color))
            if let spelling, !spelling.isSRGB {
                message = StatusMessage(text: "A \(spelling.name): its channels are edited as they are, not converted to sRGB", isError: false)
            }
            return []
        case .enumValue(let name, _)?:
            openCasePicker(node, enumName: name)
            return []
        case .conformer?:
            beginChangeType(node)
            return []
        case .typeTag?:
            return beginEdit(parent)
        default:
            break
        }
        guard !tree[node].kind.isContainer else {
            message = StatusMessage(text: "\(tree[node].kind == .array ? "An array" : "A dictionary"): a adds to it, t changes its type, Enter expands it", isError: true)
            return []
        }
        let value = tree.scalar(at: node)
        if case .bool(let b) = value {
            return commit([.set(path, .bool(!b))], select: path, message: "Set \(path) to \(!b)") ?? []
        }
        if case .uid = value {
            message = StatusMessage(text: "A UID is a keyed-archive reference; it is not edited here", isError: true)
            return []
        }
        let kind = ValueEntry.kind(of: node, in: tree)
        if kind == .string, case .string(let text) = value, text.contains(where: { VisibleText.endsLine($0) || $0 == "\r" }) || text.count > Self.longTextLength {
            // Line breaks, or more than the path bar shows: the multi-line editor.
            return beginTextEdit(node)
        }
        var scalar: FieldType.Scalar?
        if case .value(.scalar(let s))? = editingRole(of: node) { scalar = s }
        let typeName = scalar?.rawValue ?? kind.displayName
        let hint = kind == .data ? ", base64 or 0x hex" : kind == .date ? ", ISO 8601" : ""
        modal = .edit(ValueEditor(tree.scalarText(at: node), target: .value(path, kind, scalar: scalar), label: "\(document.label(of: node) ?? "") (\(typeName)\(hint))"))
        return []
    }

    /// Strings longer than this are edited in the multi-line editor.
    static let longTextLength = 120

    /// Reads the editor's text; refuses (keeping the editor open) what does not parse or fit.
    mutating func submitValue(_ text: String, path: PlistPath, kind: ValueEntry.Kind, scalar: FieldType.Scalar?) -> Submission {
        // A number only JSON can hold is written as typed (jq keeps such numbers as written).
        if document.tree.format.isJSON, scalar == nil, kind == .integer || kind == .real, let wide = ValueEntry.wideJSONNumber(text) {
            modal = nil
            return .done(commit([.setNumber(path, text: wide)], select: path, message: "Set \(path) (a number only JSON holds)") ?? [])
        }
        let value: PlistValue
        do {
            value = try ValueEntry.parse(text, as: kind)
            if let scalar {
                // In OpenStep a typed field is a string read as its type: check it so, keep the text.
                let checked = document.tree.format == .openStep ? scalar.readingOpenStepString(value) : value
                _ = try scalar.storableType?.init(storedValue: checked, context: ReadContext())
                if scalar == .url, URL(string: text)?.scheme == nil {
                    return .refused("“\(text)” is not a URL: it needs a scheme (https://…, file:///…)")
                }
            }
        } catch let error as ModelError {
            return .refused(error.message + (scalar.map { " (the field is \($0.rawValue))" } ?? ""))
        } catch {
            return .refused("\(error)")
        }
        modal = nil
        return .done(commit([.set(path, value)], select: path, message: "Set \(path)") ?? [])
    }

    // MARK: - Keys

    mutating func beginRename() {
        let node = selectedNode
        guard let parent = document.parent(of: node), document.tree[parent].kind == .dictionary, let key = document.tree.key(of: node) else {
            message = StatusMessage(text: document.parent(of: node) == nil ? "The root has no key" : "Array items have no keys (move them with [ and ])", isError: true)
            return
        }
        modal = .edit(ValueEditor(key, target: .key(document.path(of: node)), label: "rename \(key) to"))
    }

    /// A key for a copy of `key` that its dictionary does not have yet: `name 2`, `name 3`.
    func unusedKey(like key: String, in container: Int) -> String {
        var n = 2
        while document.tree.child(of: container, key: "\(key) \(n)") != nil { n += 1 }
        return "\(key) \(n)"
    }

    // MARK: - Structure

    mutating func beginAdd(after: Bool) -> [Effect] {
        let node = selectedNode
        let container: Int
        var at: Int?
        if after {
            guard let parent = document.parent(of: node) else {
                message = StatusMessage(text: "The root has no siblings: a adds inside it", isError: true)
                return []
            }
            container = parent
            at = document.position(of: node) + 1
        } else {
            guard document.tree[node].kind.isContainer else {
                message = StatusMessage(text: "Not a container: o adds a sibling after it", isError: true)
                return []
            }
            container = node
        }
        let list = addChoices(container, at: at)
        if list.picksAlone, list.items.count == 1 { return choose(list.items[0].action) }
        return open(list, orSay: "Nothing can be added here")
    }

    /// Opens a pick list, or says why there is nothing to pick.
    mutating func open(_ list: ChoiceList, orSay why: String) -> [Effect] {
        guard !list.items.isEmpty else {
            message = StatusMessage(text: why, isError: true)
            return []
        }
        modal = .choice(list)
        return []
    }

    /// What can be added to `container`: the fields its model lacks, a conformer of its
    /// element protocol, a value of its element type, or (untyped) a value of any kind.
    func addChoices(_ container: Int, at: Int?) -> ChoiceList {
        let tree = document.tree
        let path = document.path(of: container)
        let isDictionary = tree[container].kind == .dictionary
        let position = at ?? Int(tree[container].count)
        func insert(_ value: PlistValue, label: String) -> ChoiceAction {
            if isDictionary { return .askKey(container: path, value: value, at: at) }
            let newPath = path.appending(.index(position))
            let ops: [EditOperation] = [.insert(into: path, key: nil, at: at, value: value)]
            return value.isContainer
                ? .edit(ops, select: newPath, message: "Added \(label) at \(newPath)") : .editThenEditValue(ops, select: newPath, message: "Added \(label) at \(newPath)")
        }
        switch editingRole(of: container) {
        case .model(let name)?, .conformer(let name, _)?:
            let existing = Set(tree.children(of: container).compactMap { tree.key(of: $0) })
            let all = schema.allFields(of: name)
            let missing = all.filter { !$0.transient && !existing.contains($0.name) }
            var items: [ChoiceList.Item] = missing.map { field in
                let value = defaults.value(for: field)
                // In schema order: after the last present field declared before it.
                let schemaPosition = at ?? schemaInsertPosition(of: field.name, fields: all.map(\.name), in: container)
                let newPath = path.appending(.key(field.name))
                let ops: [EditOperation] = [.insert(into: path, key: field.name, at: schemaPosition, value: value)]
                let action: ChoiceAction =
                    value.isContainer || value.isBool
                    ? .edit(ops, select: newPath, message: "Added \(field.name)") : .editThenEditValue(ops, select: newPath, message: "Added \(field.name)")
                return ChoiceList.Item(field.name, detail: "\(field.type)\(field.optional ? "?" : "") = \(ValueText.summary(value))", action: action)
            }
            items.append(ChoiceList.Item("Other key…", detail: "a key \(name) does not declare", action: .askKey(container: path, value: .string(""), at: at)))
            return ChoiceList(title: missing.isEmpty ? "Add to \(name) (every field is there)" : "Add a field to \(name)", items: items)
        case .enumValue?, .color?:
            break
        default:
            if let element = elementType(of: container) {
                if case .named(let name) = element, case .protocolType? = schema[name] {
                    let conformers = schema.conformers(of: name)
                    guard !conformers.isEmpty else {
                        return ChoiceList(title: "\(name) has no conformers in the schema", items: [ChoiceList.Item("Cancel", action: .cancel)])
                    }
                    return ChoiceList(
                        title: "New \(name): pick its type",
                        items: conformers.map { c in
                            ChoiceList.Item(c.name, detail: ": \(name)", action: insert(defaults.instance(of: c.name, asConformerOf: name), label: "a new \(c.name)"))
                        })
                }
                var list = ChoiceList(title: "Add", items: [ChoiceList.Item("\(element)", action: insert(defaults.value(of: element), label: "a new \(element)"))])
                list.picksAlone = true
                return list
            }
        }
        return ChoiceList(
            title: "Add to \(path.components.isEmpty ? "(root)" : path.description): pick a type",
            items: defaults.untypedKinds.map { kind in
                ChoiceList.Item(kind.name, detail: ValueText.summary(kind.value), action: insert(kind.value, label: "a \(kind.name.lowercased())"))
            })
    }

    /// Where a new field goes so that the model's fields stay in schema order.
    func schemaInsertPosition(of name: String, fields: [String], in container: Int) -> Int? {
        guard let index = fields.firstIndex(of: name) else { return nil }
        let before = Set(fields[..<index])
        var position: Int?
        for (i, child) in document.tree.children(of: container).enumerated() {
            if let key = document.tree.key(of: child), before.contains(key) { position = i + 1 }
        }
        return position ?? (index == 0 ? 0 : nil)
    }

    /// The element type of a collection node, from its role or its schema field.
    func elementType(of node: Int) -> FieldType? {
        var type: FieldType?
        if case .value(let t)? = editingRole(of: node) { type = t }
        if type == nil, let field = document.field(of: node), !field.isElement { type = field.field.type }
        switch type {
        case .array(let e)?, .set(let e)?, .dictionary(let e)?: return e == .scalar(.any) ? nil : e
        default: return nil
        }
    }

    mutating func beginDelete() -> [Effect] {
        let node = selectedNode
        guard document.parent(of: node) != nil else {
            message = StatusMessage(text: "The root cannot be deleted", isError: true)
            return []
        }
        let path = document.path(of: node)
        let select = selectionAfterRemoving(node)
        let action = ChoiceAction.edit([.delete(path)], select: select, message: "Deleted \(path) (u undoes; P pastes it)")
        let size = Int(document.tree[node].size)
        guard size == 0 else {
            ask("Delete \(path) and the \(size) value\(size == 1 ? "" : "s") in it?", [("y", "delete", action), ("n", "keep", .cancel)])
            return []
        }
        return choose(action)
    }

    /// Where the selection goes when `node` is removed: the next sibling (an array's next item
    /// takes the index), else the previous one, else the parent.
    func selectionAfterRemoving(_ node: Int) -> PlistPath {
        let path = document.path(of: node)
        if document.isArrayElement(node) {
            if document.nextSibling(of: node) != nil { return path }
            if case .index(let i)? = path.components.last, i > 0 { return path.dropLast().appending(.index(i - 1)) }
            return path.dropLast()
        }
        if let sibling = document.nextSibling(of: node) ?? document.previousSibling(of: node) { return document.path(of: sibling) }
        return path.dropLast()
    }

    mutating func beginDuplicate() -> [Effect] {
        let node = selectedNode
        guard let parent = document.parent(of: node) else {
            message = StatusMessage(text: "The root cannot be duplicated", isError: true)
            return []
        }
        let path = document.path(of: node)
        if document.tree[parent].kind == .array {
            let copy = path.dropLast().appending(.index(document.position(of: node) + 1))
            return commit([.duplicate(path, key: nil)], select: copy, message: "Duplicated as \(copy)") ?? []
        }
        let key = document.tree.key(of: node) ?? ""
        modal = .edit(ValueEditor("", target: .duplicateKey(path), label: "key of the copy of \(key)", placeholder: unusedKey(like: key, in: parent)))
        return []
    }

    mutating func moveItem(by offset: Int) -> [Effect] {
        let node = selectedNode
        guard let parent = document.parent(of: node) else {
            message = StatusMessage(text: "The root has no siblings to move among", isError: true)
            return []
        }
        let position = document.position(of: node)
        let target = position + offset
        guard target >= 0, target < Int(document.tree[parent].count) else {
            message = StatusMessage(text: offset < 0 ? "Already the first" : "Already the last", isError: true)
            return []
        }
        let path = document.path(of: node)
        let moved = document.isArrayElement(node) ? path.dropLast().appending(.index(target)) : path
        return commit([.move(path, to: target)], select: moved, message: "Moved \(document.label(of: node) ?? "") to position \(target)") ?? []
    }
}
