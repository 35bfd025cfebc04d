import Foundation
import State
import StateDocument
import StateSchema

/// Changing what a value is: its type (keeping what converts), a conformer for another, an
/// enum's case — each offered as a list whose entries are the edits that make it.
extension BrowserState {
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
}
