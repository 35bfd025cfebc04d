import State

/// What an asset catalog's sets are, in one row: a color set's colors side by side, each with
/// the appearances it is for (`██ any  ██ dark  ██ hc  ██ dark hc`), an image or icon set's
/// entries (`1x 2x 3x · dark 1x 2x 3x`). Read from the set's `Contents.json` — on the set's
/// own row (`Primary.colorset`, in a folder opened whole), on the file's, and on its `colors` or
/// `images` array — so browsing a catalog reads like Xcode's asset list.
enum AssetSummary {
    struct Entry: Equatable {
        var color: RGBAColor?
        var label: String
    }

    /// The colors of a color set at or just under `node`, nil when it is not one.
    static func colorSet(_ node: Int, in document: BrowserDocument) -> [Entry]? {
        let tree = document.tree
        guard let colors = array(named: "colors", at: node, in: document) else { return nil }
        var entries: [Entry] = []
        for item in tree.children(of: colors).prefix(12) {
            guard tree[item].kind == .dictionary, let color = tree.child(of: item, key: "color") else { return nil }
            entries.append(Entry(color: ColorSpelling.color(at: color, in: tree), label: label(of: item, in: tree)))
        }
        return entries.isEmpty ? nil : entries
    }

    /// An image or icon set's entries at or just under `node`, as one line; nil when it is not one.
    static func imageSet(_ node: Int, in document: BrowserDocument) -> String? {
        let tree = document.tree
        guard let images = array(named: "images", at: node, in: document) else { return nil }
        var groups: [(String, [String])] = []
        var files = 0
        for item in tree.children(of: images) {
            guard tree[item].kind == .dictionary else { return nil }
            let scale = text("scale", in: item, tree) ?? ""
            let size = text("size", in: item, tree).map { $0 + (scale.isEmpty ? "" : "@") } ?? ""
            if tree.child(of: item, key: "filename") != nil { files += 1 }
            let group = label(of: item, in: tree)
            let name = size + scale
            if let index = groups.firstIndex(where: { $0.0 == group }) {
                if !groups[index].1.contains(name) { groups[index].1.append(name) }
            } else {
                groups.append((group, [name]))
            }
        }
        guard !groups.isEmpty else { return nil }
        let text = groups.map { ($0.0 == "any" ? "" : $0.0 + " ") + $0.1.joined(separator: " ") }.joined(separator: " · ")
        return "\(text)  (\(files) file\(files == 1 ? "" : "s"))"
    }

    /// The set's array: the node itself under `name`, `name` in the node, or `name` in the
    /// node's only entry `Contents.json` (a set's folder) — where the dictionary holding it also
    /// has Xcode's `info`.
    private static func array(named name: String, at node: Int, in document: BrowserDocument) -> Int? {
        let tree = document.tree
        if tree[node].kind == .array {
            guard document.label(of: node) == name, let holder = document.parent(of: node), tree.child(of: holder, key: "info") != nil else { return nil }
            return node
        }
        guard tree[node].kind == .dictionary else { return nil }
        var holder = node
        if tree[node].count == 1, let contents = tree.child(of: node, key: "Contents.json"), tree[contents].kind == .dictionary { holder = contents }
        guard let array = tree.child(of: holder, key: name), tree[array].kind == .array, tree.child(of: holder, key: "info") != nil else { return nil }
        return array
    }

    /// What an entry is for: its appearances (`dark`, `hc` for high contrast, `light`), and an
    /// idiom or gamut other than the universal ones; `any` when nothing.
    static func label(of item: Int, in tree: SourceTree) -> String {
        var parts: [String] = []
        if let list = tree.child(of: item, key: "appearances") {
            for appearance in tree.children(of: list) {
                switch (text("appearance", in: appearance, tree), text("value", in: appearance, tree)) {
                case ("contrast"?, "high"?): parts.append("hc")
                case (_, let value?): parts.append(value)
                default: break
                }
            }
        }
        parts.sort { ($0 == "hc" ? 1 : 0) < ($1 == "hc" ? 1 : 0) }
        if let idiom = text("idiom", in: item, tree), idiom != "universal" { parts.append(idiom) }
        if let gamut = text("display-gamut", in: item, tree) { parts.append(gamut) }
        return parts.isEmpty ? "any" : parts.joined(separator: " ")
    }

    private static func text(_ key: String, in node: Int, _ tree: SourceTree) -> String? {
        guard let child = tree.child(of: node, key: key), case .string(let value) = tree.scalar(at: child) else { return nil }
        return value
    }
}
