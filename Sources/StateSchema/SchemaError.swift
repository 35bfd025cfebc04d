import State

/// Why a schema could not be loaded, and where: the file, and the line and column when the
/// source is text.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var file: String
    public var line: Int?
    public var column: Int?

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
