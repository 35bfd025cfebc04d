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
            found = []
            for node in 0..<tree.nodes.count {
                let entry = tree.nodes[node]
                if scope != .values, entry.hasKey, let key = tree.key(of: node), matches(key) {
                    found.append(Int32(node))
                } else if scope != .keys, !entry.kind.isContainer, matches(tree.scalarText(at: node)) {
                    found.append(Int32(node))
                }
            }
        }
        guard scope != .keys else { return found }
        // What is shown but not written: colors as hex, enum cases by name, Xcode's annotations.
        var shown: [Int32] = []
        let hasAnnotations = tree.format == .openStep
        for node in 0..<tree.nodes.count {
            let entry = tree.nodes[node]
            var texts: [String] = []
            // Strings longer than a hex color are shown as written (`ColorSpelling` passes them over too).
            if entry.kind == .dictionary || entry.kind == .array || (entry.kind == .string && entry.byteRange.count <= 48) {
                switch document.role(of: node)?.kind {
                case .color?: if let color = ColorSpelling.color(at: node, in: tree) { texts.append(color.hex) }
                case .enumValue(_, let name?)? where entry.kind.isContainer: texts.append(name)
                default: break
                }
                if hasAnnotations, let annotation = tree.annotation(of: node) { texts.append(annotation) }
            }
            if texts.contains(where: matches) { shown.append(Int32(node)) }
        }
        guard !shown.isEmpty else { return found }
        return Array(Set(found).union(shown)).sorted()
    }
}
