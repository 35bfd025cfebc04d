import State

/// A problem found when checking a document against a schema, at a key path.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How bad a problem is: an error fails `state validate`, a warning does not.
    public enum Severity: String, Sendable, Comparable {
        /// A document that does not match its schema: `state validate` exits 1.
        case error
        /// Worth a look, but the document still reads: an unexpected key, an old version.
        case warning

        /// A warning sorts before an error: the worst problem is the greatest.
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    /// What kind of problem it is (stable names for scripts: `--json`).
    public enum Kind: String, Sendable {
        /// A required field has no key.
        case missingField = "missing-field"
        /// A value has another type than its field (a string where an integer belongs).
        case wrongType = "wrong-type"
        /// A protocol-typed value names a type that does not conform to the protocol.
        case unknownConformer = "unknown-conformer"
        /// A protocol-typed value has no `model_type` key naming its type.
        case missingTypeTag = "missing-type-tag"
        /// An enum value names no case of its enum.
        case badEnumCase = "bad-enum-case"
        /// A value transform could not read the stored value (a color without components).
        case transformFailed = "transform-failed"
        /// A key no field of the model names (kept, but likely a typo).
        case unexpectedKey = "unexpected-key"
        /// A `model_version` other than the schema's.
        case versionMismatch = "version-mismatch"
        /// A value of the right type that is still not valid (a date that does not parse).
        case invalidValue = "invalid-value"
        /// A field names a type the schema does not have.
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
