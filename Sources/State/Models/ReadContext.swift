import Synchronization

/// How a collection treats an element that cannot be read.
public enum CollectionMode: Sendable, Equatable {
    /// One bad element fails the whole collection (and so the model holding it), as the original
    /// State framework did.
    case strict
    /// Bad elements are dropped and reported in `Decoded.dropped`, as ValueCoding's `decode` did
    /// for sequences.
    case lenient
}

/// What a value being read needs to know besides the value: where it is (for errors), how
/// collections treat bad elements, and where dropped elements are reported.
///
/// The path is a linked list of components shared between siblings, and a place's own last
/// component is kept inline until a child needs it as a parent: reading a model's scalar fields
/// allocates nothing for their paths (a store anchors its place once, for all its fields), and a
/// path is only turned into a `PlistPath` when an error needs it.
public struct ReadContext: Sendable {
    @usableFromInline final class PathNode: Sendable {
        let parent: PathNode?
        /// The file whose node `fileIndex` is the place above this one, instead of `parent`
        /// (see `ReadContext.file`).
        let file: ParsedFile?
        let fileIndex: Int
        let component: PlistPath.Component
        init(parent: PathNode?, file: ParsedFile?, fileIndex: Int, component: PlistPath.Component) {
            self.parent = parent
            self.file = file
            self.fileIndex = fileIndex
            self.component = component
        }
    }

    @usableFromInline final class DropLog: Sendable {
        let errors = Mutex<[ModelError]>([])
    }

    /// The path above this place: a chain of nodes, or (`file`) a node of a parsed file.
    @usableFromInline let node: PathNode?
    /// When set, the place above this one is node `fileIndex` of this parsed file, and its
    /// path is that node's path in the file — worked out only when an error asks for it. A
    /// model read from a file anchors its store at its dictionary this way: a path node per
    /// model was an allocation (and a release) per model read.
    @usableFromInline let file: ParsedFile?
    @usableFromInline let fileIndex: Int
    /// This place's own component, not yet a node (see `last`), in two fields: a key, or an
    /// index when there is no key (`noIndex` when neither). An optional
    /// `PlistPath.Component` was destroyed through generic value witnesses, a hundred
    /// instructions for every field read.
    @usableFromInline let lastKey: String?
    @usableFromInline let lastIndex: Int
    /// How collections treat an element that cannot be read.
    public let mode: CollectionMode
    @usableFromInline let log: DropLog

    /// `lastIndex` when the place has no index of its own.
    @usableFromInline static let noIndex = Int.min

    /// A context at the root of the data.
    public init(mode: CollectionMode = .strict) {
        self.init(node: nil, file: nil, fileIndex: 0, lastKey: nil, lastIndex: Self.noIndex, mode: mode, log: DropLog())
    }

    @usableFromInline init(node: PathNode?, file: ParsedFile?, fileIndex: Int, lastKey: String?, lastIndex: Int, mode: CollectionMode, log: DropLog) {
        self.node = node
        self.file = file
        self.fileIndex = fileIndex
        self.lastKey = lastKey
        self.lastIndex = lastIndex
        self.mode = mode
        self.log = log
    }

    /// This place's own component, not yet a node (nil at the root, or once anchored).
    var last: PlistPath.Component? {
        if let lastKey { return .key(lastKey) }
        return lastIndex == Self.noIndex ? nil : .index(lastIndex)
    }

    /// The key path from the root of the data to the value being read.
    public var path: PlistPath {
        var components: [PlistPath.Component] = []
        if let last { components.append(last) }
        var base = (file: file, index: fileIndex)
        var n = node
        while let current = n {
            components.append(current.component)
            base = (current.file, current.fileIndex)
            n = current.parent
        }
        let above = base.file.map { $0.path(of: base.index) } ?? []
        return PlistPath(above + components.reversed())
    }

    /// The same place with its own component made a node, so the contexts of its children share
    /// it instead of each making one. Called once by whatever reads many children.
    @usableFromInline func anchored() -> ReadContext {
        guard let anchor = anchor else { return self }
        return ReadContext(node: anchor, file: nil, fileIndex: 0, lastKey: nil, lastIndex: Self.noIndex, mode: mode, log: log)
    }

    /// The same place as node `stored` of its file: nothing is allocated, and the path is
    /// the node's path in the file. For the readers of a file's nodes, whose contexts follow
    /// the nodes they read from the file's root.
    @usableFromInline func anchored(at stored: StoredNode) -> ReadContext {
        ReadContext(node: nil, file: stored.file, fileIndex: stored.index, lastKey: nil, lastIndex: Self.noIndex, mode: mode, log: log)
    }

    /// The node of this place, made when it has a component of its own; nil when it has none
    /// (its place is `node`, or `file`'s node).
    @usableFromInline var anchor: PathNode? {
        guard let last else { return node }
        return PathNode(parent: node, file: file, fileIndex: fileIndex, component: last)
    }

    /// The context of the child at `key`.
    public func appending(_ key: String) -> ReadContext {
        child(key: key, index: Self.noIndex)
    }

    /// The context of the array element at `index`.
    public func appending(index: Int) -> ReadContext {
        child(key: nil, index: index)
    }

    /// A child's context: this place as its base — as it is when it has no component of its
    /// own (its `node`, or its `file`'s node), else made a node.
    func child(key: String?, index: Int) -> ReadContext {
        guard lastKey != nil || lastIndex != Self.noIndex else {
            return ReadContext(node: node, file: file, fileIndex: fileIndex, lastKey: key, lastIndex: index, mode: mode, log: log)
        }
        return ReadContext(node: anchor, file: nil, fileIndex: 0, lastKey: key, lastIndex: index, mode: mode, log: log)
    }

    /// The same place with a drop log of its own: the second half of a collection read in
    /// halves (`HalvedRead`), whose drops follow the first half's.
    @usableFromInline func withOwnLog() -> ReadContext {
        ReadContext(node: node, file: file, fileIndex: fileIndex, lastKey: lastKey, lastIndex: lastIndex, mode: mode, log: DropLog())
    }

    /// Appends what `other` dropped (a context of its own log) to this context's log.
    @usableFromInline func adoptDrops(of other: ReadContext) {
        let drops = other.dropped
        guard !drops.isEmpty else { return }
        log.errors.withLock { $0.append(contentsOf: drops) }
    }

    /// The same place, with another collection mode.
    public func with(mode: CollectionMode) -> ReadContext {
        ReadContext(node: node, file: file, fileIndex: fileIndex, lastKey: lastKey, lastIndex: lastIndex, mode: mode, log: log)
    }

    /// An error at this place.
    public func error(_ reason: ModelError.Reason) -> ModelError {
        ModelError(reason, at: path)
    }

    /// A type-mismatch error at this place: `expected` names what the reader wanted.
    public func mismatch(expected: String, found: PlistValue) -> ModelError {
        error(.typeMismatch(expected: expected, found: found.preview))
    }

    /// Records an element a lenient collection dropped.
    @usableFromInline func recordDrop(_ error: ModelError) {
        log.errors.withLock { $0.append(error) }
    }

    /// Everything lenient collections dropped so far, in the order they were met.
    public var dropped: [ModelError] { log.errors.withLock { $0 } }

    /// Reads an element of a collection: in strict mode a failure propagates, in lenient mode it
    /// is recorded and nil is returned.
    @inlinable func element<T>(_ read: () throws -> T) throws -> T? {
        do {
            return try read()
        } catch let error as ModelError where mode == .lenient {
            recordDrop(error)
            return nil
        }
    }
}
