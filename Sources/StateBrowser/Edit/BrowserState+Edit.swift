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
        case .delete: return beginDelete()
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

    // MARK: - Types, conformers, enum cases

    mutating func beginChangeType(_ node: Int) {
        guard let parent = document.parent(of: node) else {
            message = StatusMessage(text: "The root's type is the file's", isError: true)
            return
        }
        switch editingRole(of: node) {
        case .conformer(let name, let protocolName)?:
            let conformers = schema.conformers(of: protocolName)
            let items = conformers.map { c in
                ChoiceList.Item(c.name, detail: c.name == name ? "(now)" : ": \(protocolName)", action: conformerChange(node, from: name, to: c.name, protocolName: protocolName))
            }
            let list = ChoiceList(title: "Change the \(protocolName) to", items: items, selection: conformers.firstIndex { $0.name == name } ?? 0)
            _ = open(list, orSay: "No conformers of \(protocolName) are known, so \(name) cannot be changed (edit the tag's text to rename it)")
        case .enumValue(let name, _)?:
            openCasePicker(node, enumName: name)
        case .typeTag?:
            beginChangeType(parent)
        case .color?, .model?:
            message = StatusMessage(text: "The schema fixes this type", isError: true)
        case .value(let type)? where type != .scalar(.any):
            message = StatusMessage(text: "The schema says this is \(type); t changes untyped values and conformers", isError: true)
        default:
            let path = document.path(of: node)
            let current = document.tree.value(at: node)
            // The current kind is marked and selected: Enter alone changes nothing.
            func isCurrent(_ kind: PlistValue) -> Bool {
                ValueEntry.kind(of: kind) == ValueEntry.kind(of: current) && kind.isContainer == current.isContainer && kind.isDictionary == current.isDictionary
            }
            let kinds = defaults.untypedKinds
            let items = kinds.map { kind in
                let converted = Self.convert(current, like: kind.value)
                return ChoiceList.Item(
                    kind.name, detail: (isCurrent(kind.value) ? "(now) " : "") + ValueText.summary(converted),
                    action: .edit([.set(path, converted)], select: path, message: "\(path) is now \(kind.name.lowercased() == "integer" ? "an" : "a") \(kind.name.lowercased())"))
            }
            let selection = kinds.firstIndex { isCurrent($0.value) } ?? 0
            modal = .choice(ChoiceList(title: "Change the type of \(path)", items: items, selection: selection))
        }
    }

    /// `value` as the kind of `empty`: its text read as that kind when it can be, else `empty`.
    static func convert(_ value: PlistValue, like empty: PlistValue) -> PlistValue {
        let kind = ValueEntry.kind(of: empty)
        if empty.isContainer { return ValueEntry.kind(of: value) == kind && value.isContainer && (value.isDictionary == empty.isDictionary) ? value : empty }
        guard !value.isContainer else { return empty }
        return (try? ValueEntry.parse(value.plainText, as: kind)) ?? empty
    }

    /// The edits that turn the conformer at `node` into `newName`: the tag, minus the fields
    /// only the old conformer has, plus the new one's required fields. Keys neither knows stay.
    func conformerChange(_ node: Int, from oldName: String, to newName: String, protocolName: String) -> ChoiceAction {
        let tree = document.tree
        let path = document.path(of: node)
        guard oldName != newName else { return .cancel }
        let tagKey = schema.rootProtocol(of: protocolName)
        var ops: [EditOperation] = []
        if tree.child(of: node, key: tagKey) != nil {
            ops.append(.set(path.appending(.key(tagKey)), .string(newName)))
        } else if tree.child(of: node, key: "model_type_key") != nil {
            ops.append(.set(path.appending(.key("model_type_key")), .string(newName)))
        } else {
            ops.append(.insert(into: path, key: tagKey, at: 0, value: .string(newName)))
        }
        let newFields = schema.allFields(of: newName)
        let newNames = Set(newFields.map(\.name))
        let oldNames = Set(schema.allFields(of: oldName).map(\.name))
        var dropped: [String] = []
        for child in tree.children(of: node) {
            guard let key = tree.key(of: child), oldNames.contains(key), !newNames.contains(key) else { continue }
            ops.append(.delete(path.appending(.key(key))))
            dropped.append(key)
        }
        let present = Set(tree.children(of: node).compactMap { tree.key(of: $0) })
        var added: [String] = []
        for field in defaults.initialFields(of: newName) where !present.contains(field.name) {
            ops.append(.insert(into: path, key: field.name, at: nil, value: defaults.value(for: field)))
            added.append(field.name)
        }
        var text = "Now \(newName)"
        if !dropped.isEmpty { text += "; dropped \(dropped.joined(separator: ", "))" }
        if !added.isEmpty { text += "; added \(added.joined(separator: ", "))" }
        return .edit(ops, select: path, message: text)
    }

    mutating func openCasePicker(_ node: Int, enumName: String) {
        guard case .enumeration(let e)? = schema[enumName], !e.cases.isEmpty else {
            message = StatusMessage(text: "No cases are known for \(enumName)", isError: true)
            return
        }
        let tree = document.tree
        let path = document.path(of: node)
        var currentCase: String?
        if case .enumValue(_, let c)? = document.role(of: node)?.kind { currentCase = c }
        let current = e.cases.first { $0.name == currentCase }
        let items = e.cases.map { c -> ChoiceList.Item in
            let detail = c.rawValue.map { "= \(ValueText.summary($0))" } ?? c.payload.map { "(\($0))" } ?? ""
            guard c.name != currentCase else { return ChoiceList.Item(c.name, detail: detail + " (now)", action: .cancel) }
            var ops: [EditOperation]
            if e.rawType != nil, tree.child(of: node, key: "value") != nil, let raw = c.rawValue {
                ops = [.set(path.appending(.key("value")), raw)]
            } else if e.rawType == nil, tree.child(of: node, key: e.name) != nil, current?.payload == c.payload {
                ops = [.set(path.appending(.key(e.name)), .string(c.name))]
            } else {
                ops = [.set(path, defaults.enumValue(e, case: c))]
            }
            return ChoiceList.Item(c.name, detail: detail, action: .edit(ops, select: path, message: "\(path) is now .\(c.name)"))
        }
        modal = .choice(ChoiceList(title: "\(enumName) case", items: items, selection: e.cases.firstIndex { $0.name == currentCase } ?? 0))
    }

    // MARK: - Undo, redo, changes

    mutating func undo() -> [Effect] { walkHistory(backward: true) }

    mutating func redo() -> [Effect] { walkHistory(backward: false) }

    /// Undoes or redoes one step; the outline keeps what it can across it.
    private mutating func walkHistory(backward: Bool) -> [Effect] {
        let step = backward ? (session.canUndo ? session.history[session.position - 1] : nil) : (session.canRedo ? session.history[session.position] : nil)
        guard let step else {
            message = StatusMessage(text: backward ? "Nothing to undo" : "Nothing to redo", isError: true)
            return []
        }
        // An undone set is a set of the same values: the same scalars either way.
        let scalars = archiveGraph == nil ? EditOperation.setScalars(step.operations, in: document.tree) : nil
        let forwardChange = backward ? nil : TreeChange(step.operations, in: document.tree)
        do {
            try editSession { session in _ = backward ? try session.undo() : try session.redo() }
        } catch {
            message = StatusMessage(text: "\(error)", isError: true)
            return []
        }
        let change = forwardChange ?? TreeChange(step.operations, in: session.tree).inverted
        let effects = documentChanged(change: change, editedScalars: scalars, select: Self.selectionPath(for: step.operations, in: session.tree))
        message = StatusMessage(text: "\(backward ? "Undid" : "Redid") \(Self.describe(step.operations))", isError: false)
        return effects
    }

    /// Changes the session while the document does not hold its tree, so that an edit
    /// splices the session's tree in place instead of copying it first (see
    /// `SourceTree.detached`). On failure the document gets the unchanged tree back; on
    /// success `documentChanged` gives it the new one. A keyed archive's graph document is
    /// not the session's tree and stays.
    private mutating func editSession(_ change: (inout EditSession) throws -> Void) throws {
        if archiveGraph == nil { document.detachTree() }
        do {
            try change(&session)
        } catch {
            if archiveGraph == nil { document.reattach(session.tree) }
            throw error
        }
    }

    /// Where to look after undoing or redoing: the edited value if it exists, else its container.
    static func selectionPath(for operations: [EditOperation], in tree: SourceTree) -> PlistPath {
        guard let operation = operations.first else { return PlistPath() }
        var path = operation.path
        if case .rename(let p, let key) = operation, tree.index(at: p) == nil { path = p.dropLast().appending(.key(key)) }
        while tree.index(at: path) == nil, !path.components.isEmpty { path = path.dropLast() }
        return path
    }

    static func describe(_ operations: [EditOperation]) -> String {
        guard let first = operations.first else { return "nothing" }
        let what: String =
            switch first {
            case .set(let p, _), .setNumber(let p, _): "set \(p)"
            case .rename(let p, let key): "rename \(p) to \(key)"
            case .delete(let p): "delete \(p)"
            case .insert(let p, let key, _, _): "add \(key.map { p.appending(.key($0)).description } ?? "an item to \(p)")"
            case .move(let p, _): "move \(p)"
            case .duplicate(let p, _): "duplicate \(p)"
            }
        return operations.count > 1 ? "\(what) (+\(operations.count - 1) more)" : what
    }

    mutating func showChanges() {
        let diff = session.pendingChanges
        guard !diff.isEmpty else {
            message = StatusMessage(text: isDirty ? "The edits cancel out: the file would be the same" : "No pending changes", isError: false)
            return
        }
        modal = .changes(PendingChanges(diff: diff))
    }

    // MARK: - Committing

    /// Makes `operations` as one undo step and shows the result: the document is checked again
    /// (diagnostics follow the edit), the outline keeps what was expanded, and the selection
    /// goes to `select`. Returns the effects that follow (a background check, the search run
    /// again), or nil when the edit failed: then nothing changed and the message says why.
    mutating func commit(_ operations: [EditOperation], select: PlistPath?, message text: String) -> [Effect]? {
        let typedBefore = document.isCheckPending ? nil : document.typed
        // What a delete takes goes to the register, as in vim: P puts it back elsewhere.
        let kept = register
        if operations.count == 1, case .delete(let path) = operations[0], let node = document.tree.index(at: path) { keep(node) }
        let change = archiveGraph == nil ? TreeChange(operations, in: document.tree) : TreeChange(path: PlistPath(), childMap: nil)
        let scalars = archiveGraph == nil ? EditOperation.setScalars(operations, in: document.tree) : nil
        var operations = operations
        if let archiveGraph {
            // Made on the graph: said in the storage, as NSKeyedArchiver would write it.
            do {
                operations = try archiveGraph.operations(for: operations)
            } catch {
                register = kept
                message = StatusMessage(text: "\(error)", isError: true)
                return nil
            }
        }
        do {
            try editSession { try $0.apply(operations) }
        } catch {
            register = kept
            message = StatusMessage(text: "\(error)", isError: true)
            return nil
        }
        let effects = documentChanged(change: change, editedScalars: scalars, select: select)
        var text = text
        var isError = false
        if let typedBefore, !document.isCheckPending {
            let added = document.typed.errorsAdded(since: typedBefore)
            let fixed = document.typed.errorsFixed(since: typedBefore)
            // The new error nearest the edit: one under the edited value's container, if any.
            let near = select.map { $0.dropLast().description } ?? ""
            if let first = added.first(where: { $0.path.description.hasPrefix(near) }) ?? added.last {
                text += " — \(added.count) new error\(added.count == 1 ? "" : "s"): \(first)"
                isError = true
            } else if fixed > 0 {
                text += " — \(fixed) error\(fixed == 1 ? "" : "s") fixed"
            }
        }
        message = StatusMessage(text: text, isError: isError)
        return effects
    }

    /// Rebuilds the document from the session's tree after an edit, undo or redo, and asks for
    /// what the new document needs: its whole check (a large file), its search run again.
    ///
    /// `editedScalars` (node indexes) says the edit only set these scalars' values: when the new
    /// tree has the same shape, the document keeps its links, the outline stays as it is, and
    /// only the edited values are checked again — nothing on the way costs the file's size. The
    /// document's tree is detached (`editSession`) when this is called.
    mutating func documentChanged(change: TreeChange, editedScalars: [Int]? = nil, select: PlistPath?) -> [Effect] {
        let wasGraph = archiveGraph != nil
        // Where the selection was in a graph, which is rebuilt whole.
        let here = wasGraph ? document.path(of: selectedNode) : nil
        var rolesKept = false
        if !wasGraph, let editedScalars, let next = document.replacing(session.tree, editedScalars: editedScalars) {
            document = next.document
            rolesKept = next.rolesKept
        } else {
            let next = documentForSession()
            // The graph is rebuilt whole: its expansion is kept by path.
            let change = wasGraph ? TreeChange(path: PlistPath(), childMap: nil) : change
            treePane.outline = Outline(document: next, carrying: treePane.outline, change: change)
            document = next
            outlineChanged()
        }
        var effects: [Effect] = []
        if document.isCheckPending { effects.append(.check(generation: document.generation)) }
        if rolesKept, search.pending == nil, let editedScalars {
            // Node numbers and the roles elsewhere stayed: only the edited values (and what
            // shows them, above) can match differently. (A check still to come runs the
            // search again when it ends.)
            updateMatches(afterSetting: editedScalars)
        } else if let query = search.pending?.query ?? search.current?.query {
            // Node numbers moved: find the matches again, without moving the selection.
            effects += rerunSearch(query)
        }
        if let select, let node = document.tree.index(at: select) {
            selectNode(node)
        } else if let here, let node = document.tree.index(at: here) {
            selectNode(node)
        }
        return effects
    }

    /// Does what a picked entry or an answer says.
    mutating func choose(_ action: ChoiceAction) -> [Effect] {
        modal = nil
        switch action {
        case .edit(let ops, let select, let text):
            return commit(ops, select: select, message: text) ?? []
        case .editThenEditValue(let ops, let select, let text):
            guard let effects = commit(ops, select: select, message: text), let node = document.tree.index(at: select) else { return [] }
            let kept = message
            let more = beginEdit(node)
            if case .edit(var editor)? = modal {
                // Esc on the new entry's value takes the entry back.
                editor.cancelUndoes = true
                modal = .edit(editor)
                message = kept
            }
            return effects + more
        case .askKey(let container, let value, let at):
            let node = document.tree.index(at: container) ?? 0
            let key = document.tree.child(of: node, key: "key") == nil ? "key" : unusedKey(like: "key", in: node)
            // Empty, with a suggestion: typing replaces it, Enter alone takes it.
            modal = .edit(ValueEditor("", target: .newKey(container: container, value: value, at: at), label: "key of the new entry", placeholder: key))
        case .saveAndQuit:
            return saveAndQuit()
        case .quit:
            return [.quit]
        case .write(let request):
            return [.save(request)]
        case .reload:
            quitsAfterSave = false
            return reload()
        case .cancel:
            quitsAfterSave = false
        case .goTo(let path):
            if let node = document.tree.index(at: path) { selectNode(node) }
        }
        return []
    }
}
