import State
import StateDocument

/// A save the runtime performs: the bytes, where they go, and whether a file changed on disk
/// since it was read may be overwritten.
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
