import Foundation
import OrderedCollections
import State

/// The values a new field, item or instance starts with: the field's default when the schema
/// gives one, otherwise the plainest value of its type (0, "", false, an empty collection, a
/// model filled the same way).
///
/// This is the one table of plainest values: new fields and items in the browser, the kinds
/// `t` offers, and the defaults `state generate` writes all come from it.
///
/// Dates have no plain value, so `now` is passed in: the browser's update stays pure and tests
/// get a fixed clock. Without a clock (code generation, which must be deterministic) a date has
/// no plainest value at all.
public struct SchemaDefaults: Sendable {
    /// The schema the values are for.
    public let schema: Schema
    /// The date new dates take (nil: the plainest date, for deterministic output).
    public let now: Date?

    /// Defaults for the types of `schema`.
    public init(schema: Schema, now: Date? = nil) {
        self.schema = schema
        self.now = now
    }

    /// The plainest value of a scalar or collection type, needing neither the schema nor a
    /// guess: nil for a date without a clock, URLs, colors, untyped values and named types.
    public func plainValue(of type: FieldType) -> PlistValue? {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .bool: .bool(false)
            case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64: .integer(0)
            case .float, .double, .decimal: .real(0)
            case .string: .string("")
            case .data: .data(Data())
            case .date: now.map { .date($0) }
            case .url, .color, .any: nil
            }
        case .array, .set: .array([])
        case .dictionary: .dictionary([:])
        case .named: nil
        }
    }

    /// The kinds an untyped value can take (`t` in the browser, `a` in an untyped container),
    /// each with its plainest value. Dates only with a clock.
    public var untypedKinds: [(name: String, value: PlistValue)] {
        let kinds: [(String, FieldType)] = [
            ("String", .scalar(.string)), ("Integer", .scalar(.int)), ("Real", .scalar(.double)), ("Boolean", .scalar(.bool)),
            ("Date", .scalar(.date)), ("Data", .scalar(.data)), ("Dictionary", .dictionary(.scalar(.any))), ("Array", .array(.scalar(.any))),
        ]
        return kinds.compactMap { name, type in plainValue(of: type).map { (name, $0) } }
    }

    /// The value a new `field` gets.
    public func value(for field: Field) -> PlistValue {
        field.defaultValue ?? value(of: field.type)
    }

    /// The plainest value of `type`.
    public func value(of type: FieldType) -> PlistValue {
        var visiting: Set<String> = []
        return value(of: type, visiting: &visiting)
    }

    /// A new instance of struct `name` with its required fields (and fields with defaults);
    /// with `protocolName`, tagged as that protocol's conformer.
    public func instance(of name: String, asConformerOf protocolName: String? = nil) -> PlistValue {
        var visiting: Set<String> = []
        return instance(of: name, asConformerOf: protocolName, visiting: &visiting)
    }

    /// The fields of struct `name` that a new instance is written with: required ones and
    /// those with a default, not transient ones.
    public func initialFields(of name: String) -> [Field] {
        schema.allFields(of: name).filter { !$0.transient && ($0.isRequired || $0.defaultValue != nil) }
    }

    private func value(of type: FieldType, visiting: inout Set<String>) -> PlistValue {
        if let plain = plainValue(of: type) { return plain }
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .url: return .string("file:///")
            case .color: return (try? RGBAColor(red: 0, green: 0, blue: 0, alpha: 1).storedValue()) ?? .dictionary([:])
            // A date without a clock: the reference date, the one fixed instant plists share.
            case .date: return .date(Date(timeIntervalSinceReferenceDate: 0))
            default: return .string("")
            }
        case .array, .set: return .array([])
        case .dictionary: return .dictionary([:])
        case .named(let name):
            switch schema[name] {
            case .structure?: return instance(of: name, asConformerOf: nil, visiting: &visiting)
            case .enumeration(let e)?: return e.cases.first.map { enumValue(e, case: $0, visiting: &visiting) } ?? .dictionary([:])
            case .protocolType?:
                guard let first = schema.conformers(of: name).first else { return .dictionary([:]) }
                return instance(of: first.name, asConformerOf: name, visiting: &visiting)
            case nil: return .dictionary([:])
            }
        }
    }

    /// The stored form of an enum case, with a plain payload for associated values.
    public func enumValue(_ e: EnumType, case c: EnumType.Case) -> PlistValue {
        var visiting: Set<String> = []
        return enumValue(e, case: c, visiting: &visiting)
    }

    private func enumValue(_ e: EnumType, case c: EnumType.Case, visiting: inout Set<String>) -> PlistValue {
        if e.rawType != nil { return .dictionary(["value": c.rawValue ?? .string(c.name)]) }
        var d: OrderedDictionary<String, PlistValue> = [e.name: .string(c.name)]
        if let payload = c.payload { d["value"] = value(of: payload, visiting: &visiting) }
        return .dictionary(d)
    }

    private func instance(of name: String, asConformerOf protocolName: String?, visiting: inout Set<String>) -> PlistValue {
        var d: OrderedDictionary<String, PlistValue> = [:]
        if let protocolName { d[schema.rootProtocol(of: protocolName)] = .string(name) }
        // A model that contains itself (a tree node) gets its own fields only once: the nested
        // one is left empty rather than recursing forever.
        guard visiting.insert(name).inserted else { return .dictionary(d) }
        defer { visiting.remove(name) }
        for field in initialFields(of: name) {
            d[field.name] = field.defaultValue ?? value(of: field.type, visiting: &visiting)
        }
        if case .structure(let s)? = schema[name], let version = s.version { d["model_version"] = .integer(Int128(version)) }
        return .dictionary(d)
    }
}
