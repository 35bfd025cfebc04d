import State

/// A problem found when checking a document against a schema, at a key path.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case error, warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public enum Kind: String, Sendable {
        case missingField = "missing-field"
        case wrongType = "wrong-type"
        case unknownConformer = "unknown-conformer"
        case missingTypeTag = "missing-type-tag"
        case badEnumCase = "bad-enum-case"
        case transformFailed = "transform-failed"
        case unexpectedKey = "unexpected-key"
        case versionMismatch = "version-mismatch"
        case invalidValue = "invalid-value"
        case unknownType = "unknown-type"
    }

    public var path: PlistPath
    /// The node in the document's `SourceTree` (the parent's, for a missing key).
    public var node: Int
    public var severity: Severity
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String, path: PlistPath, node: Int, severity: Severity = .error) {
        self.kind = kind
        self.message = message
        self.path = path
        self.node = node
        self.severity = severity
    }

    /// `keypath: message`, with `(root)` for the top.
    public var description: String {
        "\(path.components.isEmpty ? "(root)" : path.description): \(severity == .warning ? "warning: " : "")\(message)"
    }
}
