import Foundation
import OrderedCollections

/// A property-list value: the key-value data every model encodes to, independent of file format.
///
/// Dictionaries keep their key order (`OrderedDictionary`) so that a value read from a file and
/// written back lists its keys as the file did. Integers span the union of the `Int64` and
/// `UInt64` ranges, which is what both plist formats can store; `Int128` holds that range exactly.
public enum PlistValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer in `Int64.min ... Int128(UInt64.max)`.
    case integer(Int128)
    /// A real number.
    case real(Double)
    /// A boolean.
    case bool(Bool)
    /// A date (to the second in XML, as Apple's tools write it; as the file has it in binary).
    case date(Date)
    /// Bytes.
    case data(Data)
    /// A keyed-archiver object reference (`CF$UID`); binary and XML plists only.
    case uid(UInt64)
    /// An array.
    case array([PlistValue])
    /// A dictionary with string keys, in the file's key order.
    case dictionary(OrderedDictionary<String, PlistValue>)
    /// JSON's `null`. Property lists cannot hold it; converting it to a plist is an error.
    case null

    /// The smallest and largest integer a property list can store.
    public static let integerRange: ClosedRange<Int128> = Int128(Int64.min)...Int128(UInt64.max)

    /// A short name of the value's type, as used in messages ("dictionary", "integer", …).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .uid: "uid"
        case .array: "array"
        case .dictionary: "dictionary"
        case .null: "null"
        }
    }

    /// The child at `component` (a dictionary key or an array index), if there is one.
    public subscript(component: PlistPath.Component) -> PlistValue? {
        switch (self, component) {
        case (.dictionary(let d), .key(let k)): return d[k]
        case (.dictionary(let d), .index(let i)): return d[String(i)]
        case (.array(let a), .index(let i)): return a.indices.contains(i) ? a[i] : nil
        default: return nil
        }
    }

    /// The value at `path`, or nil when some component does not exist.
    public subscript(path: PlistPath) -> PlistValue? {
        var current = self
        for component in path.components {
            guard let next = current[component] else { return nil }
            current = next
        }
        return current
    }
}

extension PlistValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(Int128(value)) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PlistValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PlistValue)...) {
        self = .dictionary(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
