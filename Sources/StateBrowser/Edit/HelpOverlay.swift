import TerminalCore

/// The `?` overlay: every binding of the browser's key map and of each modal's, by group —
/// drawn from the very tables that dispatch keys, so it cannot drift from what they do.
package struct HelpOverlay: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
        package var keys: String
        package var help: String
        package var isHeading: Bool
    }

    package let lines: [Line]
    /// A pager: the selection is the top line. The page is `BrowserLayout.helpRows(lineCount:)`.
    package internal(set) var list: ListState

    package init(browserKeys: KeyMap<BrowserAction>) {
        var lines: [Line] = []
        func add<A>(_ map: KeyMap<A>) {
            for section in map.helpSections {
                if !lines.isEmpty { lines.append(Line(keys: "", help: "", isHeading: false)) }
                lines.append(Line(keys: section.group, help: "", isHeading: true))
                for entry in section.entries { lines.append(Line(keys: entry.keys, help: entry.help, isHeading: false)) }
            }
        }
        add(browserKeys)
        // The commands on the picks are typed, not keys: listed from the table that the
        // command line's help is made of too.
        lines.append(Line(keys: "", help: "", isHeading: false))
        lines.append(Line(keys: "Commands on the picks (or this row)", help: "", isHeading: true))
        for (command, help) in BrowserState.pickCommandHelp { lines.append(Line(keys: command, help: help, isHeading: false)) }
        add(ChoiceList.keys)
        add(ColorPicker.keys)
        add(PendingChanges.keys)
        add(PendingChanges.editKeys)
        add(MessageLog.keys)
        add(TextField.keys)
        add(TextArea.keys)
        add(ValueView.keys)
        add(Self.keys)
        self.lines = lines
        list = ListState(count: lines.count)
    }

    package var scroll: Int { list.scroll }

    package enum Action: Sendable, Equatable {
        case scroll(PagerMove)
        case close, quit
    }

    package static let keys = KeyMap<Action>(
        [.init([[.escape], [.character("q")], [.character("?")], [.enter], [.function(1)]], .close, "close the help", group: "Help (?)", hint: ("Esc", "closes"))]
            + PagerMove.bindings(Action.scroll, group: "Help (?)", hint: true)
            + [.init([[.control("c")]], .quit, "quit", group: "Help (?)")])

    package enum Outcome: Sendable, Equatable {
        case viewing, close, quit
        case refused(String)
    }

    package mutating func update(_ key: Key, page: Int) -> Outcome {
        guard let action = Self.keys.action(for: key) else { return .refused("\(key.name) does nothing in the help (Esc closes it)") }
        switch action {
        case .scroll(let move): list.scrollView(move, page: page)
        case .close: return .close
        case .quit: return .quit
        }
        return .viewing
    }
}
