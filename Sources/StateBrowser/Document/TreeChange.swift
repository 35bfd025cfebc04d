import State
import StateDocument

/// The part of the tree an edit replaced, told in node terms: one node keeps its index (every
/// node before it is untouched), its subtree is different, and every node after it moved by
/// the same amount. For an edit of a container's children, `childMap` says which old child
/// each new child is, so the outline keeps what was expanded inside it too.
package struct TreeChange: Sendable, Equatable {
    /// The node whose subtree changed (the same path before and after the edit).
    package var path: PlistPath
    /// New child position → old child position (nil: a new child); nil when the whole subtree
    /// was replaced.
    package var childMap: [Int?]?

    package init(path: PlistPath, childMap: [Int?]?) {
        self.path = path
        self.childMap = childMap
    }

    /// What `operations`, made on `tree`, change.
    package init(_ operations: [EditOperation], in tree: SourceTree) {
        guard operations.count == 1, let operation = operations.first else {
            // Several edits at once (a color's channels, an enum's tag and payload): their
            // common ancestor is replaced.
            self.init(path: EditOperation.changedSubtree(of: operations), childMap: nil)
            return
        }
        let parent = operation.changedSubtree
        let count = tree.index(at: parent).map { Int(tree[$0].count) } ?? 0
        var position: Int?
        if let last = operation.path.components.last, let parentNode = tree.index(at: parent) {
            position = Self.position(of: last, in: parentNode, tree: tree)
        }
        switch operation {
        case .set, .setNumber:
            self.init(path: parent, childMap: nil)
        case .rename:
            self.init(path: parent, childMap: Array(0..<count))
        case .delete:
            guard let i = position else { self.init(path: parent, childMap: nil); return }
            self.init(path: parent, childMap: (0..<(count - 1)).map { $0 < i ? $0 : $0 + 1 })
        case .insert(_, _, let at, _):
            let i = at ?? count
            self.init(path: parent, childMap: (0...count).map { $0 < i ? $0 : $0 == i ? nil : $0 - 1 })
        case .move(_, let to):
            guard let i = position else { self.init(path: parent, childMap: nil); return }
            var order: [Int?] = Array(0..<count)
            let item = order.remove(at: i)
            order.insert(item, at: min(to, order.count))
            self.init(path: parent, childMap: order)
        case .duplicate:
            guard let i = position else { self.init(path: parent, childMap: nil); return }
            self.init(path: parent, childMap: (0...count).map { $0 <= i ? $0 : $0 == i + 1 ? i : $0 - 1 })
        }
    }

    /// The same change seen backwards (for undo): old and new swapped.
    package var inverted: TreeChange {
        guard let map = childMap else { return self }
        let oldCount = (map.compactMap { $0 }.max() ?? -1) + 1
        var inverse = [Int?](repeating: nil, count: max(oldCount, map.count - map.filter { $0 == nil }.count))
        for (new, old) in map.enumerated() {
            if let old, old < inverse.count { inverse[old] = new }
        }
        return TreeChange(path: path, childMap: inverse)
    }

    private static func position(of component: PlistPath.Component, in parent: Int, tree: SourceTree) -> Int? {
        guard let child = tree.child(of: parent, at: component) else { return nil }
        return tree.children(of: parent).enumerated().first { $0.element == child }?.offset
    }
}
