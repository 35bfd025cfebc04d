import Foundation
import State
import StateSchema
import TerminalCore

extension BrowserState {
    /// Keys while the search prompt is open: the prompt's own, then what Enter asks for.
    mutating func promptKey(_ key: Key) -> [Effect] {
        switch search.promptKey(key) {
        case .none:
            return []
        case .repeatLast(let forward):
            stepMatch(forward: forward)
            return []
        case .run(let text, let forward):
            do {
                _ = try TextQuery(parsing: text).regex()
            } catch {
                message = StatusMessage(text: "Not a regular expression: \(TextQuery(parsing: text).text) (\((error as NSError).localizedDescription))", isError: true)
                return []
            }
            return runSearch(.text(text), forward: forward)
        }
    }

    /// `*` and `#`: every node with the selected key — or, for an array item or the root,
    /// the selected value — exactly.
    mutating func searchSelection(forward: Bool) -> [Effect] {
        let node = selectedNode
        let tree = document.tree
        if !document.isArrayElement(node), let key = tree.key(of: node) {
            return runSearch(.exact(key, keys: true), forward: forward, skipsSelection: true)
        }
        guard !tree[node].kind.isContainer else {
            message = StatusMessage(text: "* searches for a key or a value; this item is a \(tree[node].kind == .array ? "array" : "dictionary") (/ searches text)", isError: true)
            return []
        }
        return runSearch(.exact(tree.scalarText(at: node), keys: false), forward: forward, skipsSelection: true)
    }

    /// Finds every match in the whole document (collapsed parts included) and selects the first
    /// one after the selection.
    ///
    /// The search itself is an effect: on a 100 MB file it takes longer than a keystroke may,
    /// so the runtime runs `matches(of:in:)` in the background and hands the result to
    /// `.searchFinished`. `focusTree` moves the focus to the tree when something is found (a
    /// search started from the schema pane).
    mutating func runSearch(_ query: Search.Query, focusTree: Bool = false, forward: Bool = true, skipsSelection: Bool = false) -> [Effect] {
        search.pending = PendingSearch(query: query, focusTree: focusTree, forward: forward, skipsSelection: skipsSelection, generation: document.generation)
        message = StatusMessage(text: "Searching \(Self.describe(query))…", isError: false)
        return [.search(query, generation: document.generation)]
    }

    /// The same search over a new document (node numbers moved after an edit, or the whole
    /// check found more types): the matches change, the selection stays.
    mutating func rerunSearch(_ query: Search.Query) -> [Effect] {
        search.pending = PendingSearch(query: query, focusTree: false, forward: search.current?.forward ?? true, movesSelection: false, generation: document.generation)
        return [.search(query, generation: document.generation)]
    }

    /// Takes the matches of a search the runtime ran; ignored unless it is the latest one asked
    /// for, over the current document.
    mutating func finishSearch(_ query: Search.Query, matches: [Int32], generation: Int) -> [Effect] {
        guard let pending = search.pending, pending.query == query, pending.generation == generation, generation == document.generation else { return [] }
        search.pending = nil
        search.current = Search(query: query, matches: matches, forward: pending.forward)
        guard pending.movesSelection else { return [] }
        guard !matches.isEmpty else {
            message = StatusMessage(text: "Not found: \(Self.describe(query))", isError: true)
            return []
        }
        if pending.focusTree { focus = .tree }
        // Forward: the first match at or after the selection; backward: the first before it.
        stepMatch(forward: pending.forward, fromCurrent: !pending.forward || pending.skipsSelection)
        return []
    }

    /// Selects the next (or previous) match after the selected node, wrapping around.
    mutating func stepMatch(forward: Bool, fromCurrent: Bool = true) {
        guard let search = search.current else {
            message = StatusMessage(text: "No search yet: / to search", isError: true)
            return
        }
        guard !search.matches.isEmpty else {
            // Edits can take the last match away.
            message = StatusMessage(text: "Not found: \(Self.describe(search.query))", isError: true)
            return
        }
        let matches = search.matches
        let current = Int32(selectedNode)
        // The first match after the selection (or at it, for a new search).
        let low = matches.partitionPoint { forward && fromCurrent ? $0 <= current : $0 < current }
        var index: Int
        var wrapped = false
        if forward {
            index = low
            if index == matches.count { (index, wrapped) = (0, true) }
        } else {
            index = low - 1
            if index < 0 { (index, wrapped) = (matches.count - 1, true) }
        }
        selectNode(Int(matches[index]))
        let wrap = wrapped ? (forward ? " (wrapped to the top)" : " (wrapped to the bottom)") : ""
        message = StatusMessage(text: "\(index + 1)/\(matches.count) \(Self.describe(search.query))\(wrap)", isError: false)
    }

    static func describe(_ query: Search.Query) -> String {
        switch query {
        case .text(let t): "“\(t)”"
        case .type(let name): "of type \(name)"
        case .exact(let text, let keys): "\(keys ? "key" : "value") “\(text.escaped())” exactly"
        }
    }

    /// Every node matching `query`, in document order. Pure, and safe to call off the main thread.
    package static func matches(of query: Search.Query, in document: BrowserDocument) -> [Int32] {
        let tree = document.tree
        var found: [Int32] = []
        switch query {
        case .type(let name):
            for node in 0..<tree.nodes.count {
                switch document.role(of: node)?.kind {
                case .model(name)?, .conformer(name, _)?, .enumValue(name, _)?: found.append(Int32(node))
                default: break
                }
            }
        case .text(let text):
            found = TextQuery(parsing: text).matches(in: document)
        case .exact(let text, let keys):
            for node in 0..<tree.nodes.count {
                if keys {
                    if tree.nodes[node].hasKey, !document.isArrayElement(node), tree.key(of: node) == text { found.append(Int32(node)) }
                } else if !tree.nodes[node].kind.isContainer, tree.scalarText(at: node) == text {
                    found.append(Int32(node))
                }
            }
        }
        return found
    }

    /// Whether one node matches `query`: what `matches(of:in:)` says of it.
    static func isMatch(_ node: Int, of query: Search.Query, in document: BrowserDocument) -> Bool {
        let tree = document.tree
        switch query {
        case .type(let name):
            switch document.role(of: node)?.kind {
            case .model(name)?, .conformer(name, _)?, .enumValue(name, _)?: return true
            default: return false
            }
        case .text(let text):
            return TextQuery(parsing: text).isMatch(node, in: document)
        case .exact(let text, let keys):
            if keys { return tree.nodes[node].hasKey && !document.isArrayElement(node) && tree.key(of: node) == text }
            return !tree.nodes[node].kind.isContainer && tree.scalarText(at: node) == text
        }
    }

    /// The search's matches after edits that set only the scalars `edited`, the tree keeping
    /// its shape: matches elsewhere stand, and the edited values and everything above them (a
    /// color's hex is shown on its dictionary) are matched again — no search of the whole file.
    mutating func updateMatches(afterSetting edited: [Int]) {
        guard var found = search.current else { return }
        var nodes = Set<Int>()
        for node in edited {
            var current: Int? = node
            while let n = current, nodes.insert(n).inserted { current = document.parent(of: n) }
        }
        for node in nodes {
            let value = Int32(node)
            let at = found.matches.partitionPoint { $0 < value }
            let present = at < found.matches.count && found.matches[at] == value
            switch (present, Self.isMatch(node, of: found.query, in: document)) {
            case (true, false): found.matches.remove(at: at)
            case (false, true): found.matches.insert(value, at: at)
            default: break
            }
        }
        search.current = found
    }

    /// True when `node` is a match of the current search.
    package func isMatch(_ node: Int) -> Bool { search.isMatch(node) }
}
