import OrderedCollections

/// Optional views of a value's payload, for code that edits raw data (migrations, tools).
extension PlistValue {
    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer, when it is one and fits an `Int`.
    public var integerValue: Int? {
        if case .integer(let i) = self { return Int(exactly: i) }
        return nil
    }

    /// A real, or an integer as a real.
    public var doubleValue: Double? {
        switch self {
        case .real(let r): r
        case .integer(let i): Double(i)
        default: nil
        }
    }

    /// The bool, when this is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [PlistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionaryValue: OrderedDictionary<String, PlistValue>? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// A dictionary or an array.
    public var isContainer: Bool { dictionaryValue != nil || arrayValue != nil }
    /// Whether this is a dictionary.
    public var isDictionary: Bool { dictionaryValue != nil }
    /// Whether this is a bool.
    public var isBool: Bool { boolValue != nil }
}
