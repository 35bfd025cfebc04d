/// One change to a file's bytes: replace `range` with `replacement`.
///
/// Every edit — a new value, a renamed key, an added or deleted entry, a moved item — is one of
/// these, so saving writes exactly the bytes that were edited, and undoing an edit is applying
/// its inverse.
public struct ByteEdit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public func applied(to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - range.count + replacement.count)
        out.append(contentsOf: bytes[..<range.lowerBound])
        out.append(contentsOf: replacement)
        out.append(contentsOf: bytes[range.upperBound...])
        return out
    }

    /// The edit that takes `applied(to: bytes)` back to `bytes`.
    public func inverse(in bytes: [UInt8]) -> ByteEdit {
        ByteEdit(range: range.lowerBound..<(range.lowerBound + replacement.count), replacement: Array(bytes[range]))
    }
}
