import Foundation
import State
import StateDocument
import StateSchema

/// Picking values and changing them all at once: `m`, `V`, `&`, `%`, `:select PATTERN`, and
/// the `:` commands that act on what is picked (or, with nothing picked, on the selected row).
/// Every such edit is one undo step, shown first as the diff it makes (y applies it), and
/// refused with the reasons when it would add schema errors.
extension BrowserState {
    // MARK: - Picking

    mutating func runPick(_ action: BrowserAction) {
        switch action {
        case .togglePick:
            if let anchor = picked.visualAnchor {
                endVisual(anchor)
                return
            }
            let node = selectedNode
            let now = picked.toggle(node, in: document)
            treePane.rows.move(by: 1, page: layout.treeRows)
            message = StatusMessage(text: "\(now ? "Picked" : "Unpicked") \(describe(node)) — \(picked.count) picked", isError: false)
        case .visualMode:
            if let anchor = picked.visualAnchor {
                endVisual(anchor)
            } else {
                picked.visualAnchor = selectedNode
                message = StatusMessage(text: "Visual: move to the last row, then V (or m) picks the rows; Esc leaves", isError: false)
            }
        case .pickMatches:
            guard let found = search.current, !found.matches.isEmpty else {
                message = StatusMessage(text: "No search to pick from (/ searches; & then picks every match)", isError: true)
                return
            }
            let added = picked.add(found.matches.map(Int.init), in: document)
            message = StatusMessage(text: "Picked \(found.matches.count) match\(found.matches.count == 1 ? "" : "es") (\(added) new) — \(picked.count) picked", isError: false)
        case .pickSameKind:
            let (nodes, what) = sameKind(as: selectedNode)
            let added = picked.add(nodes, in: document)
            message = StatusMessage(text: "Picked every \(what): \(nodes.count) (\(added) new) — \(picked.count) picked", isError: false)
        case .clearPicks:
            let count = picked.count
            let wasVisual = picked.visualAnchor != nil
            picked.clear()
            search.current = nil
            if count > 0 || wasVisual { message = StatusMessage(text: count > 0 ? "Let go of \(count) picked" : "Left visual mode", isError: false) }
        default:
            break
        }
    }

    /// The rows from the visual anchor to the cursor, picked.
    private mutating func endVisual(_ anchor: Int) {
        let nodes = visualNodes(anchor: anchor)
        picked.visualAnchor = nil
        let added = picked.add(nodes, in: document)
        message = StatusMessage(text: "Picked \(nodes.count) row\(nodes.count == 1 ? "" : "s") (\(added) new) — \(picked.count) picked", isError: false)
    }

    /// The nodes of the rows between the anchor's row and the selection, both included.
    func visualNodes(anchor: Int) -> [Int] {
        let outline = treePane.outline
        let anchorRow = outline.row(of: anchor) ?? outline.rowAtOrBefore(anchor)
        let rows = min(anchorRow, selection)...max(anchorRow, selection)
        return rows.map { outline[$0] }
    }

    /// Whether a row shows as picked: picked, or inside visual mode's range.
    package func isPicked(_ node: Int) -> Bool {
        if picked.contains(node) { return true }
        guard let anchor = picked.visualAnchor, let row = treePane.outline.row(of: node) else { return false }
        let anchorRow = treePane.outline.row(of: anchor) ?? treePane.outline.rowAtOrBefore(anchor)
        return (min(anchorRow, selection)...max(anchorRow, selection)).contains(row)
    }

    /// Every node like `node`: the same type when it has one (a model, conformer, enum or
    /// color — every `ColorAsset`, every color); otherwise the same key (or array position's
    /// container key) and the same kind of value.
    func sameKind(as node: Int) -> (nodes: [Int], what: String) {
        let tree = document.tree
        if let role = document.role(of: node) {
            switch role.kind {
            case .model, .conformer, .enumValue, .color:
                let label = role.label
                // An asset catalog color is like another when it is for the same appearances
                // (every dark one, every dark high-contrast one).
                let appearances = appearances(of: node)
                let nodes = (0..<document.nodeCount).filter { document.role(of: $0)?.label == label && self.appearances(of: $0) == appearances }
                return (nodes, appearances.map { "\(label) for \($0)" } ?? label)
            default:
                break
            }
        }
        let kind = tree[node].kind
        let key = document.isArrayElement(node) ? nil : document.label(of: node)
        let nodes = (0..<document.nodeCount).filter { other in
            tree[other].kind == kind && (key == nil ? document.isArrayElement(other) : !document.isArrayElement(other) && document.label(of: other) == key)
        }
        let kindName = tree.scalarOrShape(node).typeName
        return (nodes, key.map { "\($0) (\(kindName))" } ?? "array item (\(kindName))")
    }

    /// The appearances an asset catalog color is for (`luminosity dark, contrast high`; `any
    /// appearance` for none), from the `appearances` beside it; nil for a value that is not such
    /// a color.
    func appearances(of node: Int) -> String? {
        let tree = document.tree
        guard tree[node].kind == .dictionary, document.label(of: node) == "color", tree.child(of: node, key: "components") != nil,
            let entry = document.parent(of: node)
        else { return nil }
        guard let list = tree.child(of: entry, key: "appearances"), tree[list].kind == .array else { return "any appearance" }
        let parts = tree.children(of: list).compactMap { item -> String? in
            guard let a = tree.child(of: item, key: "appearance"), let v = tree.child(of: item, key: "value") else { return nil }
            return "\(tree.scalarText(at: a)) \(tree.scalarText(at: v))"
        }
        return parts.isEmpty ? "any appearance" : parts.sorted().joined(separator: ", ")
    }

    private func describe(_ node: Int) -> String {
        let path = document.path(of: node).description
        return path.isEmpty ? "(root)" : path
    }

    /// What a command changes: the picked values (with visual mode's rows), else the selected row.
    var editTargets: [Int] {
        var nodes = picked.nodes
        if let anchor = picked.visualAnchor { nodes.formUnion(visualNodes(anchor: anchor)) }
        return nodes.isEmpty ? [selectedNode] : nodes.sorted()
    }

    /// `:select PATTERN` picks what a key path names (`*`, `**`, `[PATH=VALUE]`, as `state get`
    /// takes them); `:select!` lets go of everything.
    mutating func selectPattern(_ text: String) {
        guard !text.isEmpty else {
            message = StatusMessage(text: ":select PATTERN picks what a key path names (colors.*[appearances.*.value=dark].color, **.alpha); :select! lets go", isError: true)
            return
        }
        do {
            let pattern = try PathPattern(parsing: text)
            let nodes = pattern.matches(in: document.tree)
            guard !nodes.isEmpty else {
                message = StatusMessage(text: "No value matches \(text)", isError: true)
                return
            }
            let added = picked.add(nodes, in: document)
            if let first = nodes.first { selectNode(first) }
            message = StatusMessage(text: "Picked \(nodes.count) value\(nodes.count == 1 ? "" : "s") (\(added) new) — \(picked.count) picked", isError: false)
        } catch {
            message = StatusMessage(text: "\(error)", isError: true)
        }
    }

    // MARK: - One edit on many

    /// The commands on the picks, for the help.
    static let pickCommandHelp: [(String, String)] = [
        (":select PATTERN", "pick what a key path names (* ** [k=v])"),
        (":select!", "let go of every pick"),
        (":=VALUE", "set each (read as the kind it is)"),
        (":+ N  :- N  :* N", "add, subtract, multiply numbers"),
        (":lighten 10%  :darken", "colors: HSL lightness, in their spelling"),
        (":saturate  :desaturate", "colors: HSL saturation"),
        (":hue DEG  :alpha A", "colors: rotate the hue, set alpha"),
        (":color #RRGGBB[AA]", "colors: replace"),
        (":replace #FROM #TO", "one color by another (no picks: everywhere)"),
        (":spell hex|fraction|byte", "asset catalog components as 0x80/0.502/128"),
        (":key KEY VALUE", "set KEY in each dictionary (added if missing)"),
        (":rename KEY", "rename each entry's key"),
        (":add KEY VALUE", "add to each dictionary without it"),
        (":delete  (x)", "delete each"),
    ]

    /// The commands that change every target: nil when `text` is none of them.
    mutating func runBulkCommand(_ text: String) -> [Effect]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // `:=VALUE`, `:+ 1`, `:*1.1`: a sign is its own word.
        if let first = trimmed.first, "=+-*".contains(first), trimmed != "-" {
            let argument = String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)
            return first == "=" ? bulkSet(argument) : bulkArithmetic(first, argument)
        }
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = words.first else { return nil }
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch verb {
        case "select", "sel":
            selectPattern(argument)
            return []
        case "select!", "sel!", "noselect":
            picked.clear()
            message = StatusMessage(text: "Nothing picked", isError: false)
            return []
        case "lighten", "darken", "saturate", "desaturate":
            guard let amount = ColorAdjustment.amount(argument) else {
                message = StatusMessage(text: ":\(verb) takes a percentage (10%) or a fraction (0.1)", isError: true)
                return []
            }
            let adjustment: ColorAdjustment =
                verb == "lighten" || verb == "darken" ? .lighten(verb == "darken" ? -amount : amount) : .saturate(verb == "desaturate" ? -amount : amount)
            return bulkColor(adjustment)
        case "hue":
            guard let degrees = Double(argument.replacingOccurrences(of: "°", with: "")), degrees.isFinite, abs(degrees) <= 360 else {
                message = StatusMessage(text: ":hue takes degrees (-360…360)", isError: true)
                return []
            }
            return bulkColor(.rotateHue(degrees))
        case "alpha":
            guard let alpha = ColorAdjustment.amount(argument), (0...1).contains(alpha) else {
                message = StatusMessage(text: ":alpha takes 0…1 or a percentage", isError: true)
                return []
            }
            return bulkColor(.alpha(alpha))
        case "color":
            guard let color = RGBAColor(hex: argument) else {
                message = StatusMessage(text: ":color takes #RRGGBB or #RRGGBBAA", isError: true)
                return []
            }
            return bulkColor(.replace(color))
        case "rename":
            return bulkRename(argument)
        case "spell":
            guard let style = ColorEdit.componentStyle(named: argument) else {
                message = StatusMessage(text: ":spell hex|fraction|byte writes asset catalog colors' components as 0x80, 0.502 or 128", isError: true)
                return []
            }
            return prepareBulk("spell \(argument.lowercased())", noun: "asset catalog colors") { tree, node, path in
                guard let color = ColorSpelling.color(at: node, in: tree) else { return nil }
                return ColorEdit.respelled(color, as: style, at: path, node: node, in: tree)
            }
        case "replace":
            let colors = argument.split(separator: " ").compactMap { RGBAColor(hex: String($0)) }
            guard colors.count == 2 else {
                message = StatusMessage(text: ":replace #FROM #TO replaces one color by another (in the picks; with none, everywhere)", isError: true)
                return []
            }
            // With nothing picked: every color of the document, not the selected row.
            let everywhere = picked.isEmpty && picked.visualAnchor == nil ? ColorSpelling.all(in: document.tree, limit: .max).map(\.node) : nil
            let (from, to) = (colors[0], colors[1])
            return prepareBulk("replace \(from.hex) by \(to.hex)", noun: "colors", targets: everywhere) { tree, node, path in
                guard let current = ColorSpelling.color(at: node, in: tree) else { return nil }
                return current.hex == from.hex ? try ColorEdit.operations(to, at: path, node: node, in: tree) : []
            }
        case "key":
            return bulkSetKey(argument)
        case "delete", "del":
            return bulkDelete()
        case "add":
            return bulkAdd(argument)
        default:
            return nil
        }
    }

    /// `x` with values picked: every picked value deleted, as one step.
    mutating func bulkDelete() -> [Effect] {
        // A value inside another picked one goes with it: one delete, not one per level.
        let targets = Set(editTargets)
        let document = document
        return prepareBulk("delete", noun: nil) { _, node, path in
            guard node != SourceTree.root else { return nil }
            var ancestor = document.parent(of: node)
            while let a = ancestor {
                if targets.contains(a) { return [] }
                ancestor = document.parent(of: a)
            }
            return [.delete(path)]
        }
    }

    private mutating func bulkSet(_ text: String) -> [Effect] {
        guard !text.isEmpty else {
            message = StatusMessage(text: ":=VALUE sets every picked value (read as the kind each has)", isError: true)
            return []
        }
        return prepareBulk("set to \(text)", noun: "scalars") { tree, node, path in
            guard !tree[node].kind.isContainer else { return nil }
            let value = try ValueEntry.parse(text, as: ValueEntry.kind(of: node, in: tree))
            return tree.scalar(at: node) == value ? [] : [.set(path, value)]
        }
    }

    private mutating func bulkArithmetic(_ sign: Character, _ text: String) -> [Effect] {
        guard let operand = Double(text), operand.isFinite else {
            message = StatusMessage(text: ":\(sign) N takes a number (:+ 1, :- 0.5, :* 1.1)", isError: true)
            return []
        }
        let name = sign == "+" ? "add \(text)" : sign == "-" ? "subtract \(text)" : "multiply by \(text)"
        return prepareBulk(name, noun: "numbers") { tree, node, path in
            guard let old = tree.scalar(at: node).doubleValue, [.integer, .real].contains(tree[node].kind) else { return nil }
            let result = sign == "+" ? old + operand : sign == "-" ? old - operand : old * operand
            guard result.isFinite else { return nil }
            // An integer stays one when the result is whole (3 × 2 = 6); otherwise a real.
            let value: PlistValue =
                tree[node].kind == .integer && result == result.rounded() && abs(result) < 9e18 ? .integer(Int128(result)) : .real(result)
            return tree.scalar(at: node) == value ? [] : [.set(path, value)]
        }
    }

    private mutating func bulkColor(_ adjustment: ColorAdjustment) -> [Effect] {
        prepareBulk("\(adjustment)", noun: "colors") { tree, node, path in
            guard let current = ColorSpelling.color(at: node, in: tree) else { return nil }
            let new = adjustment.applied(to: current)
            return new == current ? [] : try ColorEdit.operations(new, at: path, node: node, in: tree)
        }
    }

    private mutating func bulkRename(_ key: String) -> [Effect] {
        guard !key.isEmpty else {
            message = StatusMessage(text: ":rename KEY renames every picked entry's key", isError: true)
            return []
        }
        return prepareBulk("rename to \(key)", noun: "dictionary entries") { tree, node, path in
            guard case .key(let old)? = path.components.last, let parent = path.components.isEmpty ? nil : tree.index(at: path.dropLast()), tree[parent].kind == .dictionary else {
                return nil
            }
            if old == key { return [] }
            // A dictionary that has the key already keeps both: that entry is left alone.
            guard tree.child(of: parent, key: key) == nil else { return nil }
            return [.rename(path, to: key)]
        }
    }

    /// `:key KEY VALUE`: KEY set to VALUE in every picked dictionary — added where it is missing.
    private mutating func bulkSetKey(_ text: String) -> [Effect] {
        guard let (key, text) = keyAndValue(text, usage: ":key KEY VALUE sets KEY in every picked dictionary (adding it where missing)") else { return [] }
        return prepareBulk("set \(key) to \(text)", noun: "dictionaries") { tree, node, path in
            guard tree[node].kind == .dictionary else { return nil }
            guard let child = tree.child(of: node, key: key) else { return [.insert(into: path, key: key, at: nil, value: ValueEntry.guess(text))] }
            if tree[child].kind.isContainer { return [.set(path.appending(.key(key)), ValueEntry.guess(text))] }
            let value = try ValueEntry.parse(text, as: ValueEntry.kind(of: child, in: tree))
            return tree.scalar(at: child) == value ? [] : [.set(path.appending(.key(key)), value)]
        }
    }

    /// `:add KEY VALUE`: the key added to every picked dictionary that lacks it.
    private mutating func bulkAdd(_ text: String) -> [Effect] {
        guard let (key, text) = keyAndValue(text, usage: ":add KEY VALUE adds KEY to every picked dictionary that lacks it") else { return [] }
        let value = ValueEntry.guess(text)
        return prepareBulk("add \(key)", noun: "dictionaries without \(key)") { tree, node, path in
            guard tree[node].kind == .dictionary, tree.child(of: node, key: key) == nil else { return nil }
            return [.insert(into: path, key: key, at: nil, value: value)]
        }
    }

    /// `KEY VALUE` (the value may have spaces); nil, with `usage` said, for anything else.
    private mutating func keyAndValue(_ text: String, usage: String) -> (String, String)? {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            message = StatusMessage(text: usage, isError: true)
            return nil
        }
        return (parts[0], parts[1])
    }

    /// Builds the operations for every target (last first, so that none moves a value a later
    /// one still names), checks them against the schema on a scratch copy, and shows their diff
    /// for a yes. `change` returns nil for a target it does not apply to (counted as skipped),
    /// and no operations for one already as asked.
    private mutating func prepareBulk(
        _ what: String, noun: String?, targets given: [Int]? = nil, change: (SourceTree, Int, PlistPath) throws -> [EditOperation]?
    ) -> [Effect] {
        guard archiveGraph == nil else {
            message = StatusMessage(text: "Edits on many values are made in the storage: A shows it", isError: true)
            return []
        }
        let tree = document.tree
        let targets = given ?? editTargets
        var operations: [EditOperation] = []
        var changed = 0, skipped = 0
        do {
            for node in targets.reversed() {
                guard let made = try change(tree, node, document.path(of: node)) else {
                    skipped += 1
                    continue
                }
                if !made.isEmpty {
                    changed += 1
                    operations += made
                }
            }
        } catch {
            message = StatusMessage(text: "Not applied: \(error)", isError: true)
            return []
        }
        let skippedNote = skipped > 0 ? " (\(skipped) of \(targets.count) not \(noun ?? "changed") here, left alone)" : ""
        guard !operations.isEmpty else {
            message = StatusMessage(text: "Nothing to \(what): \(targets.count) value\(targets.count == 1 ? "" : "s") already as asked\(skippedNote)", isError: skipped > 0)
            return []
        }
        var scratch = EditSession(tree: tree)
        do {
            _ = try scratch.apply(operations)
        } catch {
            message = StatusMessage(text: "Not applied: \(error)", isError: true)
            return []
        }
        if case .schema = document.checker, !document.isCheckPending {
            let after = document.checker.check(scratch.tree)
            let added = after.errorsAdded(since: document.typed)
            if let first = added.first {
                message = StatusMessage(text: "Not applied: \(what) would add \(added.count) schema error\(added.count == 1 ? "" : "s"): \(first)", isError: true)
                return []
            }
        }
        let label = "\(what) on \(changed) value\(changed == 1 ? "" : "s")\(skippedNote)"
        let select = targets.first.map { document.path(of: $0) }
        modal = .changes(PendingChanges(diff: scratch.pendingChanges, edit: PendingChanges.Edit(operations: operations, label: label, select: select)))
        return []
    }
}
