/// The status bar's line of feedback and every message shown before it, for the message log
/// (`M`, `:messages`): the browser's message child.
package struct StatusMessages: Sendable, Equatable {
    /// What the status bar says now.
    package private(set) var current: BrowserState.StatusMessage?
    /// The messages shown so far, oldest first: the last `kept`.
    package private(set) var log: [BrowserState.StatusMessage] = []
    static let kept = 200

    package init() {}

    /// Shows `message` (nil clears the status bar); a new one goes to the log too. The same
    /// message said again is not logged twice.
    mutating func show(_ message: BrowserState.StatusMessage?) {
        let previous = current
        current = message
        guard let message, message != previous else { return }
        log.append(message)
        if log.count > Self.kept { log.removeFirst(log.count - Self.kept) }
    }

    /// What is wrong with these messages (empty when they are sound).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if log.count > Self.kept { problems.append("messages: \(log.count) kept, at most \(Self.kept)") }
        if let current, log.last != current { problems.append("messages: the one shown is not the last logged") }
        return problems
    }
}
