import Foundation
import OrderedCollections

/// Reading and writing any storable value — a model, an array or dictionary of models — as a
/// file, `Data` or `String` in XML plist, binary plist or JSON.
///
/// ```swift
/// try library.write(to: url, format: .binary)
/// let library = try AssetLibrary(contentsOf: url)     // the format is detected
/// ```
/// Errors in the file say where (line and column, or byte offset: `PlistError`); errors in the
/// data say which key path (`ModelError`).
///
/// This is for models and collections of models only: on every `Storable` these names would
/// shadow Foundation's own (`Data(contentsOf:)`, `URL(string:)`, `Data.write(to:)`).
public protocol StorableDocument: Storable {}

extension StorableDocument {
    // MARK: - Reading (lenient)

    /// Reads a file in lenient mode: elements of collections that cannot be read are dropped and
    /// listed in the result instead of failing the whole read.
    ///
    /// `dropped` also lists what a model's own `store.reading(.lenient)` dropped inside its
    /// `init(from:)`, in either mode: this is where to see it (`init(contentsOf:)` has no
    /// place to report it, so it keeps the value and discards the list).
    public static func read(contentsOf url: URL, mode: CollectionMode) throws -> Decoded<Self> {
        try read(bytes: try FileBytes.readPropertyList(url), mode: mode)
    }

    /// Reads a file's bytes in any of the three formats, in `mode`, with what was dropped.
    public static func read(bytes: [UInt8], mode: CollectionMode) throws -> Decoded<Self> {
        let context = ReadContext(mode: mode)
        let value = try Self(storedNode: StoredNode(root: try SourceTree(parsing: bytes)), context: context)
        return Decoded(value: value, dropped: context.dropped)
    }

    /// Reads a value tree in `mode`, with what was dropped.
    public static func read(value: PlistValue, mode: CollectionMode) throws -> Decoded<Self> {
        let context = ReadContext(mode: mode)
        let value = try Self(storedValue: value, context: context)
        return Decoded(value: value, dropped: context.dropped)
    }

    // MARK: - Writing

    /// The value as a complete file in `format`.
    ///
    /// XML, JSON and binary plists are written straight from the models, building no value
    /// tree (a model whose `write(to:)` reads its own store back is written through its value:
    /// `StoreSink`); on any error the whole value is written again through the value tree,
    /// whose writer throws the error with its key path.
    public func bytes(format: PlistFormat) throws -> [UInt8] {
        if let streamed = streamed(format) { return streamed.bytes }
        return try storedValue().serialized(as: format)
    }

    /// The document written straight from the models, or nil: a format written through the
    /// value tree, or an error (which the value tree's writer gives with its key path).
    private func streamed(_ format: PlistFormat) -> StoreSink.Document? {
        (try? StoreSink.document(format, { try writeStored(to: $0) })) ?? nil
    }

    /// The value as `Data` of a complete file in `format` (XML and JSON with no copy of the
    /// written bytes).
    public func data(format: PlistFormat) throws -> Data {
        if let streamed = streamed(format) { return streamed.data() }
        return Data(try storedValue().serialized(as: format))
    }

    /// The value as text: XML plist or JSON (a binary plist is not text).
    public func string(format: PlistFormat) throws -> String {
        guard format != .binary else {
            throw PlistError("a binary property list is not text; use data(format:) for it")
        }
        return String(decoding: try bytes(format: format), as: UTF8.self)
    }

    /// Writes the value to a file atomically (a temporary file in the same folder, flushed, then
    /// renamed over the target), keeping an existing file's permissions and writing through a
    /// symbolic link to its target.
    public func write(to url: URL, format: PlistFormat = .xml) throws {
        if let streamed = streamed(format) {
            try AtomicFile.write(to: url) { sink in try streamed.withBuffer(sink) }
            return
        }
        try AtomicFile.write(try storedValue().serialized(as: format), to: url)
    }
}

extension StorableDocument {
    /// Reads a file in any of the three formats (detected from its content), strictly. What a
    /// model drops itself through `store.reading(.lenient)` is not reported here: use
    /// `read(contentsOf:mode:)`, whose `dropped` lists it.
    public init(contentsOf url: URL) throws {
        try self.init(bytes: try FileBytes.readPropertyList(url))
    }

    /// Reads `Data` in any of the three formats (detected from its content), strictly.
    public init(data: Data) throws {
        try self.init(bytes: [UInt8](data))
    }

    /// Reads XML plist or JSON text.
    public init(string: String) throws {
        try self.init(bytes: Array(string.utf8))
    }

    /// Reads bytes in any of the three formats (detected from their content), strictly.
    /// Models are read from the parsed file's nodes: no value tree is built (`StoredNode`).
    public init(bytes: [UInt8]) throws {
        try self.init(storedNode: StoredNode(root: try SourceTree(parsing: bytes)), context: ReadContext())
    }
}

extension Array: StorableDocument where Element: Model {}
extension Set: StorableDocument where Element: Model {}
extension Dictionary: StorableDocument where Key == String, Value: Model {}

extension OrderedDictionary: StorableDocument where Key == String, Value: Model {}

extension StorableDocument where Self: SendableMetatype {
    /// Reads a file on a thread of the system's pool and hands the model back, strictly: the
    /// caller's thread — the main actor's, in an app — stays free while a large file is read,
    /// and a large collection in it is read in two halves at once on a machine with two cores
    /// or more (which a read on the main thread or inside a task is not: see the models
    /// article). A type whose conformance is isolated to an actor cannot be read so (the
    /// compiler says so): read it with `init(contentsOf:)` on its actor.
    ///
    /// ```swift
    /// let library = try await AssetLibrary.load(contentsOf: url)
    /// ```
    public static func load(contentsOf url: URL) async throws -> Self {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self(contentsOf: url) })
            }
        }
    }
}
