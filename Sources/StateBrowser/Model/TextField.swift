import TerminalCore

/// A one-line text entry: the search prompt now, the value editors later. Works on characters
/// (grapheme clusters), so the cursor never lands inside an é or a flag.
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    /// The cursor, as a character offset into `text`.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    public enum Outcome: Equatable {
        case editing
        case submitted(String)
        case cancelled
    }

    /// Applies a key; unknown keys are ignored.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            insert(c)
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .backspace:
            guard cursor > 0 else { break }
            let i = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: i)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < text.count else { break }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .control("u"):
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
            cursor = 0
        case .control("k"):
            text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)...)
        case .control("w"):
            // Delete the word before the cursor, as shells do.
            var start = cursor
            let characters = Array(text)
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            text = String(characters[..<start] + characters[cursor...])
            cursor = start
        case .enter:
            return .submitted(text)
        case .escape, .control("c"), .control("g"):
            return .cancelled
        default:
            break
        }
        return .editing
    }

    private mutating func insert(_ c: Character) {
        text.insert(c, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += 1
    }

    /// The column of the cursor when the text is drawn from column 0.
    public var cursorColumn: Int { TextWidth.of(text.prefix(cursor)) }
}
