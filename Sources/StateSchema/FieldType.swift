import Foundation
import State

/// The type of a schema field, written in Swift syntax: `Int16`, `String?`, `[Asset]`,
/// `[String: Int]`, `Set<String>`, `Color`, `ColorAsset`.
public enum FieldType: Hashable, Sendable, CustomStringConvertible {
    /// The scalar types a field can have, by their schema names.
    public enum Scalar: String, Sendable, CaseIterable {
        /// `Bool`: a plist boolean.
        case bool = "Bool"
        /// `Int`: a plist integer in the range of a 64-bit signed integer.
        case int = "Int"
        /// `Int8`: a plist integer from -128 through 127.
        case int8 = "Int8"
        /// `Int16`: a plist integer in the range of a 16-bit signed integer.
        case int16 = "Int16"
        /// `Int32`: a plist integer in the range of a 32-bit signed integer.
        case int32 = "Int32"
        /// `Int64`: a plist integer in the range of a 64-bit signed integer.
        case int64 = "Int64"
        /// `UInt`: a non-negative plist integer up to the 64-bit unsigned maximum.
        case uint = "UInt"
        /// `UInt8`: a plist integer from 0 through 255.
        case uint8 = "UInt8"
        /// `UInt16`: a plist integer in the range of a 16-bit unsigned integer.
        case uint16 = "UInt16"
        /// `UInt32`: a plist integer in the range of a 32-bit unsigned integer.
        case uint32 = "UInt32"
        /// `UInt64`: a plist integer up to the 64-bit unsigned maximum (plists hold the whole
        /// range).
        case uint64 = "UInt64"
        /// `Float`: a plist real (or integer).
        case float = "Float"
        /// `Double`: a plist real (or integer).
        case double = "Double"
        /// `Decimal`: a plist real (or integer), kept as decimal digits.
        case decimal = "Decimal"
        /// `String`: a plist string.
        case string = "String"
        /// `Data`: plist data (base64 in XML and JSON).
        case data = "Data"
        /// `Date`: a plist date (an ISO 8601 string in JSON).
        case date = "Date"
        /// `URL`: a string, read through `URLTransform`.
        case url = "URL"
        /// An RGBA color stored as `{red, green, blue, alpha}`.
        case color = "Color"
        /// Anything (an untyped value).
        case any = "Any"

        /// How an OpenStep file (which has only strings) spells a value of this scalar, read as
        /// the scalar: `"56"` as an integer, `"YES"` as a bool, `"1.5"` as a real. The value
        /// unchanged when it is no such string or does not read as one.
        public func readingOpenStepString(_ value: PlistValue) -> PlistValue {
            guard case .string(let text) = value else { return value }
            if integerRange != nil, let n = Int128(text) { return .integer(n) }
            switch self {
            case .float, .double, .decimal: return Double(text).map(PlistValue.real) ?? value
            case .bool:
                switch text.lowercased() {
                case "yes", "true", "1": return .bool(true)
                case "no", "false", "0": return .bool(false)
                default: return value
                }
            default: return value
            }
        }

        /// The range of an integer scalar.
        public var integerRange: ClosedRange<Int128>? {
            switch self {
            case .int, .int64: Int128(Int64.min)...Int128(Int64.max)
            case .int8: Int128(Int8.min)...Int128(Int8.max)
            case .int16: Int128(Int16.min)...Int128(Int16.max)
            case .int32: Int128(Int32.min)...Int128(Int32.max)
            case .uint, .uint64: 0...Int128(UInt64.max)
            case .uint8: 0...Int128(UInt8.max)
            case .uint16: 0...Int128(UInt16.max)
            case .uint32: 0...Int128(UInt32.max)
            default: nil
            }
        }

        /// The model API's type for the scalar, whose `Storable` conversion defines what a valid
        /// stored value is; nil for `Color` (a dictionary) and `Any`.
        public var storableType: (any Storable.Type)? {
            switch self {
            case .bool: Bool.self
            case .int: Int.self
            case .int8: Int8.self
            case .int16: Int16.self
            case .int32: Int32.self
            case .int64: Int64.self
            case .uint: UInt.self
            case .uint8: UInt8.self
            case .uint16: UInt16.self
            case .uint32: UInt32.self
            case .uint64: UInt64.self
            case .float: Float.self
            case .double: Double.self
            case .decimal: Decimal.self
            case .string: String.self
            case .data: Data.self
            case .date: Date.self
            case .url: URL.self
            case .color, .any: nil
            }
        }

        /// Spellings from Objective-C and Xcode models that mean the same scalar.
        static let aliases: [String: Scalar] = [
            "NSDecimalNumber": .decimal, "NSNumber": .double, "NSString": .string, "NSData": .data,
            "NSDate": .date, "NSURL": .url, "UIColor": .color, "NSColor": .color, "RGBAColor": .color,
            "CGFloat": .double, "AnyObject": .any, "PlistValue": .any,
        ]
    }

    /// A scalar: a number, string, date, data, color or any value.
    case scalar(Scalar)
    /// A model, enum or protocol of the schema, by name.
    case named(String)
    /// An array of the element type: `[T]`.
    indirect case array(FieldType)
    /// A dictionary with string keys and values of the type: `[String: T]`.
    indirect case dictionary(FieldType)
    /// A set of the element type, stored as an array: `Set<T>`.
    indirect case set(FieldType)

    /// The schema types the type names, outermost first.
    public var namedTypes: [String] {
        switch self {
        case .scalar: []
        case .named(let name): [name]
        case .array(let t), .dictionary(let t), .set(let t): t.namedTypes
        }
    }

    /// Whether the type is or contains a schema type (not only scalars).
    public var mentionsModel: Bool {
        switch self {
        case .scalar: false
        case .named: true
        case .array(let t), .dictionary(let t), .set(let t): t.mentionsModel
        }
    }

    public var description: String {
        switch self {
        case .scalar(let s): s.rawValue
        case .named(let n): n
        case .array(let t): "[\(t)]"
        case .dictionary(let t): "[String: \(t)]"
        case .set(let t): "Set<\(t)>"
        }
    }

    /// Parses Swift type syntax. A trailing `?` is returned separately (optional is a property
    /// of the field, not of the type). Returns nil when the text is not a type.
    public static func parse(_ text: String) -> (type: FieldType, optional: Bool)? {
        // Nesting is bounded before the recursive parse: each level copies the text, so ten
        // thousand brackets would take seconds (and as many stack frames).
        var depth = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "<") {
                depth += 1
                if depth > maxNesting { return nil }
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: ">") {
                depth -= 1
            }
        }
        var t = text.trimmingCharacters(in: .whitespaces)
        var optional = false
        if t.hasSuffix("?") || t.hasSuffix("!") {
            optional = true
            t.removeLast()
        }
        guard let type = parseType(Substring(t).trimmingCharacters(in: .whitespaces)) else { return nil }
        return (type, optional)
    }

    /// The deepest collection nesting a field type may have (`[[String: [Int]]]` is 3).
    public static let maxNesting = 32

    private static func parseType(_ text: String) -> FieldType? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("["), t.hasSuffix("]") {
            let inner = String(t.dropFirst().dropLast())
            if let colon = topLevelColon(inner) {
                let key = inner[..<colon].trimmingCharacters(in: .whitespaces)
                guard key == "String" || key == "NSString" else { return nil }
                return parseType(String(inner[inner.index(after: colon)...])).map { .dictionary($0) }
            }
            return parseType(inner).map { .array($0) }
        }
        for (prefix, make) in [("Set<", FieldType.set), ("Array<", FieldType.array)] as [(String, (FieldType) -> FieldType)] where t.hasPrefix(prefix) && t.hasSuffix(">") {
            return parseType(String(t.dropFirst(prefix.count).dropLast())).map(make)
        }
        if t.hasPrefix("Dictionary<"), t.hasSuffix(">") {
            let inner = String(t.dropFirst("Dictionary<".count).dropLast())
            guard let comma = inner.firstIndex(of: ","), inner[..<comma].trimmingCharacters(in: .whitespaces) == "String" else { return nil }
            return parseType(String(inner[inner.index(after: comma)...])).map { .dictionary($0) }
        }
        if let scalar = Scalar(rawValue: t) ?? Scalar.aliases[t] { return .scalar(scalar) }
        guard let first = t.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            t.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else { return nil }
        return .named(t)
    }

    private static func topLevelColon(_ s: String) -> String.Index? {
        var depth = 0
        for i in s.indices {
            switch s[i] {
            case "[", "<": depth += 1
            case "]", ">": depth -= 1
            case ":" where depth == 0: return i
            default: break
            }
        }
        return nil
    }
}
