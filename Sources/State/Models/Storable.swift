/// A type that converts to and from key-value data: every model, every scalar a model can hold
/// (Bool, integers of every width, Float, Double, Decimal, String, Data, Date, URL, colors) and
/// arrays, sets and dictionaries of them.
///
/// Conversions are strict about types — a string is not read as a number — and throw a
/// `ModelError` naming the key path. The one leniency is numeric: a real field accepts an
/// integer, and an integer field accepts a real with no fractional part, because JSON writers
/// disagree on how to spell `1.0`.
public protocol Storable {
    /// Reads a value from its stored form. `context` knows where the value is.
    init(storedValue: PlistValue, context: ReadContext) throws
    /// Reads a value from a node of a parsed file, as reading a file does. The default decodes
    /// the node into a `PlistValue` and calls `init(storedValue:context:)`; models, collections
    /// and colors read the node's members in place instead, which builds no value tree.
    init(storedNode: StoredNode, context: ReadContext) throws
    /// The value of a node of a parsed file when it can be read without a context — a
    /// scalar's common spellings — or nil, which sends the read to `init(storedNode:context:)`
    /// (where anything else, and every error, is handled). Defaults to nil. A model's field
    /// read this way skips making the context of its place (most of a scalar field's cost).
    static func quickRead(_ node: StoredNode) -> Self?
    /// The stored form of the value.
    func storedValue() throws -> PlistValue
    /// Writes the value into a file being written straight from models (`StoreSink`: XML,
    /// JSON and binary). The default writes `storedValue()`; models, arrays and dictionaries
    /// write their entries one by one instead, building no value first.
    func writeStored(to sink: StoreSink) throws
}

extension Storable {
    /// Nil: a type reads its nodes through `init(storedNode:context:)` unless it says otherwise.
    @inlinable public static func quickRead(_ node: StoredNode) -> Self? { nil }

    public func writeStored(to sink: StoreSink) throws {
        try sink.value(try storedValue())
    }
}

extension Storable {
    /// Reads a value from a `PlistValue` tree, failing on the first bad value.
    public init(plistValue: PlistValue) throws {
        try self.init(storedValue: plistValue, context: ReadContext())
    }
}
