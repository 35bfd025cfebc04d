import TerminalCore

/// A table of key bindings that both dispatches keys and writes their help, so the help can
/// never disagree with what the keys do (Bubble Tea's key bindings carry their help the same
/// way). The browser has one (`KeyMap.browser`), and so does every modal (`ChoiceList.keys`,
/// `ColorPicker.keys`, …): the help overlay and each modal's hint line are drawn from them.
package struct KeyMap<Action: Sendable & Equatable>: Sendable {
    package struct Binding: Sendable {
        /// Each alternative is a key sequence: `[.character("y"), .character("p")]` is `yp`.
        package var sequences: [[Key]]
        package var action: Action
        package var help: String
        /// The section of the help screen.
        package var group: String
        /// Shown instead of the key names when a binding stands for a family (`1`–`9`).
        package var displayKeys: String?
        /// The binding's entry in a modal's one-line hint (`Enter pick`), if it has one: a
        /// short form of its keys and of its help.
        package var hint: (keys: String, text: String)?

        package init(_ sequences: [[Key]], _ action: Action, _ help: String, group: String, displayKeys: String? = nil, hint: (keys: String, text: String)? = nil) {
            self.sequences = sequences
            self.action = action
            self.help = help
            self.group = group
            self.displayKeys = displayKeys
            self.hint = hint
        }

        /// `j/↓`, `yp`, `Ctrl-D`.
        package var keysText: String {
            displayKeys ?? sequences.map { $0.map(\.name).joined() }.joined(separator: "/")
        }
    }

    package let bindings: [Binding]

    package init(_ bindings: [Binding]) {
        self.bindings = bindings
    }

    /// What a key sequence typed so far means: an action, a prefix of longer sequences (wait
    /// for the next key), or nothing.
    package enum Match: Equatable {
        case action(Action)
        case prefix
        case none
    }

    package func match(_ typed: [Key]) -> Match {
        var isPrefix = false
        for binding in bindings {
            for sequence in binding.sequences {
                if sequence == typed { return .action(binding.action) }
                if sequence.count > typed.count, Array(sequence.prefix(typed.count)) == typed { isPrefix = true }
            }
        }
        return isPrefix ? .prefix : .none
    }

    /// The action of a single key, for tables without sequences (the modals').
    package func action(for key: Key) -> Action? {
        if case .action(let action) = match([key]) { return action }
        return nil
    }

    /// The help screen's lines, by group, one per binding (families shown once).
    package var helpSections: [(group: String, entries: [(keys: String, help: String)])] {
        var sections: [(group: String, entries: [(keys: String, help: String)])] = []
        for binding in bindings {
            let entry = (binding.keysText, binding.help)
            if let i = sections.firstIndex(where: { $0.group == binding.group }) {
                if !sections[i].entries.contains(where: { $0.keys == entry.0 }) { sections[i].entries.append(entry) }
            } else {
                sections.append((binding.group, [entry]))
            }
        }
        return sections
    }

    /// A modal's one-line reminder of its main keys: `↑↓ choose  Enter pick  Esc cancel`.
    package var hintLine: String {
        bindings.compactMap { $0.hint.map { "\($0.keys) \($0.text)" } }.joined(separator: "  ")
    }
}
