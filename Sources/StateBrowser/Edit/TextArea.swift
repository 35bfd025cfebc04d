import TerminalCore

/// A multi-line text entry for strings: line breaks, tabs, long lines, movement by character,
/// word, line and page, and pasted text (bracketed paste) taken whole. Works on characters
/// (grapheme clusters), like `TextField`.
///
/// A `\r\n` in the text is one Swift character; it is held as `\r` at the end of a line, so
/// the text comes back out exactly as it went in.
package struct TextArea: Equatable, Sendable {
    /// The lines, without their line breaks.
    package private(set) var lines: [[Character]]
    package private(set) var row = 0
    package private(set) var column = 0
    /// The first line shown (the editor scrolls to keep the cursor on screen).
    package private(set) var top = 0
    /// The column up/down aim for (kept across short lines, as editors do).
    private var goalColumn: Int?

    package init(_ text: String) {
        var lines: [[Character]] = [[]]
        for c in text {
            switch c {
            case "\n": lines.append([])
            case "\r\n":
                lines[lines.count - 1].append("\r")
                lines.append([])
            default: lines[lines.count - 1].append(c)
            }
        }
        self.lines = lines
        row = lines.count - 1
        column = lines[row].count
    }

    /// The text, line breaks as `\n` (and `\r\n` where the text had them).
    package var text: String { lines.map { String($0) }.joined(separator: "\n") }

    package enum Outcome: Equatable {
        case editing
        case submitted(String)
        case cancelled
    }

    package enum Action: Sendable, Equatable {
        case accept, cancel
        case left, right, up, down, home, end, wordLeft, wordRight, pageUp, pageDown, top, bottom
        case newline, tab
        case backspace, deleteForward, deleteToLineStart, deleteToLineEnd, deleteWord
    }

    /// The keys of the text editor (`E`, or `i` on a string with line breaks or a long one).
    package static let keys = KeyMap<Action>([
        .init([[.control("s")]], .accept, "accept the text", group: "Text editor", hint: ("Ctrl-S", "accepts")),
        .init([[.escape], [.control("c")]], .cancel, "cancel (nothing changes)", group: "Text editor", hint: ("Esc", "cancels")),
        .init([[.enter]], .newline, "a line break", group: "Text editor"),
        .init([[.tab]], .tab, "a tab", group: "Text editor"),
        .init([[.left], [.control("b")]], .left, "cursor left", group: "Text editor"),
        .init([[.right], [.control("f")]], .right, "cursor right", group: "Text editor"),
        .init([[.up], [.control("p")]], .up, "line up", group: "Text editor"),
        .init([[.down], [.control("n")]], .down, "line down", group: "Text editor"),
        .init([[.alt("b")]], .wordLeft, "word left", group: "Text editor"),
        .init([[.alt("f")]], .wordRight, "word right", group: "Text editor"),
        .init([[.home], [.control("a")]], .home, "start of the line", group: "Text editor"),
        .init([[.end], [.control("e")]], .end, "end of the line", group: "Text editor"),
        .init([[.pageUp]], .pageUp, "page up", group: "Text editor"),
        .init([[.pageDown]], .pageDown, "page down", group: "Text editor"),
        .init([[.alt("<")]], .top, "start of the text", group: "Text editor"),
        .init([[.alt(">")]], .bottom, "end of the text", group: "Text editor"),
        .init([[.backspace]], .backspace, "delete before the cursor (joins lines)", group: "Text editor"),
        .init([[.delete], [.control("d")]], .deleteForward, "delete at the cursor", group: "Text editor"),
        .init([[.control("u")]], .deleteToLineStart, "delete to the start of the line", group: "Text editor"),
        .init([[.control("k")]], .deleteToLineEnd, "delete to the end of the line (joins at its end)", group: "Text editor"),
        .init([[.control("w")]], .deleteWord, "delete the word before the cursor", group: "Text editor"),
    ])

    /// Applies a key; `page` is how many lines show. Keys neither bound nor characters are ignored.
    package mutating func handle(_ key: Key, page: Int) -> Outcome {
        guard let action = Self.keys.action(for: key) else {
            if case .character(let c) = key { insert(String(c), page: page) }
            return .editing
        }
        var keepsGoal = false
        switch action {
        case .accept: return .submitted(text)
        case .cancel: return .cancelled
        case .newline: insert("\n", page: page)
        case .tab: insert("\t", page: page)
        case .left:
            if column > 0 {
                column -= 1
            } else if row > 0 {
                row -= 1
                column = lines[row].count
            }
        case .right:
            if column < lines[row].count {
                column += 1
            } else if row < lines.count - 1 {
                row += 1
                column = 0
            }
        case .up, .down, .pageUp, .pageDown:
            let step = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -max(1, page - 1) : max(1, page - 1)
            let goal = goalColumn ?? column
            row = max(0, min(lines.count - 1, row + step))
            column = min(goal, lines[row].count)
            goalColumn = goal
            keepsGoal = true
        case .home: column = 0
        case .end: column = lines[row].count
        case .top: (row, column) = (0, 0)
        case .bottom: (row, column) = (lines.count - 1, lines[lines.count - 1].count)
        case .wordLeft:
            if column == 0, row > 0 {
                row -= 1
                column = lines[row].count
            }
            column = Self.wordStart(before: column, in: lines[row])
        case .wordRight:
            if column == lines[row].count, row < lines.count - 1 {
                row += 1
                column = 0
            }
            column = Self.wordEnd(after: column, in: lines[row])
        case .backspace:
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                column = lines[row - 1].count
                lines[row - 1] += lines.remove(at: row)
                row -= 1
            }
        case .deleteForward:
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row < lines.count - 1 {
                lines[row] += lines.remove(at: row + 1)
            }
        case .deleteToLineStart:
            lines[row].removeSubrange(0..<column)
            column = 0
        case .deleteToLineEnd:
            if column == lines[row].count, row < lines.count - 1 {
                lines[row] += lines.remove(at: row + 1)
            } else {
                lines[row].removeSubrange(column...)
            }
        case .deleteWord:
            let start = Self.wordStart(before: column, in: lines[row])
            lines[row].removeSubrange(start..<column)
            column = start
        }
        if !keepsGoal { goalColumn = nil }
        scrollToCursor(page: page)
        return .editing
    }

    /// Inserts text at the cursor (typed or pasted), line breaks included.
    package mutating func insert(_ text: String, page: Int) {
        let inserted = TextArea(text).lines
        let tail = Array(lines[row][column...])
        lines[row].removeSubrange(column...)
        lines[row] += inserted[0]
        if inserted.count > 1 {
            lines.insert(contentsOf: inserted[1...], at: row + 1)
            row += inserted.count - 1
            column = lines[row].count
        } else {
            column += inserted[0].count
        }
        lines[row] += tail
        goalColumn = nil
        scrollToCursor(page: page)
    }

    /// Scrolls so the cursor's line shows on a page of `page` lines.
    package mutating func scrollToCursor(page: Int) {
        let page = max(1, page)
        if row < top { top = row }
        if row >= top + page { top = row - page + 1 }
        top = max(0, min(top, lines.count - 1))
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Where the word before `column` starts (skipping what is between words first).
    static func wordStart(before column: Int, in line: [Character]) -> Int {
        var i = column
        while i > 0, !isWordCharacter(line[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(line[i - 1]) { i -= 1 }
        return i
    }

    /// Where the word after `column` ends.
    static func wordEnd(after column: Int, in line: [Character]) -> Int {
        var i = column
        while i < line.count, !isWordCharacter(line[i]) { i += 1 }
        while i < line.count, isWordCharacter(line[i]) { i += 1 }
        return i
    }

    /// Whether the cursor and scroll are inside the text (an invariant every key keeps).
    package var isSound: Bool {
        !lines.isEmpty && row >= 0 && row < lines.count && column >= 0 && column <= lines[row].count && top >= 0 && top < lines.count
    }
}
