import Foundation
import State

/// A document tied to the file it came from: knows whether the file changed on disk since it
/// was opened, and saves atomically.
public struct OpenDocument: Sendable {
    public let url: URL
    public var document: PlistDocument
    /// The file's identity when it was read; a save refuses to overwrite a different one.
    public private(set) var stamp: AtomicFile.Stamp?

    public init(contentsOf url: URL) throws {
        let stamp = AtomicFile.stamp(of: url)
        let bytes = try FileBytes.read(url)
        self.url = url
        self.document = try PlistDocument(parsing: bytes)
        self.stamp = stamp
    }

    /// Whether the file on disk is no longer the one that was read.
    public var changedOnDisk: Bool { AtomicFile.stamp(of: url) != stamp }

    /// Saves in the document's own format. Refuses when the file changed on disk, unless
    /// `overwritingChanges`.
    public mutating func save(overwritingChanges: Bool = false) throws {
        if !overwritingChanges, changedOnDisk {
            throw PlistError("\(url.path) changed on disk since it was opened; reload it or save with overwrite")
        }
        try AtomicFile.write(try document.serialized(), to: url)
        stamp = AtomicFile.stamp(of: url)
    }
}
