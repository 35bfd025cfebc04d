import TerminalCore

/// The browser's search child: the prompt being typed (`/`, `\`) with its history, the
/// finished search (`n` and `N` step through its matches) and the one the runtime is still
/// running in the background. What a search needs of the document — its matches, the
/// selection — the browser gives it; the prompt's keys are its own.
package struct SearchModel: Sendable {
    /// The search prompt, while one is being typed.
    package internal(set) var prompt: TextField?
    /// Which way the prompt being typed searches (`/` forward, `\` backward).
    package internal(set) var promptForward = true
    /// Searches typed so far, oldest first (↑/↓ in the prompt).
    package internal(set) var history: [String] = []
    /// The history entry the prompt shows (nil: what is being typed).
    var historyIndex: Int?
    /// What was typed before ↑ went into the history.
    var draft = ""
    /// The finished search, whose matches `n` steps through.
    package internal(set) var current: BrowserState.Search?
    /// The search asked for whose matches the runtime has not delivered yet.
    package internal(set) var pending: BrowserState.PendingSearch?
    static let keptHistory = 100

    package init() {}

    /// What the prompt's key asks the browser to do.
    enum PromptOutcome: Equatable {
        /// Nothing beyond the prompt itself.
        case none
        /// An empty search: the last one again, in this prompt's direction.
        case repeatLast(forward: Bool)
        /// A new search for the text typed.
        case run(String, forward: Bool)
    }

    /// Opens the prompt: `/` forward, `\` backward.
    mutating func openPrompt(forward: Bool) {
        prompt = TextField()
        promptForward = forward
        historyIndex = nil
    }

    /// A key while the prompt is open: typing, the history (↑ older, ↓ newer, back to what was
    /// being typed), Esc, or Enter.
    mutating func promptKey(_ key: Key) -> PromptOutcome {
        guard var field = prompt else { return .none }
        if key == .up || key == .down {
            guard !history.isEmpty else { return .none }
            if historyIndex == nil { draft = field.text }
            let next = (historyIndex ?? history.count) + (key == .up ? -1 : 1)
            if next < 0 { return .none }
            historyIndex = next < history.count ? next : nil
            prompt = TextField(historyIndex.map { history[$0] } ?? draft)
            return .none
        }
        switch field.handle(key) {
        case .editing:
            prompt = field
            return .none
        case .cancelled:
            prompt = nil
            return .none
        case .submitted(let text):
            prompt = nil
            historyIndex = nil
            guard !text.isEmpty else {
                // As in vim and less: an empty search repeats the last one.
                current?.forward = promptForward
                return .repeatLast(forward: promptForward)
            }
            history.removeAll { $0 == text }
            history.append(text)
            if history.count > Self.keptHistory { history.removeFirst(history.count - Self.keptHistory) }
            return .run(text, forward: promptForward)
        }
    }

    /// Text pasted into the open prompt (one line of it); false when no prompt is open.
    mutating func paste(_ line: String) -> Bool {
        guard var field = prompt else { return false }
        field.insert(line)
        prompt = field
        return true
    }

    /// Forgets the finished search and any still running (Esc; another document shown).
    mutating func clear() {
        current = nil
        pending = nil
    }

    /// True when `node` is a match of the finished search.
    package func isMatch(_ node: Int) -> Bool {
        current?.matches.sortedContains(Int32(node)) ?? false
    }

    /// What is wrong with the search over a document of `nodeCount` nodes, version
    /// `generation` (empty when it is sound).
    func invariantViolations(nodeCount: Int, generation: Int) -> [String] {
        var problems: [String] = []
        if let current {
            if zip(current.matches, current.matches.dropFirst()).contains(where: { $0 >= $1 }) { problems.append("search: matches out of order") }
            if let last = current.matches.last, Int(last) >= nodeCount { problems.append("search: match \(last) past \(nodeCount) nodes") }
        }
        if let pending, pending.generation > generation { problems.append("search: pending for a document not made yet") }
        if let prompt, !prompt.isSound { problems.append("prompt: cursor outside its text") }
        if let historyIndex, historyIndex >= history.count { problems.append("search history: entry \(historyIndex) of \(history.count)") }
        if history.count > Self.keptHistory { problems.append("search history: \(history.count) kept, at most \(Self.keptHistory)") }
        return problems
    }
}
