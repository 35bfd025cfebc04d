/// A binary plist stores each key once and refers to it from every dictionary: the keys last
/// decoded, by where their object starts (direct-mapped), are not decoded again by a reader
/// that reads every member's key (the value builder, a whole guess). Other formats, and small
/// subtrees (a model's store asks for a small color dictionary's value per color), decode
/// each key where it is.
package struct KeyCache {
    private var slots: [(start: UInt32, key: String)]?

    /// A cache for reading a subtree of `size` nodes of `tree`.
    package init(_ tree: SourceTree, size: Int) {
        slots = tree.format == .binary && size > 256 ? Array(repeating: (UInt32.max, ""), count: 512) : nil
    }

    /// The key of `node`, a dictionary member of `tree`, whose bytes are `buffer`.
    package mutating func key(of node: SourceNode, in tree: SourceTree, buffer: UnsafeBufferPointer<UInt8>) -> String {
        key(node) { tree.key(node, in: buffer) }
    }

    /// The key of the node at `index`, nil when it has none (the bytes are read on a miss only).
    package mutating func key(of index: Int, in tree: SourceTree) -> String? {
        let node = tree[index]
        guard node.hasKey else { return nil }
        return key(node) { tree.bytes.withUnsafeBufferPointer { tree.key(node, in: $0) } }
    }

    @inline(__always) private mutating func key(_ node: SourceNode, decoding decode: () -> String) -> String {
        guard slots != nil else { return decode() }
        let slot = Int(truncatingIfNeeded: (node.keyStart &* 0x9E37_79B1) >> 23)
        if slots![slot].start == node.keyStart { return slots![slot].key }
        let key = decode()
        slots![slot] = (node.keyStart, key)
        return key
    }
}
