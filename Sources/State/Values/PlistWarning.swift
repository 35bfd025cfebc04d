/// Something worth telling the user that did not stop the operation (a duplicate key, a date
/// written to JSON as a string).
public struct PlistWarning: Sendable, Equatable, CustomStringConvertible {
    /// What a conversion could not keep, in one sentence.
    public var message: String
    /// Where.
    public var location: PlistError.Location

    /// A warning saying `message` at `location`.
    public init(_ message: String, at location: PlistError.Location = .none) {
        self.message = PlistError.readable(message)
        self.location = location
    }

    public var description: String { PlistError(message, at: location).description }
}
