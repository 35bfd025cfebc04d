import TerminalCore

/// Text read or edited in full (the detail pane, the value view, the text editor) with every
/// character visible and none obeyed: a line break ends the line and shows `↵`, a tab is `⇥`,
/// other controls are their control pictures (`␀`, `␛`) and bidirectional controls their code
/// (`⟨U+202E⟩`) — in their own style, so they are never mistaken for the same glyph typed.
enum VisibleText {
    struct Segment: Equatable, Sendable {
        var text: String
        var isControl: Bool
    }

    typealias Line = [Segment]

    /// What a character is drawn as when it is not drawn as itself; nil for ordinary text.
    static func glyph(_ c: Character) -> String? {
        guard c.unicodeScalars.contains(where: isControl) else { return nil }
        var out = ""
        for scalar in c.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "↵"
            case 0x09: out += "⇥"
            case 0..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out += "␡"
            default: out += isControl(scalar) ? "⟨U+\(String(scalar.value, radix: 16, uppercase: true))⟩" : String(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether a character ends a line (`\n`, and `\r\n`, which Swift holds as one character).
    static func endsLine(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }

    /// The text as display lines at most `width` cells wide: line breaks start a new line,
    /// long lines wrap after a space when there is one, else mid-word. At most `limit` lines.
    static func lines(_ text: String, width: Int, limit: Int = 100_000) -> [Line] {
        let width = max(1, width)
        var lines: [Line] = []
        var current: Line = []
        var used = 0
        /// Where the current line could be broken: segment index after the last space.
        var lastBreak: Int?
        func append(_ text: String, control: Bool) {
            if let last = current.last, last.isControl == control {
                current[current.count - 1].text += text
            } else {
                current.append(Segment(text: text, isControl: control))
            }
        }
        func endLine() {
            lines.append(current)
            current = []
            used = 0
            lastBreak = nil
        }
        for c in text {
            guard lines.count < limit else { break }
            let shown = glyph(c)
            let cellWidth = TextWidth.of(shown ?? String(c))
            if used + cellWidth > width, used > 0 {
                if let at = lastBreak, at < characterCount(current) {
                    // Carry the word after the last space to the next line.
                    let (head, tail) = split(current, at: at)
                    lines.append(head)
                    current = tail
                    used = TextWidth.of(tail.map(\.text).joined())
                    lastBreak = nil
                } else {
                    endLine()
                }
            }
            append(shown ?? String(c), control: shown != nil)
            used += cellWidth
            if c == " " { lastBreak = characterCount(current) }
            if endsLine(c) { endLine() }
        }
        if !current.isEmpty || lines.isEmpty || endsLine(text.last ?? " ") { lines.append(current) }
        return Array(lines.prefix(limit))
    }

    static func characterCount(_ line: Line) -> Int { line.reduce(0) { $0 + $1.text.count } }

    /// The line cut after `count` characters.
    static func split(_ line: Line, at count: Int) -> (Line, Line) {
        var head: Line = []
        var tail: Line = []
        var seen = 0
        for segment in line {
            let n = segment.text.count
            if seen + n <= count {
                head.append(segment)
            } else if seen >= count {
                tail.append(segment)
            } else {
                let cut = segment.text.index(segment.text.startIndex, offsetBy: count - seen)
                head.append(Segment(text: String(segment.text[..<cut]), isControl: segment.isControl))
                tail.append(Segment(text: String(segment.text[cut...]), isControl: segment.isControl))
            }
            seen += n
        }
        return (head, tail)
    }

    /// Draws a line from `x`, stopping at `limit`; controls in `controlStyle`.
    @discardableResult
    static func draw(_ line: Line, x: Int, y: Int, style: Style, controlStyle: Style, limit: Int, into screen: inout ScreenBuffer) -> Int {
        var x = x
        for segment in line {
            guard x < limit else { break }
            x = screen.put(segment.text, x: x, y: y, style: segment.isControl ? controlStyle : style, limit: limit)
        }
        return x
    }
}
