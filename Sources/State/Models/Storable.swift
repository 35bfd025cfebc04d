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
    /// The stored form of the value.
    func storedValue() throws -> PlistValue
}

extension Storable {
    /// Reads a value from a `PlistValue` tree, failing on the first bad value.
    public init(plistValue: PlistValue) throws {
        try self.init(storedValue: plistValue, context: ReadContext())
    }
}
