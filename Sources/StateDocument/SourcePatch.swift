import State

/// The byte edits that make one operation, and how the tree follows them.
///
/// A text file's edit is one `ByteEdit`, which the tree splices or parses again. A binary
/// plist's value set is several small ones — the new object, a reference or an offset-table
/// entry, the trailer — that only make sense together: `rereading` names the scalar node they
/// change, which the tree reads again once all are applied (`SourceTree.splice(binaryEdits:rereading:)`).
public struct SourcePatch: Sendable, Equatable {
    /// The byte edits, in order.
    public var edits: [ByteEdit]
    /// The binary scalar the edits set, read again after them; nil for text and whole-file edits.
    public var rereading: Int?

    /// A patch of `edits`; `rereading` names the container a binary patch rewrites.
    public init(_ edits: [ByteEdit], rereading: Int? = nil) {
        self.edits = edits
        self.rereading = rereading
    }

    /// A patch of one edit.
    public init(_ edit: ByteEdit) { self.init([edit]) }

    /// Whether applying the patch to `bytes` would leave them as they are.
    func changesNothing(in bytes: [UInt8]) -> Bool {
        edits.count == 1 && edits[0].replacement.elementsEqual(bytes[edits[0].range]) || edits.isEmpty
    }

    /// The patch applied to a copy of `bytes`.
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for edit in edits { bytes.replaceSubrange(edit.range, with: edit.replacement) }
        return bytes
    }
}
