/// Something worth telling the user that did not stop the operation (a duplicate key, a date
/// written to JSON as a string).
public struct PlistWarning: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: PlistError.Location

    public init(_ message: String, at location: PlistError.Location = .none) {
        self.message = PlistError.readable(message)
        self.location = location
    }

    public var description: String { PlistError(message, at: location).description }
}
