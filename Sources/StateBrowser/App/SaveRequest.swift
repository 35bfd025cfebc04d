import State
import StateDocument

/// A save the runtime performs: the bytes, where they go, and whether a file changed on disk
/// since it was read may be overwritten.
/// The changed files of a folder, saved one by one (`FolderDocument`): each is its own atomic
/// save with its own changed-on-disk check.
package struct FolderSave: Sendable, Equatable {
    package var requests: [SaveRequest]
    /// The folder member each request writes.
    package var members: [Int]

    package enum Outcome: Sendable, Equatable {
        case saved(OpenDocument, notes: [String])
        case changedOnDisk
        case failed(String)
    }

    /// Performs the saves in order; one that fails does not stop the others.
    package func perform() -> [Outcome] {
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

package struct SaveRequest: Sendable, Equatable {
    /// The file the bytes go to, with the stamp it had when read (nil for a new file).
    package var file: OpenDocument
    package var bytes: [UInt8]
    /// The format of `bytes`.
    package var format: PlistFormat
    package var overwritingChanges: Bool
    /// Save as: the file becomes the document's, under this name (as the user typed it).
    package var newName: String?
    /// Conversion warnings to show once written (dates as strings in JSON, …).
    package var warnings: [String]

    package init(file: OpenDocument, bytes: [UInt8], format: PlistFormat, overwritingChanges: Bool = false, newName: String? = nil, warnings: [String] = []) {
        self.file = file
        self.bytes = bytes
        self.format = format
        self.overwritingChanges = overwritingChanges
        self.newName = newName
        self.warnings = warnings
    }
}
