import Foundation

/// Why a model could not be read or written, and where in the data.
///
/// Every error names the key path of the value it concerns (in `plutil` dot syntax) and says what
/// was expected and what was found, so that `AssetLibrary(contentsOf:)` failing on a 10 000-line
/// file points at the one bad value instead of returning a bare nil.
public struct ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// A required key is absent.
        case missingKey(String)
        /// The value has the wrong type (`expected` names the Swift or plist type).
        case typeMismatch(expected: String, found: String)
        /// The value has the right type but cannot be used (out of range, not a URL, …).
        case invalidValue(String)
        /// A protocol value's type tag names no registered conformer.
        case unknownConformer(String, protocol: String, known: [String])
        /// A protocol value has no type tag (neither the root protocol's name nor `model_type_key`).
        case missingTypeTag(protocol: String)
        /// An enum's case name is not one of its cases.
        case unknownCase(String, enum: String)
        /// A value transform refused the stored value.
        case transformFailed(transform: String, message: String)
        /// The data was written by a newer version of the model than this code knows.
        case versionTooNew(found: Int, current: Int, model: String)
        /// `model_version` is not a version number.
        case invalidVersion(found: String)
        /// No migration step leads from a version of the data to the next one.
        case missingMigration(from: Int, model: String)
        /// A migration step refused the data.
        case migrationFailed(from: Int, model: String, message: String)
    }

    /// Where the problem is, from the root of the data that was being read or written.
    public var path: PlistPath
    /// What went wrong.
    public var reason: Reason

    /// An error for `reason` at the key path `path` (the root when empty).
    public init(_ reason: Reason, at path: PlistPath = PlistPath()) {
        self.reason = reason
        self.path = path
    }

    /// The message without the location.
    public var message: String {
        switch reason {
        case .missingKey(let key): "required key \(quoted(key)) is missing"
        case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
        case .invalidValue(let message): message
        case .unknownConformer(let name, let proto, let known):
            "\(quoted(name)) is not a known \(proto) conformer"
                + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))")
        case .missingTypeTag(let proto):
            "\(Self.article(proto)) \(proto) value needs a type tag: key \(quoted(proto)) (or \"model_type_key\") naming its conformer"
        case .unknownCase(let name, let enumName): "\(quoted(name)) is not a case of \(enumName)"
        case .transformFailed(let transform, let message): "\(transform): \(message)"
        case .versionTooNew(let found, let current, let model):
            "data is \(model) version \(found), newer than this code's version \(current)"
        case .invalidVersion(let found): "model_version must be a whole number, found \(found)"
        case .missingMigration(let from, let model): "\(model) has no migration from version \(from)"
        case .migrationFailed(let from, let model, let message): "\(model) migration from version \(from): \(message)"
        }
    }

    public var description: String {
        let where_ = path.components.isEmpty ? "(root)" : path.description
        return "\(where_): \(message)"
    }

    private func quoted(_ s: String) -> String { "\"\(s)\"" }

    /// "an" before a vowel sound as written (an Employee, an Asset), else "a".
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// The same error, under `component` (a write reports where below the value it failed, as
    /// a read does).
    public func under(_ component: PlistPath.Component) -> ModelError {
        ModelError(reason, at: PlistPath([component] + path.components))
    }

    /// Runs `write`, putting `component` in front of the path of a `ModelError` it throws.
    @inlinable static func writing<T>(at component: PlistPath.Component, _ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let error as ModelError {
            throw error.under(component)
        }
    }
}

/// `localizedDescription` (and so any `Error` shown to people) carries the key path.
extension ModelError: LocalizedError {
    public var errorDescription: String? { description }
}

extension PlistValue {
    /// A short description of a value for messages: its type, plus the value when it is small.
    public var preview: String {
        switch self {
        case .string(let s):
            let shown = s.count > 40 ? String(s.prefix(37)) + "…" : s
            return "string \"\(shown)\""
        case .integer(let i): return "integer \(i)"
        case .real(let r): return "real \(r)"
        case .bool(let b): return "bool \(b)"
        case .date(let d): return "date \(PlistDate.format(d, fractional: true))"
        case .data(let d): return "data (\(d.count) bytes)"
        case .uid(let u): return "uid \(u)"
        case .array(let a): return "array (\(a.count) items)"
        case .dictionary(let d): return "dictionary (\(d.count) keys)"
        case .null: return "null"
        }
    }
}
