import Foundation

// MARK: - Integers

/// Integers of every width read from a plist integer (or a real with no fractional part) and
/// refuse values outside their range with the range in the message.
extension Storable where Self: FixedWidthInteger {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        let wide: Int128
        switch storedValue {
        case .integer(let i):
            wide = i
        case .real(let r) where r.isFinite && r.rounded(.towardZero) == r && abs(r) < 1e38:
            wide = Int128(r)
        default:
            throw context.mismatch(expected: "an integer (\(Self.self))", found: storedValue)
        }
        guard let value = Self(exactly: wide) else {
            throw context.error(.invalidValue("\(wide) is outside the range of \(Self.self) (\(Self.min)…\(Self.max))"))
        }
        self = value
    }

    /// Read from the node's bytes when it is an integer that fits (see `StoredNode.integer`).
    @inlinable public static func quickRead(_ node: StoredNode) -> Self? {
        node.integer.flatMap { Self(exactly: $0) }
    }

    public func storedValue() throws -> PlistValue { .integer(Int128(self)) }

    public func writeStored(to sink: StoreSink) throws { sink.integer(Int128(self)) }
}

extension Int: Storable {}
extension Int8: Storable {}
extension Int16: Storable {}
extension Int32: Storable {}
extension Int64: Storable {}
extension UInt: Storable {}
extension UInt8: Storable {}
extension UInt16: Storable {}
extension UInt32: Storable {}
extension UInt64: Storable {}

// MARK: - Reals

extension Double: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        switch storedValue {
        case .real(let r): self = r
        case .integer(let i): self = Double(i)
        default: throw context.mismatch(expected: "a real (Double)", found: storedValue)
        }
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> Double? { node.real }

    public func storedValue() throws -> PlistValue { .real(self) }
}

extension Float: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        let wide: Double
        switch storedValue {
        case .real(let r): wide = r
        case .integer(let i): wide = Double(i)
        default: throw context.mismatch(expected: "a real (Float)", found: storedValue)
        }
        let narrow = Float(wide)
        guard narrow.isFinite || !wide.isFinite else {
            throw context.error(.invalidValue("\(wide) is outside the range of Float"))
        }
        self = narrow
    }

    /// Written as the shortest decimal that reads back as this Float (0.1 is written `0.1`, not
    /// `0.10000000149011612`), so files stay readable and a Float survives the round trip.
    public func storedValue() throws -> PlistValue {
        guard isFinite else { return .real(Double(self)) }
        return .real(Double(description) ?? Double(self))
    }
}

extension Decimal: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        switch storedValue {
        case .integer(let i):
            self = Decimal(string: String(i))!
        case .real(let r) where r.isFinite:
            // Through the shortest spelling of the double, so 3.14 reads as 3.14 and not as
            // 3.140000000000000124344978758017532527446746826171875.
            self = Decimal(string: "\(r)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(r)
        case .string(let s):
            guard let d = Decimal(string: s, locale: Locale(identifier: "en_US_POSIX")), !d.isNaN else {
                throw context.error(.invalidValue("\"\(s)\" is not a decimal number"))
            }
            self = d
        default:
            throw context.mismatch(expected: "a number (Decimal)", found: storedValue)
        }
    }

    /// Written as a real, as NSDecimalNumber was; the spelling is the shortest that reads back.
    public func storedValue() throws -> PlistValue {
        .real(Double(description) ?? NSDecimalNumber(decimal: self).doubleValue)
    }
}

// MARK: - Bool, String, Data, Date, URL

extension Bool: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        guard case .bool(let b) = storedValue else { throw context.mismatch(expected: "a bool", found: storedValue) }
        self = b
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> Bool? { node.bool }

    public func storedValue() throws -> PlistValue { .bool(self) }
}

extension String: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        guard case .string(let s) = storedValue else { throw context.mismatch(expected: "a string", found: storedValue) }
        self = s
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> String? { node.string }

    public func storedValue() throws -> PlistValue { .string(self) }

    public func writeStored(to sink: StoreSink) throws { try sink.string(self) }
}

extension Data: Storable {
    /// Plists hold data natively; JSON holds it as base64 text.
    public init(storedValue: PlistValue, context: ReadContext) throws {
        switch storedValue {
        case .data(let d):
            self = d
        case .string(let s):
            guard let d = Data(base64Encoded: s, options: .ignoreUnknownCharacters) else {
                throw context.error(.invalidValue("string is not base64 data"))
            }
            self = d
        default:
            throw context.mismatch(expected: "data", found: storedValue)
        }
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> Data? { node.data }

    public func storedValue() throws -> PlistValue { .data(self) }
}

extension Date: Storable {
    /// Plists hold dates natively; JSON holds them as ISO-8601 text.
    public init(storedValue: PlistValue, context: ReadContext) throws {
        switch storedValue {
        case .date(let d):
            self = d
        case .string(let s):
            var text = s
            let parsed = text.withUTF8 { PlistDate.parse($0) }
            guard let d = parsed else {
                throw context.error(.invalidValue("\"\(s)\" is not an ISO-8601 date (2015-04-11T23:26:11Z)"))
            }
            self = d
        default:
            throw context.mismatch(expected: "a date", found: storedValue)
        }
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> Date? { node.date }

    public func storedValue() throws -> PlistValue { .date(self) }
}

extension URL: Storable {
    /// A URL is stored as a string in its absolute form.
    public init(storedValue: PlistValue, context: ReadContext) throws {
        guard case .string(let s) = storedValue else { throw context.mismatch(expected: "a URL string", found: storedValue) }
        guard !s.isEmpty, let url = URL(string: s) else {
            throw context.error(.invalidValue("\"\(s)\" is not a URL"))
        }
        self = url
    }

    @inlinable public static func quickRead(_ node: StoredNode) -> URL? {
        guard let s = node.string, !s.isEmpty else { return nil }
        return URL(string: s)
    }

    public func storedValue() throws -> PlistValue { .string(absoluteString) }
}

// MARK: - Untyped values

/// A field that may hold anything (the original framework's `AnyObject` fields).
extension PlistValue: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws { self = storedValue }
    public func storedValue() throws -> PlistValue { self }
}
