import State
import StateSchema
import TerminalCore

extension BrowserState {
    /// Keys while the search prompt is open.
    mutating func promptKey(_ key: Key) -> [Effect] {
        guard var field = prompt else { return [] }
        switch field.handle(key) {
        case .editing:
            prompt = field
        case .cancelled:
            prompt = nil
        case .submitted(let text):
            prompt = nil
            if text.isEmpty {
                // An empty search repeats the last one, as in vim and less.
                stepMatch(forward: true)
            } else {
                return runSearch(.text(text))
            }
        }
        return []
    }

    /// Finds every match in the whole document (collapsed parts included) and selects the first
    /// one after the selection.
    ///
    /// The search itself is an effect: on a 100 MB file it takes longer than a keystroke may,
    /// so the runtime runs `matches(of:in:)` in the background and hands the result to
    /// `.searchFinished`. `focusTree` moves the focus to the tree when something is found (a
    /// search started from the schema pane).
    mutating func runSearch(_ query: Search.Query, focusTree: Bool = false) -> [Effect] {
        pendingSearch = PendingSearch(query: query, focusTree: focusTree, generation: document.generation)
        message = StatusMessage(text: "Searching \(Self.describe(query))…", isError: false)
        return [.search(query, generation: document.generation)]
    }

    /// The same search over a new document (node numbers moved after an edit, or the whole
    /// check found more types): the matches change, the selection stays.
    mutating func rerunSearch(_ query: Search.Query) -> [Effect] {
        pendingSearch = PendingSearch(query: query, focusTree: false, movesSelection: false, generation: document.generation)
        return [.search(query, generation: document.generation)]
    }

    /// Takes the matches of a search the runtime ran; ignored unless it is the latest one asked
    /// for, over the current document.
    mutating func finishSearch(_ query: Search.Query, matches: [Int32], generation: Int) -> [Effect] {
        guard let pending = pendingSearch, pending.query == query, pending.generation == generation, generation == document.generation else { return [] }
        pendingSearch = nil
        search = Search(query: query, matches: matches)
        guard pending.movesSelection else { return [] }
        guard !matches.isEmpty else {
            message = StatusMessage(text: "Not found: \(Self.describe(query))", isError: true)
            return []
        }
        if pending.focusTree { focus = .tree }
        stepMatch(forward: true, fromCurrent: false)
        return []
    }

    /// Selects the next (or previous) match after the selected node, wrapping around.
    mutating func stepMatch(forward: Bool, fromCurrent: Bool = true) {
        guard let search, !search.matches.isEmpty else {
            message = StatusMessage(text: "No search yet: / to search", isError: true)
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
        }
    }

    /// Every node matching `query`, in document order. Pure, and safe to call off the main thread.
    public static func matches(of query: Search.Query, in document: BrowserDocument) -> [Int32] {
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
            found = TextSearch(text).matches(in: tree)
        }
        return found
    }

    /// True when `node` is a match of the current search.
    public func isMatch(_ node: Int) -> Bool {
        search?.matches.sortedContains(Int32(node)) ?? false
    }
}
