import State

/// Which keys of a document hold protocol type tags, judged from the whole document rather
/// than one dictionary: a string field like `"CFBundleTypeRole": "Editor"` looks exactly like
/// a tag on its own.
///
/// A key is a tag key when it names (with a capitalized identifier) at least two different
/// types across the document's dictionaries, and the types differ in fields: no key set is
/// shared by two types, and each type has a field no other has (or the types are named after
/// the key, as `ColorAsset` is after `Asset`). That is what conformers of one protocol look
/// like, and what profiles, roles and categories with the same fields do not.
struct TagEvidence {
    /// key → type named → the key sets (other keys, sorted) of the dictionaries naming it.
    private var seen: [String: [String: Set<[String]>]] = [:]

    /// Gathers evidence from the dictionaries down to `depth` levels below `node`.
    mutating func collect(_ node: Int, in tree: SourceTree, depth: Int) {
        guard depth >= 0 else { return }
        let kind = tree[node].kind
        guard kind.isContainer else { return }
        if kind == .dictionary {
            var keys: [String] = []
            var candidates: [(key: String, type: String)] = []
            for child in tree.children(of: node) {
                guard let key = tree.key(of: child) else { continue }
                keys.append(key)
                if tree[child].kind == .string, SchemaInference.isTypeName(key), case .string(let value) = tree.scalar(at: child), SchemaInference.isTypeName(value), value != key {
                    candidates.append((key, value))
                }
            }
            for (key, type) in candidates {
                let others = keys.filter { $0 != key && $0 != ModelVersion.key }.sorted()
                seen[key, default: [:]][type, default: []].insert(others)
            }
        }
        for child in tree.children(of: node) { collect(child, in: tree, depth: depth - 1) }
    }

    /// The keys with strong evidence of holding type tags.
    var tagKeys: Set<String> {
        var keys: Set<String> = []
        for (key, types) in seen where types.count >= 2 && Self.typesDifferInFields(types, key: key) {
            keys.insert(key)
        }
        return keys
    }

    private static func typesDifferInFields(_ types: [String: Set<[String]>], key: String) -> Bool {
        let names = Array(types.keys)
        let fields = types.mapValues { Set($0.flatMap { $0 }) }
        for (i, a) in names.enumerated() {
            for b in names[(i + 1)...] where !types[a]!.isDisjoint(with: types[b]!) { return false }
        }
        // Named after the protocol (`ColorAsset`, `SoundAsset` for `Asset`), or each type has
        // a field of its own.
        if names.allSatisfy({ $0.hasSuffix(key) || $0.hasPrefix(key) }) { return true }
        return names.allSatisfy { name in
            let others = names.filter { $0 != name }.reduce(into: Set<String>()) { $0.formUnion(fields[$1]!) }
            return !fields[name]!.subtracting(others).isEmpty
        }
    }
}
