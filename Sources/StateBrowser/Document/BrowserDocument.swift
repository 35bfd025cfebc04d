import Foundation
import State
import StateSchema

/// A file opened in the browser: its span tree, what each node is (from a schema, or guessed),
/// and the per-node links the views need to stay fast on million-node trees.
package struct BrowserDocument: Sendable {
    /// How roles are found: checking against a schema, or guessing from the data's shape.
    package enum Checker: Sendable {
        case schema(SchemaValidator, root: String?)
        case inference

        /// Roles and diagnostics for `tree`, down to `depthLimit`.
        package func check(_ tree: SourceTree, depthLimit: Int = .max) -> TypedDocument {
            switch self {
            case .schema(let validator, let root): validator.validate(tree, as: root, depthLimit: depthLimit)
            case .inference: SchemaInference.annotate(tree, depthLimit: depthLimit, widthLimit: depthLimit == .max ? .max : BrowserDocument.quickCheckWidth)
            }
        }
    }

    /// How deep the quick first pass goes when the whole check is deferred: the rows of the first
    /// screen and of the first expansions.
    package static let quickCheckDepth = 2
    /// How many children of each container the quick first pass guesses (without a schema):
    /// more rows than a screen shows after a few pages, few enough that a list of 100 000
    /// objects does not hold up the first screen. The whole check follows in the background.
    package static let quickCheckWidth = 4096

    package private(set) var tree: SourceTree
    /// Roles and diagnostics: from the schema when there is one, otherwise inferred. While
    /// `isCheckPending`, only from a quick pass over the top of the tree.
    package private(set) var typed: TypedDocument
    package let checker: Checker
    /// True while the whole check is still to come (the runtime does it in the background).
    package private(set) var isCheckPending: Bool
    /// The file as the user named it (shown in the status bar).
    package internal(set) var fileName: String
    /// Counts the documents an editing session has made: a background check is taken only by
    /// the document it was started for.
    package private(set) var generation = 0
    /// Where the schema came from, or nil when roles were inferred.
    package let schemaName: String?
    /// Why no schema is used although one lies beside the file (`Foo.schema does not fit`).
    package internal(set) var schemaNote: String?
    /// Parents and positions: paths, depths and siblings.
    package let links: NodeLinks

    /// Checks `tree` with `checker` now, or (with `deferCheck`) only its top levels, leaving
    /// the whole check to `fullCheck()` and `finishCheck(_:)`.
    package init(tree: SourceTree, checker: Checker, fileName: String, schemaName: String?, deferCheck: Bool = false) {
        self.tree = tree
        self.checker = checker
        typed = checker.check(tree, depthLimit: deferCheck ? Self.quickCheckDepth : .max)
        isCheckPending = deferCheck
        self.fileName = fileName
        self.schemaName = schemaName
        links = NodeLinks(tree)
    }

    /// A document whose check is done already.
    private init(tree: SourceTree, checker: Checker, fileName: String, schemaName: String?, typed: TypedDocument, links: NodeLinks) {
        self.tree = tree
        self.checker = checker
        self.typed = typed
        isCheckPending = false
        self.fileName = fileName
        self.schemaName = schemaName
        self.links = links
    }

    /// Opens `url`, checking it against `schema` — or, unless `discoversSchema` is false, the
    /// schema found beside it when that one applies (`SchemaLoader.discover`) — or by inference.
    /// With `deferCheck`, only the top of the tree is checked before this returns (see `init`).
    package static func open(_ url: URL, displayName: String? = nil, schema schemaURL: URL? = nil, root: String? = nil, discoversSchema: Bool = true, deferCheck: Bool = false)
        throws -> BrowserDocument
    {
        try open(
            SourceTree(contentsOf: url), from: url, displayName: displayName ?? url.lastPathComponent, schema: schemaURL, root: root, discoversSchema: discoversSchema,
            deferCheck: deferCheck)
    }

    /// A tree already read — from `url`, or from standard input (nil: no schema is looked for
    /// beside it) — checked the same way.
    package static func open(
        _ tree: SourceTree, from url: URL?, displayName name: String, schema schemaURL: URL? = nil, root: String? = nil, discoversSchema: Bool = true, deferCheck: Bool = false
    ) throws -> BrowserDocument {
        func checked(_ schema: Schema, _ schemaURL: URL) -> BrowserDocument {
            BrowserDocument(
                tree: tree, checker: .schema(SchemaValidator(schema: schema), root: root), fileName: name, schemaName: schemaURL.lastPathComponent, deferCheck: deferCheck)
        }
        if let schemaURL { return checked(try SchemaLoader.load(schemaURL), schemaURL) }
        var guessed = BrowserDocument(tree: tree, checker: .inference, fileName: name, schemaName: nil, deferCheck: deferCheck)
        guard discoversSchema, let url else { return guessed }
        switch try SchemaLoader.discover(for: url, tree: tree, root: root) {
        case .found(let schema, let found): return checked(schema, found)
        case .skipped(let skipped, let reason): guessed.schemaNote = "\(skipped.lastPathComponent) \(reason)"
        case .none: break
        }
        return guessed
    }

    /// The whole check of the tree (slow on large files: the runtime calls it off the main thread).
    package func fullCheck() -> TypedDocument { checker.check(tree) }

    /// Takes the result of `fullCheck()`.
    package mutating func finishCheck(_ typed: TypedDocument) {
        self.typed = typed
        isCheckPending = false
    }

    /// Trees up to this many nodes are checked again at once after an edit; larger ones in the
    /// background, like at open.
    package static let synchronousCheckLimit = 200_000

    /// Takes the place of `previous` (another file opened in the same browser): numbered after
    /// it, so nothing the runtime still has running for the old one is taken for this one.
    package mutating func follow(_ previous: BrowserDocument) {
        generation = previous.generation + 1
    }

    /// The document for `tree`, the same file after an edit: checked the same way, at once when
    /// it is small enough.
    package func replacing(_ tree: SourceTree) -> BrowserDocument {
        var next = BrowserDocument(tree: tree, checker: checker, fileName: fileName, schemaName: schemaName, deferCheck: tree.nodes.count > Self.synchronousCheckLimit)
        next.generation = generation + 1
        next.schemaNote = schemaNote
        return next
    }

    /// The document for `tree` after an edit that changed only the subtree `change` names
    /// (the node at its path; everything before it the same, everything after it moved):
    /// only that subtree is checked again, when the checker can do that
    /// (`SchemaValidator.revalidating(_:subtree:grown:in:links:)`), so a member deleted from a
    /// 100 MB file costs its container's check, not the file's. Otherwise as `replacing(_:)`.
    ///
    /// A large document whose roles are guessed keeps the last guess for everything outside
    /// the subtree (moved with its nodes) and guesses again in the background, as after
    /// opening it: a quick guess of the top levels would cost more than the edit (a tenth of
    /// a second on a 100 000-object archive's graph) and show less than the last one.
    package func replacing(_ tree: SourceTree, change: TreeChange) -> BrowserDocument {
        if case .inference = checker, tree.nodes.count > Self.synchronousCheckLimit, let node = tree.index(at: change.path), node != SourceTree.root {
            let newSize = Int(tree[node].size)
            let oldSize = newSize - (tree.nodes.count - links.parents.count)
            guard oldSize >= 0, typed.roles.nodeCount == links.parents.count else { return replacing(tree) }
            var next = BrowserDocument(
                tree: tree, checker: checker, fileName: fileName, schemaName: schemaName, typed: typed.replacingSubtree(at: node, oldSize: oldSize, newSize: newSize),
                links: NodeLinks(tree))
            next.isCheckPending = true
            next.generation = generation + 1
            next.schemaNote = schemaNote
            return next
        }
        // The root's subtree is the whole tree: nothing to keep (and no links to build twice).
        guard !isCheckPending, case .schema(let validator, _) = checker, let node = tree.index(at: change.path), node != SourceTree.root else { return replacing(tree) }
        let links = NodeLinks(tree)
        guard let typed = validator.revalidating(typed, subtree: node, grown: tree.nodes.count - self.links.parents.count, in: tree, links: links) else { return replacing(tree) }
        var next = BrowserDocument(tree: tree, checker: checker, fileName: fileName, schemaName: schemaName, typed: typed, links: links)
        next.generation = generation + 1
        next.schemaNote = schemaNote
        return next
    }

    /// Lets go of the tree while the editing session changes its own copy in place (see
    /// `SourceTree.detached`); until `replacing` or `reattach` gives it one again, the document
    /// has no nodes to show.
    package mutating func detachTree() { tree = .detached }

    /// Takes `tree` back after `detachTree()` when the edit did not happen: the same tree.
    package mutating func reattach(_ tree: SourceTree) { self.tree = tree }

    /// The document after edits that only changed the values of the scalars `edited` (node
    /// indexes), or nil when the edit changed more: the node table must have the same number
    /// of nodes and each edited node must still be a scalar, so links, the outline and every
    /// role stay where they are. Only the edited values are checked again, when the checker
    /// can do that (`SchemaValidator.revalidating`); otherwise the whole check follows as after
    /// any edit. `rolesKept` says whether every other node keeps its role for now: true when
    /// the edited values were checked alone, or when the whole check is left to the
    /// background (whose end is a new check result of its own); false after a whole check.
    package func replacing(_ tree: SourceTree, editedScalars edited: [Int]) -> (document: BrowserDocument, rolesKept: Bool)? {
        guard tree.nodes.count == links.parents.count, edited.allSatisfy({ $0 < tree.nodes.count && !tree[$0].kind.isContainer }) else { return nil }
        var next = self
        next.tree = tree
        next.generation = generation + 1
        if !isCheckPending, case .schema(let validator, _) = checker, let typed = validator.revalidating(typed, scalars: edited, in: tree, links: links) {
            next.typed = typed
            return (next, true)
        } else if tree.nodes.count <= Self.synchronousCheckLimit {
            next.typed = checker.check(tree)
            next.isCheckPending = false
            return (next, false)
        } else {
            // The roles of the last check stay shown (the shape is the same) until the whole
            // check, in the background, replaces them.
            next.isCheckPending = true
            return (next, true)
        }
    }

    // MARK: - Navigation

    package var nodeCount: Int { tree.nodes.count }

    // The links answer these; the document only adds its tree.
    package func parent(of node: Int) -> Int? { links.parent(of: node) }
    package func nextSibling(of node: Int) -> Int? { links.nextSibling(of: node, in: tree) }
    package func previousSibling(of node: Int) -> Int? { links.previousSibling(of: node) }
    package func depth(of node: Int) -> Int { links.depth(of: node) }
    package func label(of node: Int) -> String? { links.label(of: node, in: tree) }
    package func path(of node: Int) -> PlistPath { links.path(of: node, in: tree) }
    /// The position among the parent's children (an array element's index).
    package func position(of node: Int) -> Int { Int(links.positions[node]) }

    package func isArrayElement(_ node: Int) -> Bool {
        parent(of: node).map { tree[$0].kind == .array } ?? false
    }

    package func role(of node: Int) -> NodeRole? { typed.role(of: node) }

    package func diagnostics(at node: Int) -> [Diagnostic] { typed.diagnostics(at: node) }

    /// The schema field this node is the value of (for an element of a collection field, that
    /// field), and the model that declares it.
    package func field(of node: Int) -> (field: Field, model: String, isElement: Bool)? {
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
