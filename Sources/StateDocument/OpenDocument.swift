import Foundation
import State

/// A file being edited, tied to where it came from: knows whether the file changed on disk
/// since it was opened, and saves atomically (temporary file, fsync, rename; permissions kept;
/// through symlinks).
public struct OpenDocument: Sendable {
    public private(set) var url: URL
    public var session: EditSession
    /// The file's identity when it was read; a save refuses to overwrite a different one.
    public private(set) var stamp: AtomicFile.Stamp?

    public init(contentsOf url: URL) throws {
        let stamp = AtomicFile.stamp(of: url)
        let bytes = try FileBytes.read(url)
        self.url = url
        session = EditSession(tree: try SourceTree(parsing: bytes))
        self.stamp = stamp
    }

    /// A document already read: `stamp` is the file's identity taken before it was read.
    public init(url: URL, session: EditSession, stamp: AtomicFile.Stamp?) {
        self.url = url
        self.session = session
        self.stamp = stamp
    }

    /// Whether the file on disk is no longer the one that was read.
    public var changedOnDisk: Bool { AtomicFile.stamp(of: url) != stamp }

    /// Saves in the document's own format. Refuses when the file changed on disk, unless
    /// `overwritingChanges`. A failed save leaves the file as it was and the edits in memory.
    public mutating func save(overwritingChanges: Bool = false) throws {
        if !overwritingChanges, changedOnDisk {
            throw PlistError("\(url.path) changed on disk since it was opened; reload it or save with overwrite")
        }
        try AtomicFile.write(session.bytes, to: url)
        stamp = AtomicFile.stamp(of: url)
        session.markSaved()
    }

    /// Writes the document to `newURL` in `format` (the same format keeps the bytes; another is
    /// written fresh) and makes that the document's file.
    public mutating func save(as newURL: URL, format: PlistFormat, warnings: inout [PlistWarning]) throws {
        let bytes = format == session.format ? session.bytes : try session.tree.value().serialized(as: format, warnings: &warnings)
        try AtomicFile.write(bytes, to: newURL)
        url = newURL
        stamp = AtomicFile.stamp(of: newURL)
        if format == session.format {
            session.markSaved()
        } else {
            session = EditSession(tree: try SourceTree(parsing: bytes, as: format))
        }
    }

    /// Reads the file again, dropping the edits.
    public mutating func reload() throws {
        self = try OpenDocument(contentsOf: url)
    }
}
