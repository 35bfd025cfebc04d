import Foundation
import State

/// A file on disk that an edit session was read from and saves to: where it is, and its
/// identity when it was read, so that a save refuses to overwrite a file someone else changed
/// since. Saves are atomic (temporary file, fsync, rename; permissions kept; through symlinks).
///
/// It holds no session: whoever edits owns the `EditSession` and hands its bytes to `save`.
public struct OpenDocument: Sendable, Equatable {
    /// The file.
    public let url: URL
    /// The file's identity when it was read (nil: there was no file).
    public let stamp: AtomicFile.Stamp?
    /// The file's permissions deny writing it (as vim's `[RO]`): saving asks first.
    public let isReadOnly: Bool

    /// A document already read: `stamp` is the file's identity taken *before* it was read.
    public init(url: URL, stamp: AtomicFile.Stamp?, isReadOnly: Bool = false) {
        self.url = url
        self.stamp = stamp
        self.isReadOnly = isReadOnly
    }

    /// Reads and parses `url`: the document and its span tree.
    public static func read(_ url: URL) throws -> (OpenDocument, SourceTree) {
        let stamp = AtomicFile.stamp(of: url)
        let bytes = try FileBytes.readPropertyList(url)
        return (OpenDocument(url: url, stamp: stamp?.stamped(with: bytes), isReadOnly: permissionsDenyWriting(url)), try SourceTree(parsing: bytes))
    }

    /// Whether the file's permissions keep it from being written: the system says so, or no
    /// write bit is set at all (which the superuser's access check would overlook).
    public static func permissionsDenyWriting(_ url: URL) -> Bool {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return false }
        if !FileManager.default.isWritableFile(atPath: path) { return true }
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        return mode.map { $0 & 0o222 == 0 } ?? false
    }

    /// Whether the file on disk is no longer the one that was read.
    public var changedOnDisk: Bool { !AtomicFile.isUnchanged(url, since: stamp) }

    /// Writes `bytes` over the file and returns the document as it now is on disk, with what
    /// the save could not keep or found (`AtomicFile.Outcome.notes`). Throws
    /// `ChangedOnDiskError` when the file changed since it was read — checked again just
    /// before the new file takes its place — unless `overwritingChanges`; a failed save leaves
    /// the file as it was.
    public func save(_ bytes: [UInt8], overwritingChanges: Bool = false) throws -> (document: OpenDocument, notes: [String]) {
        let outcome = try AtomicFile.write(bytes, to: url, replacing: overwritingChanges ? .anything : .onlyIfUnchanged(since: stamp))
        return (OpenDocument(url: url, stamp: AtomicFile.stamp(of: url)?.stamped(with: bytes), isReadOnly: isReadOnly), outcome.notes)
    }
}
