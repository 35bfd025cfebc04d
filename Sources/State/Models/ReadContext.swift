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
        let component: PlistPath.Component
        init(parent: PathNode?, component: PlistPath.Component) {
            self.parent = parent
            self.component = component
        }
    }

    @usableFromInline final class DropLog: Sendable {
        let errors = Mutex<[ModelError]>([])
    }

    /// The path above this place.
    @usableFromInline let node: PathNode?
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
        self.init(node: nil, lastKey: nil, lastIndex: Self.noIndex, mode: mode, log: DropLog())
    }

    @usableFromInline init(node: PathNode?, lastKey: String?, lastIndex: Int, mode: CollectionMode, log: DropLog) {
        self.node = node
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
        var n = node
        while let current = n {
            components.append(current.component)
            n = current.parent
        }
        return PlistPath(components.reversed())
    }

    /// The same place with its own component made a node, so the contexts of its children share
    /// it instead of each making one. Called once by whatever reads many children.
    @usableFromInline func anchored() -> ReadContext {
        guard let last else { return self }
        return ReadContext(node: PathNode(parent: node, component: last), lastKey: nil, lastIndex: Self.noIndex, mode: mode, log: log)
    }

    /// The node of this place, made when it has a component of its own.
    @usableFromInline var anchor: PathNode? {
        guard let last else { return node }
        return PathNode(parent: node, component: last)
    }

    /// The context of the child at `key`.
    public func appending(_ key: String) -> ReadContext {
        ReadContext(node: anchor, lastKey: key, lastIndex: Self.noIndex, mode: mode, log: log)
    }

    /// The context of the array element at `index`.
    public func appending(index: Int) -> ReadContext {
        ReadContext(node: anchor, lastKey: nil, lastIndex: index, mode: mode, log: log)
    }

    /// The same place, with another collection mode.
    public func with(mode: CollectionMode) -> ReadContext {
        ReadContext(node: node, lastKey: lastKey, lastIndex: lastIndex, mode: mode, log: log)
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
