import OrderedCollections
import State

/// An edit to a model file, by key path: what the browser's editors and the `state set/add/
/// delete` commands ask for. `SourceEditor` turns one into the `ByteEdit` of a file.
public enum EditOperation: Sendable, Equatable {
    /// Replace the value at the path.
    case set(PlistPath, PlistValue)
    /// Replace the value at the path with a JSON number spelled exactly `text`: one beyond
    /// what property lists hold (`123456789012345678901234567890`, `1e400`), which no
    /// `PlistValue` carries. Only JSON files take it.
    case setNumber(PlistPath, text: String)
    /// Rename the dictionary member at the path.
    case rename(PlistPath, to: String)
    /// Remove the dictionary member or array item at the path.
    case delete(PlistPath)
    /// Add to the container at the path: a dictionary member (`key`) or an array item (no key),
    /// at position `at` among the children (nil: at the end).
    case insert(into: PlistPath, key: String?, at: Int?, value: PlistValue)
    /// Move the member or item at the path to position `to` among its siblings.
    case move(PlistPath, to: Int)
    /// Copy the member or item at the path to just after it; a dictionary member's copy needs
    /// a new key.
    case duplicate(PlistPath, key: String?)

    /// The path the edit concerns (for messages).
    public var path: PlistPath {
        switch self {
        case .set(let p, _), .setNumber(let p, _), .rename(let p, _), .delete(let p), .move(let p, _), .duplicate(let p, _): p
        case .insert(let p, _, _, _): p
        }
    }

    /// The value whose subtree the edit changes: the value itself for a set, the container
    /// for the others. Everything before it in document order stays as it was, and everything
    /// after it only moves — what incremental re-parsing and re-checking rely on.
    public var changedSubtree: PlistPath {
        switch self {
        case .set(let path, _), .setNumber(let path, _): path
        case .insert(let into, _, _, _): into
        case .rename(let path, _), .delete(let path), .move(let path, _), .duplicate(let path, _): path.dropLast()
        }
    }

    /// The value whose subtree several edits made together change: the common ancestor of each
    /// one's (a color's channels, an enum's tag and payload).
    public static func changedSubtree(of operations: [EditOperation]) -> PlistPath {
        var common = operations.first?.changedSubtree ?? PlistPath()
        for operation in operations.dropFirst() { common = common.commonPrefix(with: operation.changedSubtree) }
        return common
    }

    /// The scalars `operations` set, as node indexes of `tree` (the tree before them), or nil
    /// when one does more than set a scalar's value — then the tree's shape may change. An
    /// edit of these alone can be checked again value by value (`SchemaValidator.revalidating`).
    public static func setScalars(_ operations: [EditOperation], in tree: SourceTree) -> [Int]? {
        var nodes: [Int] = []
        for operation in operations {
            switch operation {
            case .set(let path, _), .setNumber(let path, _):
                guard let node = tree.index(at: path), !tree[node].kind.isContainer else { return nil }
                nodes.append(node)
            case .rename, .delete, .insert, .move, .duplicate:
                return nil
            }
        }
        return nodes
    }
}

extension PlistValue {
    /// Applies `operation` to the value tree (binary plists are edited this way and written
    /// whole). Checks the same conditions as `SourceEditor`, with the same messages.
    public mutating func apply(_ operation: EditOperation) throws {
        switch operation {
        case .set(let path, let value):
            guard self[path] != nil else { throw EditRules.missing(path) }
            try update(at: path[...]) { $0 = value }
        case .setNumber(let path, let text):
            throw EditRules.wideNumber(text, path)
        case .rename(let path, let newKey):
            guard let (parentPath, key) = try EditRules.member(path, in: self) else { throw EditRules.notAMember(path) }
            try update(at: parentPath[...]) { parent in
                guard case .dictionary(var d) = parent, let index = d.index(forKey: key) else { throw EditRules.notAMember(path) }
                if newKey == key { return }
                guard d[newKey] == nil else { throw EditRules.duplicateKey(newKey, path) }
                let value = d.remove(at: index).value
                d.updateValue(value, forKey: newKey, insertingAt: index)
                parent = .dictionary(d)
            }
        case .delete(let path):
            guard !path.components.isEmpty else { throw EditRules.root(path) }
            guard self[path] != nil else { throw EditRules.missing(path) }
            try update(at: path.dropLast()[...]) { parent in
                let position = try EditRules.position(of: path, in: parent)
                switch parent {
                case .dictionary(var d): d.remove(at: position); parent = .dictionary(d)
                case .array(var a): a.remove(at: position); parent = .array(a)
                default: break
                }
            }
        case .insert(let path, let key, let at, let value):
            guard let container = self[path] else { throw EditRules.missing(path) }
            try EditRules.checkInsert(into: container, path: path, key: key, at: at)
            try update(at: path[...]) { parent in
                switch parent {
                case .dictionary(var d):
                    d.updateValue(value, forKey: key!, insertingAt: at ?? d.count)
                    parent = .dictionary(d)
                case .array(var a):
                    a.insert(value, at: at ?? a.count)
                    parent = .array(a)
                default: break
                }
            }
        case .move(let path, let to):
            guard !path.components.isEmpty, self[path] != nil else { throw path.components.isEmpty ? EditRules.root(path) : EditRules.missing(path) }
            try update(at: path.dropLast()[...]) { parent in
                let from = try EditRules.position(of: path, in: parent)
                try EditRules.checkMove(to: to, count: parent.childCount, path: path)
                switch parent {
                case .dictionary(var d):
                    let (key, value) = d.remove(at: from)
                    d.updateValue(value, forKey: key, insertingAt: to)
                    parent = .dictionary(d)
                case .array(var a):
                    a.insert(a.remove(at: from), at: to)
                    parent = .array(a)
                default: break
                }
            }
        case .duplicate(let path, let key):
            guard !path.components.isEmpty, let value = self[path] else { throw path.components.isEmpty ? EditRules.root(path) : EditRules.missing(path) }
            try update(at: path.dropLast()[...]) { parent in
                let position = try EditRules.position(of: path, in: parent)
                try EditRules.checkInsert(into: parent, path: path.dropLast(), key: key, at: position + 1)
                switch parent {
                case .dictionary(var d): d.updateValue(value, forKey: key!, insertingAt: position + 1); parent = .dictionary(d)
                case .array(var a): a.insert(value, at: position + 1); parent = .array(a)
                default: break
                }
            }
        }
    }

    var childCount: Int {
        switch self {
        case .dictionary(let d): d.count
        case .array(let a): a.count
        default: 0
        }
    }

    /// Calls `change` on the value at `path` in place.
    private mutating func update(at path: ArraySlice<PlistPath.Component>, _ change: (inout PlistValue) throws -> Void) throws {
        guard let first = path.first else { return try change(&self) }
        switch (self, first) {
        case (.dictionary(var d), .key(let k)) where d[k] != nil:
            self = .null  // drop our reference so the child is uniquely owned while it changes
            defer { self = .dictionary(d) }
            try d[k]!.update(at: path.dropFirst(), change)
        case (.dictionary(var d), .index(let i)) where d[String(i)] != nil:
            self = .null
            defer { self = .dictionary(d) }
            try d[String(i)]!.update(at: path.dropFirst(), change)
        case (.array(var a), .index(let i)) where a.indices.contains(i):
            self = .null
            defer { self = .array(a) }
            try a[i].update(at: path.dropFirst(), change)
        default:
            return
        }
    }
}

extension PlistPath {
    /// The longest path both start with.
    func commonPrefix(with other: PlistPath) -> PlistPath {
        PlistPath(Array(zip(components, other.components).prefix { $0 == $1 }.map(\.0)))
    }
}
