import Foundation
import OrderedCollections

/// Builds `PlistValue`s from nodes in one forward pass (children follow their parent).
///
/// A large subtree is built in two halves at once: building a value tree is allocation-bound
/// (a dictionary is three heap objects), and a second core halves the wait. The split is made
/// where most of the tree is: from the top, down into any child that holds three quarters of
/// its parent's nodes, then that container's children are cut in two runs of about equal
/// size. Each half is built by a builder of its own (the binary key cache is per builder);
/// the container is then assembled from both runs and the walk from the top picks it up.
struct ValueBuilder {
    let tree: SourceTree
    let buffer: UnsafeBufferPointer<UInt8>
    /// Binary keys already decoded (per builder: each half of a split has its own).
    private var keys: KeyCache
    /// A container already built (by the split), taken as it is when the walk reaches it
    /// (-1: none). Two fields, not an optional pair, so the check binds no copy per node.
    private var prebuiltIndex = -1
    private var prebuiltValue = PlistValue.null

    /// A builder for a subtree of `size` nodes: the key cache is only worth making for one
    /// with many keys (a model's store asks for a small color dictionary's value per color).
    init(tree: SourceTree, buffer: UnsafeBufferPointer<UInt8>, size: Int = .max) {
        self.tree = tree
        self.buffer = buffer
        keys = KeyCache(tree, size: size)
    }

    /// The value of the subtree at `index`, split in two when it has more than `threshold`
    /// nodes and `threads > 1`.
    static func value(
        of tree: SourceTree, at index: Int, in buffer: UnsafeBufferPointer<UInt8>, splittingAbove threshold: Int, threads: Int
    ) -> PlistValue {
        let size = Int(tree.nodes[index].size)
        var builder = ValueBuilder(tree: tree, buffer: buffer, size: size)
        if threads > 1, size > threshold, let split = split(tree.nodes, under: index) {
            let runs = Runs()
            let shared = Shared(tree: tree, buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                var own = ValueBuilder(tree: shared.tree, buffer: shared.buffer)
                let members =
                    half == 0
                    ? own.members(from: split.container + 1, to: split.middle)
                    : own.members(from: split.middle, to: split.end)
                runs.set(half, members)
            }
            builder.prebuiltValue = builder.assemble(split.container, runs.first + runs.second)
            builder.prebuiltIndex = split.container
        }
        return builder.value(at: index).value
    }

    /// Where to cut: the container whose children are split, the first child of the second
    /// run, and the index past the container's subtree. Nil when no container has children
    /// to share out (one huge string, say).
    static func split(_ nodes: [SourceNode], under top: Int) -> (container: Int, middle: Int, end: Int)? {
        var container = top
        while true {
            let node = nodes[container]
            guard node.kind.isContainer, node.count > 0 else { return nil }
            let total = Int(node.size)
            let end = container + 1 + total
            var child = container + 1
            var largest = (index: child, size: -1)
            while child < end {
                let size = Int(nodes[child].size) + 1
                if size > largest.size { largest = (child, size) }
                child += size
            }
            if largest.size * 4 > total * 3 {
                container = largest.index
                continue
            }
            guard node.count > 1 else { return nil }
            // The first child at or past half the nodes starts the second run (never the
            // first child: each run has at least one).
            var middle = container + 1
            while middle < end, middle - container - 1 < total / 2 { middle += Int(nodes[middle].size) + 1 }
            if middle == container + 1 { middle += Int(nodes[middle].size) + 1 }
            if middle >= end { return nil }
            return (container, middle, end)
        }
    }

    /// The two runs' members, each written by one half and read after both are done.
    private final class Runs: @unchecked Sendable {
        var first: [(key: String?, value: PlistValue)] = []
        var second: [(key: String?, value: PlistValue)] = []
        func set(_ half: Int, _ members: [(key: String?, value: PlistValue)]) {
            if half == 0 { first = members } else { second = members }
        }
    }

    /// The tree and its bytes, read by both halves and written by neither.
    private struct Shared: @unchecked Sendable {
        let tree: SourceTree
        let buffer: UnsafeBufferPointer<UInt8>
    }

    private mutating func key(of node: SourceNode) -> String {
        keys.key(of: node, in: tree, buffer: buffer)
    }

    /// The keys (in a dictionary) and values of the sibling subtrees from `first` to `end`.
    private mutating func members(from first: Int, to end: Int) -> [(key: String?, value: PlistValue)] {
        var members: [(key: String?, value: PlistValue)] = []
        var child = first
        while child < end {
            let node = tree.nodes[child]
            let key = node.hasKey ? key(of: node) : nil
            let (v, next) = value(at: child)
            members.append((key, v))
            child = next
        }
        return members
    }

    /// The container at `index` made of `members`, as `value(at:)` makes it.
    private func assemble(_ index: Int, _ members: [(key: String?, value: PlistValue)]) -> PlistValue {
        if tree.nodes[index].kind == .array { return .array(members.map(\.value)) }
        var dict = OrderedDictionary<String, PlistValue>(minimumCapacity: members.count)
        for member in members { dict[member.key ?? ""] = member.value }
        return finished(dict)
    }

    /// A dictionary as a value: XML and binary keyed archives spell a UID as a one-entry
    /// CF$UID dictionary.
    private func finished(_ dict: OrderedDictionary<String, PlistValue>) -> PlistValue {
        if tree.format.syntax.spellsUIDsAsDictionaries, dict.count == 1, case .integer(let n)? = dict["CF$UID"], n >= 0, n <= Int128(UInt32.max) {
            return .uid(UInt64(n))
        }
        return .dictionary(dict)
    }

    /// Up to this many members, an `OrderedDictionary` keeps no hash table (it searches its
    /// keys), and `value(at:)` makes one from its keys and values at once.
    static let smallDictionary = 15

    /// The value at `index` and the index just past its subtree.
    mutating func value(at index: Int) -> (value: PlistValue, next: Int) {
        let node = tree.nodes[index]
        if index == prebuiltIndex { return (prebuiltValue, index + 1 + Int(node.size)) }
        switch node.kind {
        case .array:
            var items: [PlistValue] = []
            items.reserveCapacity(Int(node.count))
            var child = index + 1
            for _ in 0..<node.count {
                let (v, next) = value(at: child)
                items.append(v)
                child = next
            }
            return (.array(items), child)
        case .dictionary:
            let count = Int(node.count)
            var child = index + 1
            guard count <= Self.smallDictionary else {
                var dict = OrderedDictionary<String, PlistValue>(minimumCapacity: count)
                for _ in 0..<count {
                    let key = key(of: tree.nodes[child])
                    let (v, next) = value(at: child)
                    dict[key] = v
                    child = next
                }
                return (finished(dict), child)
            }
            // A small dictionary (most of them) is made from its keys and values at once when
            // its keys are all different — compared pairwise, as the subscript would, but
            // without storing through it one member at a time.
            var keys = ContiguousArray<String>()
            var values = ContiguousArray<PlistValue>()
            keys.reserveCapacity(count)
            values.reserveCapacity(count)
            var unique = true
            for _ in 0..<count {
                let key = key(of: tree.nodes[child])
                if unique, keys.contains(key) { unique = false }
                keys.append(key)
                let (v, next) = value(at: child)
                values.append(v)
                child = next
            }
            if unique { return (finished(OrderedDictionary(uncheckedUniqueKeys: keys, values: values)), child) }
            var dict = OrderedDictionary<String, PlistValue>(minimumCapacity: count)
            for (key, value) in zip(keys, values) { dict[key] = value }
            return (finished(dict), child)
        default:
            return (tree.scalar(node, in: buffer), index + 1)
        }
    }
}
