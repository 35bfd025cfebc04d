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
    final class PathNode: Sendable {
        let parent: PathNode?
        let component: PlistPath.Component
        init(parent: PathNode?, component: PlistPath.Component) {
            self.parent = parent
            self.component = component
        }
    }

    final class DropLog: Sendable {
        let errors = Mutex<[ModelError]>([])
    }

    /// The path above this place.
    let node: PathNode?
    /// This place's own component, not yet a node (nil at the root, or once anchored).
    let last: PlistPath.Component?
    /// How collections treat an element that cannot be read.
    public let mode: CollectionMode
    let log: DropLog

    /// A context at the root of the data.
    public init(mode: CollectionMode = .strict) {
        self.init(node: nil, last: nil, mode: mode, log: DropLog())
    }

    init(node: PathNode?, last: PlistPath.Component?, mode: CollectionMode, log: DropLog) {
        self.node = node
        self.last = last
        self.mode = mode
        self.log = log
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
    func anchored() -> ReadContext {
        guard let last else { return self }
        return ReadContext(node: PathNode(parent: node, component: last), last: nil, mode: mode, log: log)
    }

    /// The context of the child at `key`.
    public func appending(_ key: String) -> ReadContext {
        ReadContext(node: anchored().node, last: .key(key), mode: mode, log: log)
    }

    /// The context of the array element at `index`.
    public func appending(index: Int) -> ReadContext {
        ReadContext(node: anchored().node, last: .index(index), mode: mode, log: log)
    }

    /// The same place, with another collection mode.
    public func with(mode: CollectionMode) -> ReadContext {
        ReadContext(node: node, last: last, mode: mode, log: log)
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
    func recordDrop(_ error: ModelError) {
        log.errors.withLock { $0.append(error) }
    }

    /// Everything lenient collections dropped so far, in the order they were met.
    public var dropped: [ModelError] { log.errors.withLock { $0 } }

    /// Reads an element of a collection: in strict mode a failure propagates, in lenient mode it
    /// is recorded and nil is returned.
    func element<T>(_ read: () throws -> T) throws -> T? {
        do {
            return try read()
        } catch let error as ModelError where mode == .lenient {
            recordDrop(error)
            return nil
        }
    }
}
