import Foundation
import State

/// What a typed search means. Prefixes, in any order before the text:
/// `k:` keys only, `v:` values only, `=` the whole key or value (not a part of it), `\v` a
/// regular expression (ICU syntax, as NSRegularExpression reads it; vim's "very magic"
/// marker). Case-insensitive unless the text has a capital letter (smart case). Values match
/// as they are shown too: a color's hex, an enum case's name, a pbxproj id's annotation.
struct TextQuery: Equatable {
    enum Scope: Equatable { case all, keys, values }

    var text: String
    var scope = Scope.all
    var exact = false
    var isRegex = false

    init(parsing typed: String) {
        var rest = Substring(typed)
        while true {
            if rest.hasPrefix("k:"), scope == .all {
                scope = .keys
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("v:"), scope == .all {
                scope = .values
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("\\v"), !isRegex {
                isRegex = true
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("="), !exact, rest.count > 1 {
                exact = true
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        text = String(rest)
    }

    var caseSensitive: Bool { text.contains { $0.isUppercase } }

    /// The compiled expression, or why the text is not one.
    func regex() throws -> NSRegularExpression? {
        guard isRegex else { return nil }
        var pattern = text
        if exact { pattern = "^(?:" + pattern + ")$" }
        return try NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
    }

    /// A matcher for decoded text (keys, values, what is shown).
    func matcher() -> (String) -> Bool {
        if let regex = try? regex() {
            return { text in regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        }
        let needle = caseSensitive ? text : text.lowercased()
        if exact { return { (caseSensitive ? $0 : $0.lowercased()) == needle } }
        return { (caseSensitive ? $0 : $0.lowercased()).contains(needle) }
    }

    /// Every node matching, in document order: keys and values as the file has them, then
    /// what only the screen shows.
    func matches(in document: BrowserDocument) -> [Int32] {
        let tree = document.tree
        var found: [Int32]
        let matches = matcher()
        if !isRegex, !exact {
            // The fast path: bytes compared where they lie (a 100 MB file in a blink).
            found = TextSearch(text, keys: scope != .values, values: scope != .keys).matches(in: tree)
        } else {
            found = (0..<tree.nodes.count).filter { isWrittenMatch($0, in: tree, matches) }.map { Int32($0) }
        }
        guard scope != .keys else { return found }
        let shown = (0..<tree.nodes.count).filter { isShownMatch($0, in: document, matches) }.map { Int32($0) }
        guard !shown.isEmpty else { return found }
        return Array(Set(found).union(shown)).sorted()
    }

    /// Whether one node matches: what `matches(in:)` says of it, without looking at the rest.
    func isMatch(_ node: Int, in document: BrowserDocument) -> Bool {
        let matches = matcher()
        let written =
            !isRegex && !exact
            ? TextSearch(text, keys: scope != .values, values: scope != .keys).isMatch(node, in: document.tree) : isWrittenMatch(node, in: document.tree, matches)
        return written || (scope != .keys && isShownMatch(node, in: document, matches))
    }

    /// The node's key or value as the file has it matches.
    private func isWrittenMatch(_ node: Int, in tree: SourceTree, _ matches: (String) -> Bool) -> Bool {
        let entry = tree.nodes[node]
        if scope != .values, entry.hasKey, let key = tree.key(of: node), matches(key) { return true }
        return scope != .keys && !entry.kind.isContainer && matches(tree.scalarText(at: node))
    }

    /// What is shown but not written matches: colors as hex, enum cases by name, Xcode's
    /// annotations.
    private func isShownMatch(_ node: Int, in document: BrowserDocument, _ matches: (String) -> Bool) -> Bool {
        let tree = document.tree
        let entry = tree.nodes[node]
        // Strings longer than a hex color are shown as written (`ColorSpelling` passes them over too).
        guard entry.kind == .dictionary || entry.kind == .array || (entry.kind == .string && entry.byteRange.count <= 48) else { return false }
        switch document.role(of: node)?.kind {
        case .color?: if let color = ColorSpelling.color(at: node, in: tree), matches(color.hex) { return true }
        case .enumValue(_, let name?)? where entry.kind.isContainer: if matches(name) { return true }
        default: break
        }
        if tree.format == .openStep, let annotation = tree.annotation(of: node), matches(annotation) { return true }
        return false
    }
}
