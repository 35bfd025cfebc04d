/// Why a file could not be read or written, and where.
///
/// Every failure carries a location a user can act on: line and column for text formats, a byte
/// offset for binary plists, or the key path of the value that could not be converted.
public struct PlistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the input the problem is.
    public enum Location: Sendable, Equatable {
        /// 1-based line and column (column counted in Unicode scalars), plus the byte offset.
        case text(line: Int, column: Int, offset: Int)
        /// A byte offset into a binary file.
        case byte(offset: Int)
        /// The key path of a value (conversion errors).
        case keyPath(String)
        /// No location is known.
        case none
    }

    /// What is wrong, in one sentence.
    public var message: String
    /// Where.
    public var location: Location

    /// An error saying `message` (shortened when very long) at `location`.
    public init(_ message: String, at location: Location = .none) {
        self.message = Self.readable(message)
        self.location = location
    }

    /// The longest message kept whole: messages quote the offending text, and a million-digit
    /// number must not become a megabyte-long line.
    static let maxMessageLength = 300

    /// `message`, with its middle left out when it is longer than `maxMessageLength`
    /// characters: the start names what is wrong, the end usually says why.
    public static func readable(_ message: String) -> String {
        guard message.utf8.count > maxMessageLength, message.count > maxMessageLength else { return message }
        let omitted = message.count - 240
        return "\(message.prefix(160)) … (\(omitted) characters left out) … \(message.suffix(80))"
    }

    public var description: String {
        switch location {
        case .text(let line, let column, _): "line \(line), column \(column): \(message)"
        case .byte(let offset): "byte offset \(offset): \(message)"
        case .keyPath(let path): "\(path.isEmpty ? "(root)" : path): \(message)"
        case .none: message
        }
    }
}

extension PlistError {
    /// A text-format error at `offset` in `bytes`, with the line and column computed from it.
    static func text(_ message: String, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> PlistError {
        let position = TextPosition(of: offset, in: bytes)
        return PlistError(message, at: .text(line: position.line, column: position.column, offset: offset))
    }
}
