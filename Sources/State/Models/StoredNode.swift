import Foundation
import OrderedCollections
import Synchronization

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

    @usableFromInline init(file: ParsedFile, index: Int) {
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
    @inlinable var kind: SourceNode.Kind { file.tree.nodes[index].kind }

    /// Whether the node is JSON's `null`, which a reader of an optional takes for an absent key.
    @usableFromInline var isNull: Bool { kind == .null }

    /// Whether the node is a dictionary as the value tree has it: XML and binary keyed archives
    /// spell a UID as a one-entry `{CF$UID: n}` dictionary, which is a UID there.
    @usableFromInline var isDictionary: Bool {
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
    // Inlinable, as its callers are: specialized for the element type, where the generic path
    // looked up metadata (of `T?`, of `[T]`) for every element.
    @inlinable func elements<T>(context: ReadContext, expected: @autoclosure () -> String, _ read: (StoredNode, ReadContext) throws -> T) throws -> [T] {
        guard kind == .array else { throw context.mismatch(expected: expected(), found: self) }
        return try inHalves(count: count, sizes: childSizes, context: context.anchored(at: self)) { node, positions, offset, context in
            try node.elements(from: index + 1 + offset, positions: positions, context: context, read)
        }
    }

    /// The elements at `positions`, the first of which is node `first`.
    @inlinable func elements<T>(from first: Int, positions: Range<Int>, context: ReadContext, _ read: (StoredNode, ReadContext) throws -> T) throws -> [T] {
        var result: [T] = []
        result.reserveCapacity(positions.count)
        var child = first
        for index in positions {
            if let element = try context.element({ try read(StoredNode(file: file, index: child), context.appending(index: index)) }) {
                result.append(element)
            }
            child += 1 + Int(file.tree.nodes[child].size)
        }
        return result
    }

    /// Each child's node count with its subtree, in order.
    @usableFromInline var childSizes: [Int] {
        file.tree.children(of: index).map { Int(file.tree.nodes[$0].size) + 1 }
    }

    /// Each member of a dictionary node read by `read`, in the context's collection mode, as
    /// the value tree has them: a key the file has twice where it was first written, with the
    /// value written last (the first is not read). Any other node is a mismatch.
    @inlinable func members<T>(context: ReadContext, expected: @autoclosure () -> String, _ read: (StoredNode, ReadContext) throws -> T) throws -> [(key: String, value: T)] {
        guard isDictionary else { throw context.mismatch(expected: expected(), found: self) }
        let members = Array(memberNodes)
        let sizes = { members.map { Int(file.tree.nodes[$0.value.index].size) + 1 } }
        return try inHalves(count: members.count, sizes: sizes(), context: context.anchored(at: self)) { node, positions, _, context in
            var result: [(key: String, value: T)] = []
            result.reserveCapacity(positions.count)
            for (key, member) in members[positions] {
                // Through `node`'s file: the second half's twin (see `HalvedRead`).
                let member = StoredNode(file: node.file, index: member.index)
                if let value = try context.element({ try read(member, context.appending(key)) }) { result.append((key, value)) }
            }
            return result
        }
    }

    /// The `count` children of this container read by `part` — handed the node to read
    /// through, the children's positions, the nodes before the first of them and the context
    /// — once for all of them, or for two halves at once when `HalvedRead` splits the
    /// container (`sizes`, each child's nodes, are only asked for a large one).
    @inlinable func inHalves<R>(
        count: Int, sizes: @autoclosure () -> [Int], context: ReadContext,
        _ part: (_ node: StoredNode, _ positions: Range<Int>, _ offset: Int, _ context: ReadContext) throws -> [R]
    ) throws -> [R] {
        guard count > 1, Int(file.tree.nodes[index].size) >= HalvedRead.threshold, let second = HalvedRead.secondHalf(of: index, in: file, sizes: sizes()) else {
            return try part(self, 0..<count, 0, context)
        }
        defer { HalvedRead.finish(file) }
        let twin = StoredNode(file: file.twin, index: index)
        return try HalvedRead.read(
            context,
            { try part(self, 0..<second.position, 0, $0) },
            { try part(twin, second.position..<count, second.offset, $0.anchored(at: twin)) }
        )
    }

    /// A dictionary's members by key, as the value tree has them: a key the file has twice
    /// where it was first written, with the node written last.
    @usableFromInline var memberNodes: OrderedDictionary<String, StoredNode> {
        var members = OrderedDictionary<String, StoredNode>(minimumCapacity: count)
        forEachChild { key, member in members[key ?? ""] = member }
        return members
    }

    // MARK: - Scalars without a value
    //
    // A field read from a file decoded its node into a `PlistValue` and took the value apart
    // again: a thousand instructions and more per field. These read the common cases from the
    // node's bytes; anything else (a mismatch, a number where a string is wanted) is nil, and
    // the reader falls back to the value, which gives the same result or error as before.

    /// The text of a string node; nil for any other node.
    @usableFromInline var string: String? { file.string(at: index) }

    /// A date node's date, or a string node holding an ISO-8601 date (JSON); nil otherwise.
    @usableFromInline var date: Date? { file.date(at: index) }

    /// The whole number of an integer node; nil for any other node.
    @usableFromInline var integer: Int128? { file.integer(at: index) }

    /// The number of a real or integer node; nil for any other node.
    @usableFromInline var real: Double? { file.real(at: index) }

    /// The value of a `true` or `false` node; nil for any other node.
    @usableFromInline var bool: Bool? {
        switch kind {
        case .trueValue: true
        case .falseValue: false
        default: nil
        }
    }

    /// The bytes of a data node, or of a string node holding plain, padded base64 (JSON);
    /// nil otherwise.
    @usableFromInline var data: Data? { file.data(at: index) }

    /// The number of children of a container.
    @inlinable var count: Int { Int(file.tree.nodes[index].count) }

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
    @usableFromInline let tree: SourceTree
    /// Whether a collection of this file is being read in halves (`HalvedRead`): one at a time,
    /// so that the halves do not split again. Shared with the file's twins.
    private let split: Split

    convenience init(tree: SourceTree) {
        self.init(tree: tree, split: Split())
    }

    private init(tree: SourceTree, split: Split) {
        self.tree = tree
        self.split = split
    }

    /// Takes the file's one split; false when a collection has it already.
    func takeSplit() -> Bool {
        split.taken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// Another reader of the same parsed file, for the second half of a split: every node
    /// read holds its file, and two threads counting references on one object took turns at
    /// its cache line for every node. It shares the split, which is touched only to take it.
    @usableFromInline var twin: ParsedFile { ParsedFile(tree: tree, split: split) }

    /// Gives the split back.
    func returnSplit() {
        split.taken.store(false, ordering: .releasing)
    }

    /// The one split of a file and its twins.
    private final class Split: Sendable {
        let taken = Atomic<Bool>(false)
    }

    /// The key path of node `target` from the file's root: a member's key, an element's
    /// index, as the readers of the nodes append them (for an error's path).
    func path(of target: Int) -> [PlistPath.Component] {
        var components: [PlistPath.Component] = []
        let nodes = tree.nodes
        var parent = SourceTree.root
        while parent != target, parent < target, target <= parent + Int(nodes[parent].size) {
            let keyed = nodes[parent].kind == .dictionary
            var child = parent + 1
            var position = 0
            while target > child + Int(nodes[child].size) {
                child += 1 + Int(nodes[child].size)
                position += 1
            }
            components.append(keyed ? .key(tree.key(of: child) ?? "") : .index(position))
            parent = child
        }
        return components
    }

    /// The text of string node `index`, or nil.
    @usableFromInline func string(at index: Int) -> String? {
        let node = tree.nodes[index]
        guard node.kind == .string else { return nil }
        return tree.bytes.withUnsafeBufferPointer { buffer in
            let syntax = tree.format.syntax
            if let range = syntax.plainStringRange(node, in: buffer) {
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            return syntax.decodeScalar(node, in: buffer).stringValue
        }
    }

    /// The date of node `index` (a date, or a plain string spelling one), or nil.
    @usableFromInline func date(at index: Int) -> Date? {
        let node = tree.nodes[index]
        guard node.kind == .string || node.kind == .date else { return nil }
        if node.kind == .string {
            let parsed = tree.bytes.withUnsafeBufferPointer { buffer in
                tree.plainStringRange(of: index, in: buffer).map { PlistDate.parse(UnsafeBufferPointer(rebasing: buffer[$0])) }
            }
            if let parsed { return parsed }
        }
        switch tree.scalar(at: index) {
        case .date(let date): return date
        case .string(let text):
            var text = text
            return text.withUTF8 { PlistDate.parse($0) }
        default: return nil
        }
    }

    /// The number of integer node `index`, or nil.
    @usableFromInline func integer(at index: Int) -> Int128? {
        guard tree.nodes[index].kind == .integer, case .integer(let i) = tree.scalar(at: index) else { return nil }
        return i
    }

    /// The number of real or integer node `index`, or nil.
    @usableFromInline func real(at index: Int) -> Double? {
        let kind = tree.nodes[index].kind
        guard kind == .real || kind == .integer else { return nil }
        switch tree.scalar(at: index) {
        case .real(let r): return r
        case .integer(let i): return Double(i)
        default: return nil
        }
    }

    /// The bytes of data node `index`, or of a plain string node of padded base64 with no
    /// whitespace (as JSON writers spell data: Foundation's `Data(base64Encoded:)` reads it
    /// the same), or nil.
    @usableFromInline func data(at index: Int) -> Data? {
        let node = tree.nodes[index]
        guard node.kind == .string || node.kind == .data else { return nil }
        return tree.bytes.withUnsafeBufferPointer { buffer in
            let syntax = tree.format.syntax
            if node.kind == .string {
                guard let range = syntax.plainStringRange(node, in: buffer) else { return nil }
                return Base64.decodePadded(UnsafeBufferPointer(rebasing: buffer[range]))
            }
            if case .data(let data) = syntax.decodeScalar(node, in: buffer) { return data }
            return nil
        }
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
                    let format = tree.format
                    let n = wanted.count
                    // Where the key's text starts when the file spells it plainly, and whether
                    // its first byte already tells another key: most members are rejected so
                    // (a different ASCII byte, or in binary another length) before the full
                    // comparison (`KeySpelling.compare`). A member always has a key.
                    let last = bytes.count - n - 1
                    if plain, n > 0, format == .json || format == .jsonc {
                        // JSON, its own loop (the members of a model's dictionary are scanned
                        // for every field): each key compared in place after its opening quote
                        // — the first byte rejects most — and decoded only where the bytes
                        // cannot settle it (escaped, or differing past ASCII).
                        let first = wanted[0]
                        while child < end {
                            let keyStart = Int(nodes[child].keyStart)
                            var verdict = KeySpelling.Match.undecided
                            if nodes[child].flags & SourceNode.Flags.keyEscaped == 0, keyStart &+ 1 <= last {
                                let text = keyStart &+ 1
                                let b = bytes[text]
                                if b != first {
                                    if b < 0x80 { verdict = .different }
                                } else {
                                    var i = 1
                                    while i < n, bytes[text + i] == wanted[i] { i += 1 }
                                    let next = bytes[text + i]
                                    if i == n, next == UInt8(ascii: "\"") {
                                        verdict = .equal
                                    } else if next < 0x80 {
                                        verdict = .different
                                    }
                                }
                            }
                            switch verdict {
                            case .equal: found = child
                            case .different: break
                            case .undecided: if tree.key(nodes[child], in: bytes) == key { found = child }
                            }
                            child += 1 + Int(nodes[child].size)
                        }
                        return found
                    }
                    while child < end {
                        let node = nodes[child]
                        if plain, n > 0, node.flags & SourceNode.Flags.keyEscaped == 0 {
                            let keyStart = Int(node.keyStart)
                            switch format {
                            case .xml:
                                // `<key>` spelled so: the text is right after it.
                                let text = keyStart &+ 5
                                if text <= last, bytes[keyStart + 4] == UInt8(ascii: ">"), bytes[keyStart + 1] == UInt8(ascii: "k"),
                                    bytes[text] != wanted[0], bytes[text] < 0x80
                                {
                                    child += 1 + Int(node.size)
                                    continue
                                }
                            case .binary:
                                // An ASCII string object of another length.
                                let marker = keyStart < bytes.count ? bytes[keyStart] : 0
                                if marker >> 4 == 0x5, marker & 0x0F != 0x0F, Int(marker & 0x0F) != n {
                                    child += 1 + Int(node.size)
                                    continue
                                }
                            case .json, .jsonc, .openStep:
                                // JSON has its own loop above; OpenStep is always decoded.
                                break
                            }
                        }
                        switch plain ? KeySpelling.compare(node, with: wanted, format: format, in: bytes) : .undecided {
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
    /// Reads the value from a node of a parsed file: by default through `quickRead`, and
    /// when that gives nil by decoding the node into a `PlistValue` and reading that
    /// (`init(storedValue:context:)`, which makes every error). Models, collections and
    /// colors read the node's members in place.
    @inlinable public init(storedNode: StoredNode, context: ReadContext) throws {
        self = try Self.quickRead(storedNode) ?? Self(storedValue: storedNode.value, context: context)
    }
}

extension ReadContext {
    /// A type-mismatch error at this place for a node of a file (decoded only for the message).
    @usableFromInline func mismatch(expected: String, found node: StoredNode) -> ModelError {
        mismatch(expected: expected, found: node.value)
    }
}
