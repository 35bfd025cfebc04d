import State
import StateDocument

/// A save the runtime performs: the bytes, where they go, and whether a file changed on disk
/// since it was read may be overwritten.
/// The changed files of a folder, saved one by one (`FolderDocument`): each is its own atomic
/// save with its own changed-on-disk check.
public struct FolderSave: Sendable, Equatable {
    public var requests: [SaveRequest]
    /// The folder member each request writes.
    public var members: [Int]

    public enum Outcome: Sendable, Equatable {
        case saved(OpenDocument, notes: [String])
        case changedOnDisk
        case failed(String)
    }

    /// Performs the saves in order; one that fails does not stop the others.
    public func perform() -> [Outcome] {
        requests.map { request in
            do {
                let written = try request.file.save(request.bytes, overwritingChanges: request.overwritingChanges)
                return .saved(written.document, notes: written.notes)
            } catch is ChangedOnDiskError {
                return .changedOnDisk
            } catch {
                return .failed("\(error)")
            }
        }
    }
}

public struct SaveRequest: Sendable, Equatable {
    /// The file the bytes go to, with the stamp it had when read (nil for a new file).
    public var file: OpenDocument
    public var bytes: [UInt8]
    /// The format of `bytes`.
    public var format: PlistFormat
    public var overwritingChanges: Bool
    /// Save as: the file becomes the document's, under this name (as the user typed it).
    public var newName: String?
    /// Conversion warnings to show once written (dates as strings in JSON, …).
    public var warnings: [String]

    public init(file: OpenDocument, bytes: [UInt8], format: PlistFormat, overwritingChanges: Bool = false, newName: String? = nil, warnings: [String] = []) {
        self.file = file
        self.bytes = bytes
        self.format = format
        self.overwritingChanges = overwritingChanges
        self.newName = newName
        self.warnings = warnings
    }
}
