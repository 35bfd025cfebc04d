import State

/// The one-line preview of a collapsed container, as jless shows it: `{name: "Accent", color:
/// {…}, tags: […]}` — its first entries, a model's identifying field first, strings cut short,
/// nested containers as `{…}`/`[…]`. The row truncates it to its width.
enum ContainerPreview {
    /// Keys that name what a dictionary is; shown first when present.
    static let identifying = ["name", "title", "id", "identifier", "key", "label", "isa"]
    /// Entries looked at: enough to fill a wide row, never a whole large container.
    static let maxEntries = 8

    static func text(of node: Int, in tree: SourceTree) -> String {
        let children = Array(tree.children(of: node).prefix(64))
        if tree[node].kind == .array {
            let items = children.prefix(maxEntries).map { value(of: $0, in: tree) }
            return "[" + items.joined(separator: ", ") + (tree[node].count > UInt32(items.count) ? ", …]" : "]")
        }
        var ordered = children
        if let first = children.first(where: { tree.key(of: $0).map(identifying.contains) ?? false }), let i = ordered.firstIndex(of: first) {
            ordered.remove(at: i)
            ordered.insert(first, at: 0)
        }
        let entries = ordered.prefix(maxEntries).map { child in
            "\(keyText(tree.key(of: child) ?? "")): \(value(of: child, in: tree))"
        }
        return "{" + entries.joined(separator: ", ") + (tree[node].count > UInt32(entries.count) ? ", …}" : "}")
    }

    /// A key bare when it reads as a name, quoted (and escaped) otherwise.
    static func keyText(_ key: String) -> String {
        let bare = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." || $0 == "-" }
        return bare ? key : "\"\(key.escaped())\""
    }

    static func value(of node: Int, in tree: SourceTree) -> String {
        switch tree[node].kind {
        case .dictionary: return tree[node].count == 0 ? "{}" : "{…}"
        case .array: return tree[node].count == 0 ? "[]" : "[…]"
        case .string:
            let text = tree.scalar(at: node).stringValue ?? ""
            let short = text.count > 24 ? String(text.prefix(23)) + "…" : text
            return "\"\(short.escaped())\""
        default: return tree.scalarText(at: node)
        }
    }
}
