import State

/// Why a schema could not be loaded, and where: the file, and the line and column when the
/// source is text.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The schema file.
    public var file: String
    /// The line, when known.
    public var line: Int?
    /// The column, when known.
    public var column: Int?

    /// An error in `file` at `line` and `column`.
    public init(_ message: String, file: String, line: Int? = nil, column: Int? = nil) {
        // Messages quote the offending text: keep a long one readable.
        self.message = PlistError.readable(message)
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
