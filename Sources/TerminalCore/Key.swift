/// A key press, decoded from whatever the terminal sent.
package enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete
    case enter, escape, tab, backTab, backspace
    case function(Int)
    /// Ctrl with a letter (stored lowercase) or one of `@[\]^_`.
    case control(Character)
    /// Alt (Meta) with a character: the terminal sends ESC then the character.
    case alt(Character)

    /// A short name for help screens and the status line: `j`, `Ctrl-D`, `PgDn`, `F1`, `Space`.
    package var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Ins"
        case .delete: "Del"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .function(let n): "F\(n)"
        case .control(let c): "Ctrl-\(String(c).uppercased())"
        case .alt(let c): "Alt-\(c)"
        }
    }

    /// The key a terminal sends as the single character code `code` (what a curses `get_wch`
    /// returns when it is not a function key): control codes become Ctrl keys, Enter, Tab,
    /// Backspace and Esc; everything else is text.
    package init?(characterCode code: UInt32) {
        switch code {
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 0: self = .control("@")
        case 1...26: self = .control(Character(Unicode.Scalar(code + 96)!))
        case 28...31: self = .control(Character(Unicode.Scalar(code + 64)!))
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            self = .character(Character(scalar))
        }
    }

    /// Parses the names tmux's `send-keys` uses (and this type's `name`s): `j`, `C-d`,
    /// `Ctrl-D`, `Enter`, `Escape`, `PageDown`, `F1`, `Space`, `Up`. Used by scripted tests.
    package init?(named name: String) {
        let table: [String: Key] = [
            "Up": .up, "Down": .down, "Left": .left, "Right": .right, "Home": .home, "End": .end,
            "PageUp": .pageUp, "PPage": .pageUp, "PgUp": .pageUp, "PageDown": .pageDown, "NPage": .pageDown, "PgDn": .pageDown,
            "Enter": .enter, "Escape": .escape, "Esc": .escape, "Tab": .tab, "BTab": .backTab, "BSpace": .backspace,
            "Backspace": .backspace, "Space": .character(" "), "IC": .insert, "DC": .delete, "Delete": .delete,
        ]
        if let key = table[name] {
            self = key
        } else if name.count == 1 {
            self = .character(name.first!)
        } else if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...24).contains(n) {
            self = .function(n)
        } else if let rest = ["C-", "Ctrl-"].first(where: name.hasPrefix).map({ name.dropFirst($0.count) }), rest.count == 1 {
            self = .control(Character(rest.lowercased()))
        } else if let rest = ["M-", "Alt-"].first(where: name.hasPrefix).map({ name.dropFirst($0.count) }), rest.count == 1 {
            self = .alt(rest.first!)
        } else {
            return nil
        }
    }
}
