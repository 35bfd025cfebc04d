import OrderedCollections

/// A value of a parsed file, not yet decoded: what models are read from when they are read
/// from a file.
///
/// Reading a file into models builds no value tree: a store over a node finds each key among
/// the node's members in the file and decodes only the values its model asks for, straight
/// from the file's bytes. A type of your own that implements
/// `init(storedValue:context:)` is read through it as before: the default
/// `init(storedNode:context:)` decodes the node (and everything below it) into a
/// `PlistValue` first.
public struct StoredNode: Sendable {
    @usableFromInline let file: ParsedFile
    @usableFromInline let index: Int

    init(file: ParsedFile, index: Int) {
        self.file = file
        self.index = index
    }

    /// The root of a parsed file.
    init(root tree: SourceTree) {
        self.init(file: ParsedFile(tree: tree), index: SourceTree.root)
    }

    /// The value, decoded: a container with everything below it.
    public var value: PlistValue {
        let tree = file.tree
        return tree.nodes[index].kind.isContainer ? tree.value(at: index) : tree.scalar(at: index)
    }

    /// What the node is in the file.
    var kind: SourceNode.Kind { file.tree.nodes[index].kind }

    /// Whether the node is JSON's `null`, which a reader of an optional takes for an absent key.
    @usableFromInline var isNull: Bool { kind == .null }

    /// Whether the node is a dictionary as the value tree has it: XML and binary keyed archives
    /// spell a UID as a one-entry `{CF$UID: n}` dictionary, which is a UID there.
    var isDictionary: Bool {
        let node = file.tree.nodes[index]
        guard node.kind == .dictionary else { return false }
        guard node.count > 0, file.tree.format.syntax.spellsUIDsAsDictionaries else { return true }
        // Decoded only when its first key is CF$UID: the dictionary may hold a whole document.
        guard file.tree.key(of: index + 1) == "CF$UID" else { return true }
        if case .uid = value { return false }
        return true
    }

    /// The member at `key` (the last one, when the file has the key twice: the one the value
    /// tree keeps), or nil. Only for a dictionary.
    @usableFromInline func member(_ key: String) -> StoredNode? {
        file.member(of: index, key: key).map { StoredNode(file: file, index: $0) }
    }

    /// The node's children in order: a dictionary's members with their keys, an array's
    /// elements with nil.
    func forEachChild(_ body: (_ key: String?, _ child: StoredNode) throws -> Void) rethrows {
        let tree = file.tree
        let keyed = tree.nodes[index].kind == .dictionary
        try tree.bytes.withUnsafeBufferPointer { buffer in
            for child in tree.children(of: index) {
                let key = keyed ? tree.key(tree.nodes[child], in: buffer) : nil
                try body(key, StoredNode(file: file, index: child))
            }
        }
    }

    /// Each element of an array node read by `read`, in the context's collection mode (an
    /// element it drops is left out); any other node is a mismatch naming `expected`.
    func elements<T>(context: ReadContext, expected: @autoclosure () -> String, _ read: (StoredNode, ReadContext) throws -> T) throws -> [T] {
        guard kind == .array else { throw context.mismatch(expected: expected(), found: self) }
        var result: [T] = []
        result.reserveCapacity(count)
        let context = context.anchored()
        var index = 0
        try forEachChild { _, item in
            if let element = try context.element({ try read(item, context.appending(index: index)) }) { result.append(element) }
            index += 1
        }
        return result
    }

    /// Each member of a dictionary node read by `read`, in the context's collection mode, as
    /// the value tree has them: a key the file has twice where it was first written, with the
    /// value written last (the first is not read). Any other node is a mismatch.
    func members<T>(context: ReadContext, expected: @autoclosure () -> String, _ read: (StoredNode, ReadContext) throws -> T) throws -> [(key: String, value: T)] {
        guard isDictionary else { throw context.mismatch(expected: expected(), found: self) }
        var members = OrderedDictionary<String, StoredNode>(minimumCapacity: count)
        forEachChild { key, member in members[key ?? ""] = member }
        var result: [(key: String, value: T)] = []
        result.reserveCapacity(members.count)
        let context = context.anchored()
        for (key, member) in members {
            if let value = try context.element({ try read(member, context.appending(key)) }) { result.append((key, value)) }
        }
        return result
    }

    /// The number of children of a container.
    var count: Int { Int(file.tree.nodes[index].count) }

    /// The keys of a dictionary in the order the value tree has them: a key written twice
    /// where it was first written.
    var keys: OrderedSet<String> {
        var keys = OrderedSet<String>()
        keys.reserveCapacity(count)
        forEachChild { key, _ in keys.append(key ?? "") }
        return keys
    }

    /// The decoded entries of a dictionary node.
    var entries: OrderedDictionary<String, PlistValue> {
        if case .dictionary(let entries) = value { return entries }
        return [:]
    }
}

/// A parsed file shared by every node read from it.
@usableFromInline final class ParsedFile: Sendable {
    let tree: SourceTree

    init(tree: SourceTree) {
        self.tree = tree
    }

    /// The last member of dictionary `parent` whose key is `key`. A model asks for each of its
    /// keys in turn, so this runs for every field read: the file's bytes are compared where
    /// they spell a key plainly (`KeySpelling`), and only other keys are decoded.
    func member(of parent: Int, key: String) -> Int? {
        var spelled = key
        return spelled.withUTF8 { wanted in
            let plain = KeySpelling.isPlain(wanted)
            return tree.nodes.withUnsafeBufferPointer { nodes in
                tree.bytes.withUnsafeBufferPointer { bytes in
                    var found: Int?
                    var child = parent + 1
                    let end = parent + 1 + Int(nodes[parent].size)
                    while child < end {
                        let node = nodes[child]
                        switch plain ? KeySpelling.compare(node, with: wanted, format: tree.format, in: bytes) : .undecided {
                        case .equal: found = child
                        case .different: break
                        case .undecided: if tree.key(node, in: bytes) == key { found = child }
                        }
                        child += 1 + Int(node.size)
                    }
                    return found
                }
            }
        }
    }
}

extension Storable {
    /// Reads the value from a node of a parsed file: by default by decoding the node into a
    /// `PlistValue` and reading that (`init(storedValue:context:)`). Models, collections and
    /// colors read the node's members in place.
    public init(storedNode: StoredNode, context: ReadContext) throws {
        try self.init(storedValue: storedNode.value, context: context)
    }
}

extension ReadContext {
    /// A type-mismatch error at this place for a node of a file (decoded only for the message).
    func mismatch(expected: String, found node: StoredNode) -> ModelError {
        mismatch(expected: expected, found: node.value)
    }
}
