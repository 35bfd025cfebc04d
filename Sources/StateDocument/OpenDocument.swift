import Foundation
import State

/// A file on disk that an edit session was read from and saves to: where it is, and its
/// identity when it was read, so that a save refuses to overwrite a file someone else changed
/// since. Saves are atomic (temporary file, fsync, rename; permissions kept; through symlinks).
///
/// It holds no session: whoever edits owns the `EditSession` and hands its bytes to `save`.
public struct OpenDocument: Sendable, Equatable {
    public let url: URL
    /// The file's identity when it was read (nil: there was no file).
    public let stamp: AtomicFile.Stamp?

    /// A document already read: `stamp` is the file's identity taken *before* it was read.
    public init(url: URL, stamp: AtomicFile.Stamp?) {
        self.url = url
        self.stamp = stamp
    }

    /// Reads and parses `url`: the document and its span tree.
    public static func read(_ url: URL) throws -> (OpenDocument, SourceTree) {
        let stamp = AtomicFile.stamp(of: url)
        let bytes = try FileBytes.read(url)
        return (OpenDocument(url: url, stamp: stamp), try SourceTree(parsing: bytes))
    }

    /// Whether the file on disk is no longer the one that was read.
    public var changedOnDisk: Bool { AtomicFile.stamp(of: url) != stamp }

    /// Writes `bytes` over the file and returns the document as it now is on disk. Throws
    /// `ChangedOnDiskError` when the file changed since it was read, unless
    /// `overwritingChanges`; a failed save leaves the file as it was.
    public func save(_ bytes: [UInt8], overwritingChanges: Bool = false) throws -> OpenDocument {
        if !overwritingChanges, changedOnDisk { throw ChangedOnDiskError(url: url) }
        try AtomicFile.write(bytes, to: url)
        return OpenDocument(url: url, stamp: AtomicFile.stamp(of: url))
    }
}
