import Dispatch
import State
import Synchronization

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
    /// The dictionaries already judged, by what their evidence depends on (`fingerprint`):
    /// conformers of one protocol recur by the thousand alike, and their evidence is the same
    /// each time.
    private var judged: Set<Fingerprint> = []

    /// The tag keys of `tree`, judged from its dictionaries down to `depth` levels.
    ///
    /// A document of up to `wholeDocumentBudget` nodes is judged whole. A larger one is judged
    /// from evenly spaced windows of its node table adding up to that budget (a pre-order
    /// table, so every part of the document is sampled), which keeps this to tens of
    /// milliseconds and lets `state print` start writing at once; conformers of one protocol
    /// recur throughout a file, so a sample finds them. A guess it is either way.
    ///
    /// `threads` share the nodes judged (the evidence is the same however it is shared).
    static func tagKeys(of tree: SourceTree, depth: Int = .max, budget: Int = wholeDocumentBudget, threads: Int = 1) -> Set<String> {
        guard depth == .max else {
            var evidence = TagEvidence()
            evidence.collect(SourceTree.root, in: tree, depth: depth)
            return evidence.tagKeys
        }
        var ranges: [Range<Int>]
        if tree.nodes.count <= budget {
            ranges = [0..<tree.nodes.count]
        } else {
            let windows = 64
            let width = budget / windows
            let stride = tree.nodes.count / windows
            ranges = (0..<windows).map { w in (w * stride)..<min(w * stride + width, tree.nodes.count) }
        }
        let parts = max(1, min(threads, tree.nodes.count / 65_536 + 1))
        guard parts > 1 else {
            var evidence = TagEvidence()
            for range in ranges { evidence.collect(range, in: tree) }
            return evidence.tagKeys
        }
        // Each thread judges an equal share of the nodes, then the evidence is put together.
        let share = (ranges.reduce(0) { $0 + $1.count } + parts - 1) / parts
        var split = [[Range<Int>]](repeating: [], count: parts)
        var part = 0
        var filled = 0
        for range in ranges {
            var lower = range.lowerBound
            while lower < range.upperBound {
                let room = part == parts - 1 ? range.upperBound - lower : share - filled
                let piece = lower..<min(range.upperBound, lower + room)
                split[part].append(piece)
                filled += piece.count
                lower = piece.upperBound
                if filled >= share, part < parts - 1 {
                    part += 1
                    filled = 0
                }
            }
        }
        let shares = split
        let found = Mutex<[TagEvidence]>([])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var evidence = TagEvidence()
            for range in shares[part] { evidence.collect(range, in: tree) }
            found.withLock { $0.append(evidence) }
        }
        var evidence = TagEvidence()
        for part in found.withLock({ $0 }) { evidence.merge(part) }
        return evidence.tagKeys
    }

    /// Gathers the evidence of the dictionaries among `nodes`.
    private mutating func collect(_ nodes: Range<Int>, in tree: SourceTree) {
        for node in nodes where tree[node].kind == .dictionary { collect(dictionary: node, in: tree) }
    }

    /// Adds what `other` has seen.
    private mutating func merge(_ other: TagEvidence) {
        for (key, types) in other.seen {
            for (type, keySets) in types { seen[key, default: [:]][type, default: []].formUnion(keySets) }
        }
    }

    /// How many nodes are judged whole; larger documents are sampled (see `tagKeys(of:)`).
    static let wholeDocumentBudget = 1 << 20

    /// Gathers evidence from the dictionaries down to `depth` levels below `node`.
    mutating func collect(_ node: Int, in tree: SourceTree, depth: Int) {
        guard depth >= 0 else { return }
        let kind = tree[node].kind
        guard kind.isContainer else { return }
        if kind == .dictionary { collect(dictionary: node, in: tree) }
        for child in tree.children(of: node) { collect(child, in: tree, depth: depth - 1) }
    }

    /// Gathers the evidence of one dictionary: its string members whose key and value both
    /// name types.
    mutating func collect(dictionary node: Int, in tree: SourceTree) {
        // A type name starts with a capital: a dictionary with no string member under such a
        // key (or one not spelled plainly) is passed over by its keys' first bytes.
        let mayName = tree.bytes.withUnsafeBufferPointer { buffer in
            tree.children(of: node).contains { child in tree[child].kind == .string && Self.mayNameType(child, in: tree, buffer: buffer) }
        }
        guard mayName else { return }
        // Seen with these keys, in this order, and these values under keys that may name
        // types: nothing new to learn (conformers recur by the thousand alike).
        if let fingerprint = Self.fingerprint(of: node, in: tree) {
            guard !judged.contains(fingerprint) else { return }
            judged.insert(fingerprint)
        }
        var candidates: [(key: String, type: String)] = []
        tree.bytes.withUnsafeBufferPointer { buffer in
            for child in tree.children(of: node) where tree[child].kind == .string && Self.mayNameType(child, in: tree, buffer: buffer) {
                guard let key = tree.key(of: child), SchemaInference.isTypeName(key), case .string(let value) = tree.scalar(at: child), SchemaInference.isTypeName(value),
                    value != key
                else {
                    continue
                }
                candidates.append((key, value))
            }
        }
        guard !candidates.isEmpty else { return }
        let keys = tree.children(of: node).compactMap { tree.key(of: $0) }
        for (key, type) in candidates {
            let others = keys.filter { $0 != key && $0 != ModelVersion.key }.sorted()
            seen[key, default: [:]][type, default: []].insert(others)
        }
    }

    /// Whether member `child`'s key may name a type: not a plain ASCII key starting with
    /// anything but a capital.
    private static func mayNameType(_ child: Int, in tree: SourceTree, buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let range = tree.plainKeyRange(of: child, in: buffer), let first = range.first.map({ buffer[$0] }), first < 0x80 else { return true }
        return (0x41...0x5A).contains(first)
    }

    /// What a dictionary's evidence depends on, hashed: its keys as the file spells them, in
    /// order, and the text of each string member whose key may name a type (`mayNameType`).
    /// Two dictionaries alike in these give the same evidence. Nil when a key or such a
    /// string is not spelled plainly.
    ///
    /// A 128-bit hash of the bytes read (two 64-bit lanes mixed differently, each byte run
    /// after its length), not the bytes kept: copying a shape per dictionary and hashing it
    /// with `Hasher` cost more than judging it. Two dictionaries unlike in them share a
    /// fingerprint by chance about once in 2^64 pairs; the evidence of the second is then
    /// passed over, which an evidence of thousands of dictionaries does not feel.
    private static func fingerprint(of node: Int, in tree: SourceTree) -> Fingerprint? {
        tree.bytes.withUnsafeBufferPointer { buffer -> Fingerprint? in
            var hash = Fingerprint()
            for child in tree.children(of: node) {
                guard let range = tree.plainKeyRange(of: child, in: buffer) else { return nil }
                hash.mix(UnsafeBufferPointer(rebasing: buffer[range]))
                if tree[child].kind == .string, mayNameType(child, in: tree, buffer: buffer) {
                    guard let value = tree.plainStringRange(of: child, in: buffer) else { return nil }
                    hash.mix(UnsafeBufferPointer(rebasing: buffer[value]))
                } else {
                    hash.mix(length: -1)
                }
            }
            return hash
        }
    }

    /// Two 64-bit hash lanes over byte runs (`fingerprint(of:in:)`).
    struct Fingerprint: Hashable {
        private var a: UInt64 = 0xCBF2_9CE4_8422_2325
        private var b: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func mix(length: Int) {
            let n = UInt64(bitPattern: Int64(length))
            a = (a ^ n) &* 0x0100_0000_01B3
            b = (b ^ n) &* 0xFF51_AFD7_ED55_8CCD
            b ^= b >> 33
        }

        /// The run's length, then its bytes eight at a time (the last word zero-padded: the
        /// length tells it apart from a run with zeros at its end).
        mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
            mix(length: bytes.count)
            guard let base = bytes.baseAddress else { return }
            var i = 0
            while i + 8 <= bytes.count {
                mix(word: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var word: UInt64 = 0
                withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[i...])) }
                mix(word: word)
            }
        }

        private mutating func mix(word: UInt64) {
            a = (a ^ word) &* 0x0100_0000_01B3
            a ^= a >> 31
            b = (b &+ word) &* 0xC4CE_B9FE_1A85_EC53
            b ^= b >> 29
        }
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
