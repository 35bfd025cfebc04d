import TerminalCore

/// A one-line text entry: the search prompt, the value editors and the command line. Works on characters
/// (grapheme clusters), so the cursor never lands inside an é or a flag.
package struct TextField: Equatable, Sendable {
    package private(set) var text: String
    /// The cursor, as a character offset into `text`.
    package private(set) var cursor: Int

    package init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    package enum Outcome: Equatable {
        case editing
        case submitted(String)
        case cancelled
    }

    /// What a key does in a text field; any other character is typed.
    package enum Action: Sendable, Equatable {
        case submit, cancel
        case left, right, home, end
        case backspace, deleteForward, deleteToStart, deleteToEnd, deleteWord
    }

    /// The keys of every text field: the search prompt, value editors, the command line.
    package static let keys = KeyMap<Action>([
        .init([[.enter]], .submit, "accept", group: "Text entry"),
        .init([[.escape], [.control("c")], [.control("g")]], .cancel, "cancel", group: "Text entry"),
        .init([[.left], [.control("b")]], .left, "cursor left", group: "Text entry"),
        .init([[.right], [.control("f")]], .right, "cursor right", group: "Text entry"),
        .init([[.home], [.control("a")]], .home, "start of the line", group: "Text entry"),
        .init([[.end], [.control("e")]], .end, "end of the line", group: "Text entry"),
        .init([[.backspace]], .backspace, "delete before the cursor", group: "Text entry"),
        .init([[.delete], [.control("d")]], .deleteForward, "delete at the cursor", group: "Text entry"),
        .init([[.control("u")]], .deleteToStart, "delete to the start", group: "Text entry"),
        .init([[.control("k")]], .deleteToEnd, "delete to the end", group: "Text entry"),
        .init([[.control("w")]], .deleteWord, "delete the word before the cursor", group: "Text entry"),
    ])

    /// Applies a key; keys that are neither bound nor characters are ignored.
    package mutating func handle(_ key: Key) -> Outcome {
        guard let action = Self.keys.action(for: key) else {
            if case .character(let c) = key { insert(c) }
            return .editing
        }
        switch action {
        case .submit:
            return .submitted(text)
        case .cancel:
            return .cancelled
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = text.count
        case .backspace:
            guard cursor > 0 else { break }
            let i = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: i)
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { break }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .deleteToStart:
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
            cursor = 0
        case .deleteToEnd:
            text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)...)
        case .deleteWord:
            // Delete the word before the cursor, as shells do.
            var start = cursor
            let characters = Array(text)
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            text = String(characters[..<start] + characters[cursor...])
            cursor = start
        }
        return .editing
    }

    /// Whether the cursor is inside the text (an invariant every key keeps).
    package var isSound: Bool { cursor >= 0 && cursor <= text.count }

    private mutating func insert(_ c: Character) {
        text.insert(c, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += 1
    }

    /// Inserts text at the cursor (pasted text).
    mutating func insert(_ pasted: String) {
        let before = text.count
        text.insert(contentsOf: pasted, at: text.index(text.startIndex, offsetBy: cursor))
        // Counted after: the paste may join the character before it (a combining mark).
        cursor = min(text.count, cursor + (text.count - before))
    }

    /// The column of the cursor when the text is drawn from column 0.
    package var cursorColumn: Int { TextWidth.of(text.prefix(cursor)) }
}
