import State

/// A key path that may name many values: plutil's dot syntax, plus
///
/// - `*` — any key or index at one level (`colors.*.idiom`);
/// - `**` — any depth, zero levels or more (`**.color`: every value keyed `color`);
/// - `[PATH=VALUE]` after a part — only the values whose PATH (relative, wildcards allowed)
///   holds VALUE (`colors.*[appearances.*.value=dark].color`); `[PATH!=VALUE]` the values
///   where none does; `[?PATH]` the values that have PATH at all. VALUE is compared with the
///   value's plain text (numbers also by value), and may be quoted: `[name="A. B"]`.
///
/// A path without any of these is exactly a `PlistPath` and names what plutil's does. A key
/// that is literally `*` or `**`, or has `[` in it followed by a filter's shape, is written
/// with a backslash: `\*`, `a\[b=c]`. The syntax follows JSONPath's wildcards (`*`, `..`
/// spelled `**` as in globs) and filters (`[?(@.value=='dark')]`, shortened).
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    /// How one part of the pattern moves from a value to the next ones.
    public enum Step: Sendable, Equatable {
        /// A key or index, as in a `PlistPath`.
        case component(PlistPath.Component)
        /// `*`
        case anyChild
        /// `**`
        case anyDepth
        /// Only filters, no key: the value the pattern has reached (`[info.author=xcode].colors`).
        case this
    }

    /// A `[PATH=VALUE]`, `[PATH!=VALUE]` or `[?PATH]` after a part.
    public struct Filter: Sendable, Equatable {
        /// What the filter asks of the values at its path.
        public enum Test: Sendable, Equatable {
            /// `[PATH=VALUE]`: a value at the path is this one (as `get` prints it).
            case equals(String)
            /// `[PATH!=VALUE]`: no value at the path is this one (or there is none).
            case differs(String)
            /// `[?PATH]`: the path names a value.
            case exists
        }
        /// The path from the value being filtered.
        public var path: PathPattern
        /// What is asked of the values there.
        public var test: Test
    }

    /// One part of the pattern: a step and its filters.
    public struct Part: Sendable, Equatable {
        /// The step.
        public var step: Step
        /// The filters the values reached must pass.
        public var filters: [Filter]
    }

    /// The parts, from the root.
    public var parts: [Part]
    /// The text as given.
    public let text: String

    /// A pattern that cannot be parsed: where (a character offset into the text) and why.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// Where: a character offset into the pattern's text.
        public let offset: Int
        public var description: String { "\(message) (at character \(offset + 1) of the key path)" }

        /// An error saying `message` at `offset`.
        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// Reads a pattern; a mistake throws a `SyntaxError` saying where.
    public init(parsing text: String) throws {
        self.text = text
        var scanner = Scanner(Array(text))
        parts = try scanner.parts(until: nil)
    }

    /// The plain key path this pattern is, when it has no wildcard or filter.
    public var plainPath: PlistPath? {
        var components: [PlistPath.Component] = []
        for part in parts {
            guard case .component(let c) = part.step, part.filters.isEmpty else { return nil }
            components.append(c)
        }
        return PlistPath(components)
    }

    /// Whether the pattern can name more than one value.
    public var isPattern: Bool { plainPath == nil }

    public var description: String { text }

    // MARK: - Matching

    /// The nodes the pattern names in `tree`, each once, in document order.
    public func matches(in tree: SourceTree, from start: Int = SourceTree.root) -> [Int] {
        var current = [start]
        for part in parts {
            var next: [Int] = []
            var overlapping = false
            for node in current {
                switch part.step {
                case .component(let component):
                    if let child = tree.child(of: node, at: component) { next.append(child) }
                case .anyChild:
                    next.append(contentsOf: tree.children(of: node))
                case .anyDepth:
                    next.append(contentsOf: node...(node + Int(tree[node].size)))
                    overlapping = overlapping || current.count > 1
                case .this:
                    next.append(node)
                }
            }
            // Nodes reached twice (`**` from a node and from its ancestor) are kept once, and
            // the order stays the document's.
            if overlapping { next = Array(Set(next)).sorted() }
            if !part.filters.isEmpty {
                next = next.filter { node in part.filters.allSatisfy { $0.holds(at: node, in: tree) } }
            }
            current = next
            if current.isEmpty { break }
        }
        return current
    }
}

extension PathPattern.Filter {
    func holds(at node: Int, in tree: SourceTree) -> Bool {
        let found = path.matches(in: tree, from: node)
        switch test {
        case .exists: return !found.isEmpty
        case .equals(let wanted): return found.contains { Self.value(at: $0, in: tree, is: wanted) }
        case .differs(let wanted): return !found.contains { Self.value(at: $0, in: tree, is: wanted) }
        }
    }

    /// A scalar equal to `text`: as plain text, or as a number (`1` is `1.0`).
    static func value(at node: Int, in tree: SourceTree, is text: String) -> Bool {
        guard !tree[node].kind.isContainer else { return false }
        let plain = tree.scalarText(at: node)
        if plain == text { return true }
        if [.integer, .real].contains(tree[node].kind), let wanted = Double(text), let value = tree.scalar(at: node).doubleValue { return wanted == value }
        return false
    }
}

/// Reads the pattern's text: parts separated by unescaped dots, each a key (or `*`, `**`)
/// followed by any filters in brackets.
private struct Scanner {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) { self.characters = characters }

    typealias SyntaxError = PathPattern.SyntaxError

    /// Parts up to `terminator` (a filter's `=`, `!=` or `]`) or the end.
    mutating func parts(until terminators: Set<Character>?) throws -> [PathPattern.Part] {
        var parts: [PathPattern.Part] = []
        // The empty pattern is the root, as the empty plutil path is.
        if atEnd(terminators) { return parts }
        while true {
            var key = ""
            var escapedKey = false
            var filters: [PathPattern.Filter] = []
            while position < characters.count {
                let ch = characters[position]
                if let terminators, terminators.contains(ch), !(ch == "!" && peek(1) != "=") { break }
                if ch == "\\" {
                    guard let next = peek(1) else { throw SyntaxError(message: "a backslash ends the key path; write \\\\ for a backslash", offset: position) }
                    key.append(next)
                    escapedKey = true
                    position += 2
                    continue
                }
                if ch == "." { break }
                if ch == "[", let filter = try filter() {
                    filters.append(filter)
                    continue
                }
                guard filters.isEmpty else {
                    throw SyntaxError(message: "a filter ends its part of the key path: \".\" or another [filter] must follow \"]\"", offset: position)
                }
                key.append(ch)
                position += 1
            }
            let step: PathPattern.Step
            if !escapedKey, key == "*" {
                step = .anyChild
            } else if !escapedKey, key == "**" {
                step = .anyDepth
            } else if key.isEmpty, !escapedKey, !filters.isEmpty {
                step = .this
            } else {
                step = .component(PlistPath(parsing: key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")).components.first ?? .key(""))
            }
            parts.append(PathPattern.Part(step: step, filters: filters))
            guard position < characters.count, characters[position] == "." else { break }
            position += 1
        }
        return parts
    }

    private func atEnd(_ terminators: Set<Character>?) -> Bool {
        position >= characters.count || (terminators.map { $0.contains(characters[position]) } ?? false)
    }

    private func peek(_ ahead: Int) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    /// A `[...]` filter at `position`, or nil when the bracket is part of a key (no `=`, `!=`
    /// or leading `?` before its closing bracket) — a plutil key like `a[0]` stays a key.
    mutating func filter() throws -> PathPattern.Filter? {
        guard let close = closingBracket(from: position) else {
            // A filter's shape with no end is a mistake to point at, not a key.
            let rest = characters[(position + 1)...]
            guard rest.first == "?" || rest.contains("=") else { return nil }
            let quote = rest.firstIndex { $0 == "\"" || $0 == "'" }
            if let quote, rest[(quote + 1)...].firstIndex(of: rest[quote]) == nil {
                throw SyntaxError(message: "the quoted value is not closed", offset: quote)
            }
            throw SyntaxError(message: "the filter is not closed with \"]\"", offset: position)
        }
        let inside = characters[(position + 1)..<close]
        let exists = inside.first == "?"
        guard exists || inside.contains("=") else { return nil }
        let start = position
        position += exists ? 2 : 1
        var path = PathPattern(parts: try parts(until: ["=", "!", "]"]), text: "")
        path = PathPattern(parts: path.parts, text: String(characters[(start + (exists ? 2 : 1))..<position]))
        let test: PathPattern.Filter.Test
        if exists {
            guard position < characters.count, characters[position] == "]" else {
                throw SyntaxError(message: "[?PATH] tests that PATH exists; it takes no value", offset: position)
            }
            test = .exists
        } else {
            let differs = characters[position] == "!"
            position += differs ? 2 : 1
            let value = try filterValue()
            test = differs ? .differs(value) : .equals(value)
        }
        guard position < characters.count, characters[position] == "]" else {
            throw SyntaxError(message: "the filter is not closed with \"]\"", offset: start)
        }
        position += 1
        return PathPattern.Filter(path: path, test: test)
    }

    /// The value after `=`: quoted ("…" or '…', with \ escapes) or up to the closing bracket.
    mutating func filterValue() throws -> String {
        var value = ""
        if position < characters.count, characters[position] == "\"" || characters[position] == "'" {
            let quote = characters[position]
            let start = position
            position += 1
            while position < characters.count, characters[position] != quote {
                if characters[position] == "\\", position + 1 < characters.count { position += 1 }
                value.append(characters[position])
                position += 1
            }
            guard position < characters.count else { throw SyntaxError(message: "the quoted value is not closed", offset: start) }
            position += 1
            return value
        }
        while position < characters.count, characters[position] != "]" {
            if characters[position] == "\\", position + 1 < characters.count { position += 1 }
            value.append(characters[position])
            position += 1
        }
        return value
    }

    /// The `]` that closes the bracket at `open`, skipping nested brackets, quotes and escapes.
    private func closingBracket(from open: Int) -> Int? {
        var depth = 0
        var i = open
        var quote: Character?
        while i < characters.count {
            let ch = characters[i]
            if ch == "\\" {
                i += 2
                continue
            }
            if let q = quote {
                if ch == q { quote = nil }
            } else if ch == "\"" || ch == "'" {
                quote = ch
            } else if ch == "[" {
                depth += 1
            } else if ch == "]" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}

extension PathPattern {
    /// A pattern of these parts; `text` is how messages name it.
    public init(parts: [Part], text: String) {
        self.parts = parts
        self.text = text
    }
}
