import TerminalCore

/// The recent status messages in full (`M`, `:messages`): a message cut short in the status
/// bar can always be read here, wrapped to the window, newest last.
package struct MessageLog: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
        package var text: String
        package var isError: Bool
    }

    package let lines: [Line]
    /// A pager: the selection is the top line; it opens at the end (the newest).
    package internal(set) var list: ListState

    package init(messages: [BrowserState.StatusMessage], width: Int, page: Int) {
        var lines: [Line] = []
        for message in messages {
            var rest = Substring(message.text)
            var first = true
            repeat {
                let room = max(1, width - 2)
                let chunk = rest.prefix(max(1, TextWidth.fittingCount(rest, width: room)))
                lines.append(Line(text: (first ? "" : "  ") + chunk, isError: message.isError))
                rest = rest.dropFirst(chunk.count)
                first = false
            } while !rest.isEmpty
        }
        self.lines = lines
        list = ListState(count: lines.count)
        list.scrollView(by: lines.count, page: page)
    }

    package var scroll: Int { list.scroll }

    package enum Action: Sendable, Equatable {
        case scroll(PagerMove)
        case close
    }

    package static let keys = KeyMap<Action>(
        PagerMove.bindings(Action.scroll, group: "Messages (M)", hint: true) + [
            .init([[.escape], [.character("q")], [.character("M")], [.enter]], .close, "close (any other key too)", group: "Messages (M)", hint: ("Esc", "closes"))
        ])

    package enum Outcome: Sendable, Equatable {
        case viewing, close
    }

    package mutating func update(_ key: Key, page: Int) -> Outcome {
        switch Self.keys.action(for: key) {
        case .scroll(let move)?: list.scrollView(move, page: page)
        case .close?, nil: return .close
        }
        return .viewing
    }
}
