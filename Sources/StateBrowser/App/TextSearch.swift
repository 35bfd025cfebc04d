import State

/// Finds the nodes whose key or value contains a text, as `/` does: case-insensitive unless the
/// query has a capital letter (smart case), comparing Unicode text as UTF-8 (like grep, not
/// by grapheme).
///
/// A 100 MB file has millions of keys and values, and decoding each into a `String` took
/// seconds. So plain keys and strings (no escapes, entities or UTF-16) are compared as bytes
/// where they lie in the file; numbers, dates and booleans are decoded only when the query
/// could be part of how they print (no "accent" in a real); and only text that needs it
/// (escaped, or non-ASCII under case folding) is decoded and lowercased.
struct TextSearch {
    let caseSensitive: Bool
    /// The query's UTF-8, lowercased unless the search is case-sensitive.
    let needle: [UInt8]
    /// Whether keys, and values, are looked at.
    let keys: Bool
    let values: Bool
    /// Whether a scalar of each kind (by raw value) can print as text containing the query.
    private let kindCanMatch: [Bool]

    init(_ text: String, keys: Bool = true, values: Bool = true) {
        self.keys = keys
        self.values = values
        caseSensitive = text.contains { $0.isUppercase }
        needle = Array((caseSensitive ? text : text.lowercased()).utf8)
        // The characters each kind prints with (`PlistValue.plainText`), lowercased when folding.
        let date = caseSensitive ? "0123456789-:.TZ" : "0123456789-:.tz"
        let alphabets: [SourceNode.Kind: String] = [
            .integer: "-0123456789",
            .real: "0123456789.-+einfa",
            .trueValue: "true", .falseValue: "false",
            .date: date,
            .uid: caseSensitive ? "UID()0123456789" : "uid()0123456789",
            .null: "null",
        ]
        let needleSet = Set(needle)
        var canMatch = Array(repeating: true, count: 256)
        for (kind, alphabet) in alphabets { canMatch[Int(kind.rawValue)] = needleSet.isSubset(of: Set(alphabet.utf8)) }
        kindCanMatch = canMatch
    }

    /// Every node whose key or value contains the query, in document order.
    func matches(in tree: SourceTree) -> [Int32] {
        var found: [Int32] = []
        tree.bytes.withUnsafeBufferPointer { buffer in
            for node in 0..<tree.nodes.count where isMatch(node, tree, buffer) {
                found.append(Int32(node))
            }
        }
        return found
    }

    /// Whether one node's key or value contains the query (what `matches(in:)` finds).
    func isMatch(_ node: Int, in tree: SourceTree) -> Bool {
        tree.bytes.withUnsafeBufferPointer { isMatch(node, tree, $0) }
    }

    private func isMatch(_ node: Int, _ tree: SourceTree, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = tree.nodes[node]
        if keys, entry.hasKey {
            if let range = tree.plainKeyRange(of: node, in: buffer) {
                if contains(UnsafeBufferPointer(rebasing: buffer[range])) { return true }
            } else if let key = tree.key(of: node), contains(key) {
                return true
            }
        }
        guard values else { return false }
        switch entry.kind {
        case .dictionary, .array:
            return false
        case .string:
            if let range = tree.plainStringRange(of: node, in: buffer) {
                return contains(UnsafeBufferPointer(rebasing: buffer[range]))
            }
            return contains(tree.scalar(at: node).plainText)
        case .data:
            return contains(tree.scalar(at: node).plainText)
        default:
            guard kindCanMatch[Int(entry.kind.rawValue)] else { return false }
            return contains(tree.scalarText(at: node))
        }
    }

    /// Whether decoded text contains the query.
    func contains(_ text: String) -> Bool {
        let utf8 = Array((caseSensitive ? text : text.lowercased()).utf8)
        return utf8.withUnsafeBufferPointer { Self.find(needle, in: $0, foldingASCII: false) }
    }

    /// Whether text given as UTF-8 bytes contains the query. Folding ASCII is exact for ASCII
    /// text; other text that did not match is decoded and lowercased to make sure.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if Self.find(needle, in: bytes, foldingASCII: !caseSensitive) { return true }
        guard !caseSensitive, bytes.contains(where: { $0 >= 0x80 }) else { return false }
        return contains(String(decoding: bytes, as: UTF8.self))
    }

    /// A plain substring search; with `foldingASCII`, `A`–`Z` in the haystack count as `a`–`z`
    /// (the needle is already lowercase).
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard haystack.count >= n else { return false }
        return needle.withUnsafeBufferPointer { needle in
            @inline(__always) func fold(_ c: UInt8) -> UInt8 { foldingASCII && c &- 65 < 26 ? c | 0x20 : c }
            let first = needle[0]
            var i = 0
            let last = haystack.count - n
            while i <= last {
                if fold(haystack[i]) == first {
                    var j = 1
                    while j < n, fold(haystack[i + j]) == needle[j] { j += 1 }
                    if j == n { return true }
                }
                i += 1
            }
            return false
        }
    }
}
