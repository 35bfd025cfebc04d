import State

/// A problem found when checking a document against a schema, at a key path.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How bad a problem is: an error fails `state validate`, a warning does not.
    public enum Severity: String, Sendable, Comparable {
        case error, warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    /// What kind of problem it is (stable names for scripts: `--json`).
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

    /// Where the problem is.
    public var path: PlistPath
    /// The node in the document's `SourceTree` (the parent's, for a missing key).
    public var node: Int
    /// How bad it is.
    public var severity: Severity
    /// What kind of problem it is.
    public var kind: Kind
    /// What is wrong, in one sentence.
    public var message: String

    /// A problem of `kind` at `path` (node `node` of the tree checked).
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
