/// A value read in lenient mode, with the elements its collections dropped.
public struct Decoded<Value> {
    /// What was read.
    public var value: Value
    /// Each element left out of a collection because it could not be read, with where and why.
    public var dropped: [ModelError]
}

extension Decoded: Sendable where Value: Sendable {}
