import Foundation
import State

/// Text typed by a user (in an editor, or as a command's argument) read as a value of a given
/// kind — the one parser behind `state set`/`add` and the browser's editors, so both accept
/// and refuse the same things with the same messages.
public enum ValueEntry {
    /// The kinds a typed value can be read as (`--type`).
    public enum Kind: String, CaseIterable, Sendable {
        /// Text as it is.
        case string
        /// A whole number in the plist range (`-3`, `+42`).
        case integer
        /// A real number (`1.5`, `1e3`).
        case real
        /// `true`/`false` (also `yes`/`no`, `1`/`0`).
        case bool
        /// An ISO 8601 date (`2024-01-02T03:04:05Z`).
        case date
        /// Bytes as base64, or hex after `0x`.
        case data
        /// Any value written as JSON (`{"a": [1, 2]}`).
        case json

        /// `String`, `Integer`, `Boolean`: as the browser labels a value's kind.
        public var displayName: String {
            switch self {
            case .bool: "Boolean"
            case .json: "JSON"
            default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
            }
        }
    }

    /// The kind an existing value has, for editing it in place.
    public static func kind(of value: PlistValue) -> Kind {
        switch value {
        case .string: .string
        case .integer: .integer
        case .real: .real
        case .bool: .bool
        case .date: .date
        case .data: .data
        case .uid, .null, .array, .dictionary: .json
        }
    }

    /// The kind of a tree's scalar: as its value's, except a JSON integer too wide for a value
    /// (decoded as the nearest Double), which is still a whole number to edit.
    public static func kind(of node: Int, in tree: SourceTree) -> Kind {
        // (Such an integer is a `.real` node: its nearest Double is its value.)
        if tree[node].isWideNumber, let text = tree.numberText(of: node), !text.contains(where: { ".eE".contains($0) }) { return .integer }
        return kind(of: tree.scalar(at: node))
    }

    /// Reads `text` as a `kind`; the error says what was expected.
    public static func parse(_ text: String, as kind: Kind) throws -> PlistValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .string:
            return .string(text)
        case .integer:
            guard let value = Int128(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else {
                throw PlistError("\"\(text)\" is not a whole number")
            }
            guard PlistValue.integerRange.contains(value) else {
                throw PlistError("\(value) is outside what a property list can store (\(Int64.min)…\(UInt64.max))")
            }
            return .integer(value)
        case .real:
            let lowered = trimmed.lowercased()
            if ["nan", "inf", "+inf", "-inf", "infinity", "-infinity"].contains(lowered) {
                return .real(lowered == "nan" ? .nan : lowered.hasPrefix("-") ? -.infinity : .infinity)
            }
            guard let value = Double(trimmed), trimmed.first.map({ $0.isNumber || "+-.".contains($0) }) == true else {
                throw PlistError("\"\(text)\" is not a number")
            }
            return .real(value)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw PlistError("\"\(text)\" is not a boolean (true or false)")
            }
        case .date:
            guard let date = TypedDate.parse(trimmed) else { throw PlistError("\"\(text)\" is not a date: write it as \(TypedDate.example)") }
            return .date(date)
        case .data:
            if trimmed.lowercased().hasPrefix("0x") || trimmed.lowercased().hasPrefix("hex:") {
                let digits = trimmed.drop { $0 != "x" && $0 != ":" }.dropFirst().filter { !$0.isWhitespace }
                guard digits.count.isMultiple(of: 2), let bytes = Self.hexBytes(String(digits)) else {
                    throw PlistError("\"\(text)\" is not hex data (0x0a1b…, an even number of hex digits)")
                }
                return .data(Data(bytes))
            }
            guard let data = Data(base64Encoded: trimmed.filter { !$0.isWhitespace }) else {
                throw PlistError("\"\(text)\" is not base64 data (or hex with 0x)")
            }
            return .data(data)
        case .json:
            do {
                return try PlistValue(parsing: Array(text.utf8))
            } catch {
                throw PlistError("\"\(text)\" is not a JSON or plist value: \(error)")
            }
        }
    }

    /// A value read from what the text looks like, as a person would: `true`/`false` a bool,
    /// a whole number an integer, a number with a point or exponent a real, an ISO-8601 date a
    /// date, anything else a string.
    public static func guess(_ text: String) -> PlistValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed == text, !text.isEmpty else { return .string(text) }
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if let integer = try? parse(text, as: .integer) { return integer }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true,
            let real = try? parse(text, as: .real), case .real(let d) = real, d.isFinite
        {
            return real
        }
        if text.count >= 10, text.first?.isNumber == true, let date = TypedDate.parse(text) { return .date(date) }
        return .string(text)
    }

    /// `text`, when it is one JSON number too wide for a property list value (beyond 64-bit
    /// integers, or past a Double's range or digits): what only a JSON file can keep as written.
    public static func wideJSONNumber(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let tree = try? SourceTree(parsing: Array(trimmed.utf8), as: .json), tree.nodes.count == 1, tree[0].isWideNumber else { return nil }
        return trimmed
    }

    /// Whether `text` is exactly one JSON number token.
    static func isJSONNumber(_ text: String) -> Bool {
        guard let tree = try? SourceTree(parsing: Array(text.utf8), as: .json), tree.nodes.count == 1, [.integer, .real].contains(tree[0].kind) else { return false }
        return tree[0].byteRange == 0..<text.utf8.count
    }

    static func hexBytes(_ digits: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = digits.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let h = high.hexDigitValue, let l = low.hexDigitValue else { return nil }
            bytes.append(UInt8(h * 16 + l))
        }
        return bytes
    }
}
