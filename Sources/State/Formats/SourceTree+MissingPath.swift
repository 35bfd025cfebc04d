extension SourceTree {
    /// Why `path` names nothing, said from the deepest part of it that exists: `assets has 3
    /// items (0…2)`, `name is a string, not a container`, `groups has no key "Palete" (did
    /// you mean "Palette"?)`. Nil when the path does name a value.
    public func missingPathReason(_ path: PlistPath) -> String? {
        var node = SourceTree.root
        var walked = PlistPath()
        for component in path.components {
            guard let next = child(of: node, at: component) else {
                let here = walked.components.isEmpty ? "the root" : walked.description
                switch (self[node].kind, component) {
                case (.array, .index(let i)):
                    let count = Int(self[node].count)
                    return "\(here) has \(count) item\(count == 1 ? "" : "s")\(count > 0 ? " (0…\(count - 1))" : ""), so no \(i)"
                case (.array, .key(let k)):
                    return "\(here) is an array: \"\(k)\" is not an index"
                case (.dictionary, _):
                    let key: String =
                        switch component {
                        case .key(let k): k
                        case .index(let i): String(i)
                        }
                    let keys = children(of: node).compactMap { self.key(of: $0) }
                    if let near = Self.nearest(key, among: keys) { return "\(here) has no key \"\(key)\" (did you mean \"\(near)\"?)" }
                    let shown = keys.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                    return "\(here) has no key \"\(key)\"" + (keys.isEmpty ? " (it is empty)" : " (its keys: \(shown)\(keys.count > 8 ? ", …" : ""))")
                default:
                    let type = self.scalar(at: node).typeName
                    return "\(here) is \("aeiou".contains(type.first ?? "x") ? "an" : "a") \(type), not a container"
                }
            }
            node = next
            walked = walked.appending(component)
        }
        return nil
    }

    /// The key closest to `key` when one is close: the same but for case, or at most two
    /// edits away (for keys long enough that two edits are a typo, not another word).
    static func nearest(_ key: String, among keys: [String]) -> String? {
        if let same = keys.first(where: { $0.lowercased() == key.lowercased() }) { return same }
        guard key.count >= 4 else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in keys where abs(candidate.count - key.count) <= 2 {
            let d = editDistance(Array(key.lowercased()), Array(candidate.lowercased()))
            if d <= 2, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.key
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
