/// One change to a file's bytes: replace `range` with `replacement`.
///
/// Every edit — a new value, a renamed key, an added or deleted entry, a moved item — is one of
/// these, so saving writes exactly the bytes that were edited, and undoing an edit is applying
/// its inverse.
public struct ByteEdit: Sendable, Equatable {
    /// The bytes replaced.
    public var range: Range<Int>
    /// What replaces them.
    public var replacement: [UInt8]

    /// An edit replacing `range` with `replacement`.
    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// The edit from `old` to `new`: what lies between their common prefix and suffix.
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> ByteEdit {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return ByteEdit(range: prefix..<(old.count - suffix), replacement: Array(new[prefix..<(new.count - suffix)]))
    }

    /// `bytes` with the edit made.
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
