import Foundation
import State
import StateSchema

/// A file opened in the browser: its span tree, what each node is (from a schema, or guessed),
/// and the per-node links the views need to stay fast on million-node trees.
public struct BrowserDocument: Sendable {
    /// How roles are found: checking against a schema, or guessing from the data's shape.
    public enum Checker: Sendable {
        case schema(SchemaValidator, root: String?)
        case inference

        /// Roles and diagnostics for `tree`, down to `depthLimit`.
        public func check(_ tree: SourceTree, depthLimit: Int = .max) -> TypedDocument {
            switch self {
            case .schema(let validator, let root): validator.validate(tree, as: root, depthLimit: depthLimit)
            case .inference: SchemaInference.annotate(tree, depthLimit: depthLimit)
            }
        }
    }

    /// How deep the quick first pass goes when the whole check is deferred: the rows of the first
    /// screen and of the first expansions.
    public static let quickCheckDepth = 2

    public let tree: SourceTree
    /// Roles and diagnostics: from the schema when there is one, otherwise inferred. While
    /// `isCheckPending`, only from a quick pass over the top of the tree.
    public private(set) var typed: TypedDocument
    public let checker: Checker
    /// True while the whole check is still to come (the runtime does it in the background).
    public private(set) var isCheckPending: Bool
    /// The file as the user named it (shown in the status bar).
    public internal(set) var fileName: String
    /// Counts the documents an editing session has made: a background check is taken only by
    /// the document it was started for.
    public private(set) var generation = 0
    /// Where the schema came from, or nil when roles were inferred.
    public let schemaName: String?
    /// Each node's parent (-1 for the root).
    let parents: [Int32]
    /// Each node's position among its parent's children (the array index of an element).
    let positions: [UInt32]

    /// Checks `tree` with `checker` now, or (with `deferCheck`) only its top levels, leaving
    /// the whole check to `fullCheck()` and `finishCheck(_:)`.
    public init(tree: SourceTree, checker: Checker, fileName: String, schemaName: String?, deferCheck: Bool = false) {
        self.tree = tree
        self.checker = checker
        typed = checker.check(tree, depthLimit: deferCheck ? Self.quickCheckDepth : .max)
        isCheckPending = deferCheck
        self.fileName = fileName
        self.schemaName = schemaName
        (parents, positions) = Self.links(tree)
    }

    /// Opens `url`, checking it against `schema` (or the schema found beside it, or inference).
    /// With `deferCheck`, only the top of the tree is checked before this returns (see `init`).
    public static func open(_ url: URL, displayName: String? = nil, schema schemaURL: URL? = nil, root: String? = nil, deferCheck: Bool = false) throws -> BrowserDocument {
        let tree = try SourceTree(contentsOf: url)
        let name = displayName ?? url.lastPathComponent
        guard let schemaURL = schemaURL ?? SchemaLoader.schemaBeside(url) else {
            return BrowserDocument(tree: tree, checker: .inference, fileName: name, schemaName: nil, deferCheck: deferCheck)
        }
        let schema = try SchemaLoader.load(schemaURL)
        return BrowserDocument(tree: tree, checker: .schema(SchemaValidator(schema: schema), root: root), fileName: name, schemaName: schemaURL.lastPathComponent, deferCheck: deferCheck)
    }

    /// The whole check of the tree (slow on large files: the runtime calls it off the main thread).
    public func fullCheck() -> TypedDocument { checker.check(tree) }

    /// Takes the result of `fullCheck()`.
    public mutating func finishCheck(_ typed: TypedDocument) {
        self.typed = typed
        isCheckPending = false
    }

    /// Trees up to this many nodes are checked again at once after an edit; larger ones in the
    /// background, like at open.
    public static let synchronousCheckLimit = 200_000

    /// The document for `tree`, the same file after an edit: checked the same way, at once when
    /// it is small enough.
    public func replacing(_ tree: SourceTree) -> BrowserDocument {
        var next = BrowserDocument(tree: tree, checker: checker, fileName: fileName, schemaName: schemaName, deferCheck: tree.nodes.count > Self.synchronousCheckLimit)
        next.generation = generation + 1
        return next
    }

    /// Parents and positions in one pass over the node table, with a stack of open containers.
    static func links(_ tree: SourceTree) -> ([Int32], [UInt32]) {
        let count = tree.nodes.count
        var parents = [Int32](repeating: -1, count: count)
        var positions = [UInt32](repeating: 0, count: count)
        tree.nodes.withUnsafeBufferPointer { nodes in
            // (container index, index past its subtree, next child position)
            var stack: [(node: Int, end: Int, next: UInt32)] = []
            for i in 0..<count {
                while let top = stack.last, i >= top.end { stack.removeLast() }
                if let top = stack.last {
                    parents[i] = Int32(top.node)
                    positions[i] = top.next
                    stack[stack.count - 1].next += 1
                }
                if nodes[i].kind.isContainer, nodes[i].count > 0 {
                    stack.append((i, i + 1 + Int(nodes[i].size), 0))
                }
            }
        }
        return (parents, positions)
    }

    // MARK: - Navigation

    public var nodeCount: Int { tree.nodes.count }

    public func parent(of node: Int) -> Int? {
        let p = parents[node]
        return p < 0 ? nil : Int(p)
    }

    /// The next sibling, or nil for the last child.
    public func nextSibling(of node: Int) -> Int? {
        guard let parent = parent(of: node) else { return nil }
        let next = node + 1 + Int(tree[node].size)
        return next <= parent + Int(tree[parent].size) ? next : nil
    }

    /// The previous sibling, or nil for the first child.
    public func previousSibling(of node: Int) -> Int? {
        guard let parent = parent(of: node), positions[node] > 0 else { return nil }
        // Walk back from the node: the sibling is the ancestor-or-self of node-1 whose parent is ours.
        var candidate = node - 1
        while let p = self.parent(of: candidate), p != parent { candidate = p }
        return candidate
    }

    public func depth(of node: Int) -> Int {
        var depth = 0
        var current = node
        while let p = parent(of: current) {
            depth += 1
            current = p
        }
        return depth
    }

    /// What a row calls the node: its key, its array index, or nil for the root.
    public func label(of node: Int) -> String? {
        guard let parent = parent(of: node) else { return nil }
        return tree[parent].kind == .array ? String(positions[node]) : tree.key(of: node)
    }

    public func isArrayElement(_ node: Int) -> Bool {
        parent(of: node).map { tree[$0].kind == .array } ?? false
    }

    /// The node's key path in plutil's dot syntax, built from the parent links.
    public func path(of node: Int) -> PlistPath {
        var components: [PlistPath.Component] = []
        var current = node
        while let p = parent(of: current) {
            components.append(tree[p].kind == .array ? .index(Int(positions[current])) : .key(tree.key(of: current) ?? ""))
            current = p
        }
        return PlistPath(components.reversed())
    }

    public func role(of node: Int) -> NodeRole? { typed.role(of: node) }

    public func diagnostics(at node: Int) -> [Diagnostic] { typed.diagnostics(at: node) }

    /// The schema field this node is the value of (for an element of a collection field, that
    /// field), and the model that declares it.
    public func field(of node: Int) -> (field: Field, model: String, isElement: Bool)? {
        guard let parent = parent(of: node) else { return nil }
        let schema = typed.schema
        switch role(of: parent)?.kind {
        case .model(let name)?, .conformer(let name, _)?:
            guard let key = tree.key(of: node), let field = schema.allFields(of: name).first(where: { $0.name == key }) else { return nil }
            return (field, name, false)
        case .value?:
            guard let outer = self.field(of: parent), !outer.isElement else { return nil }
            return (outer.field, outer.model, true)
        default:
            return nil
        }
    }
}
