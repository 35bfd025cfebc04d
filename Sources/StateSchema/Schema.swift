import OrderedCollections
import State

/// A description of model types — structs, enums and protocols with their fields — that lets
/// files be decoded, validated and edited without compiling the model types.
///
/// Built from an Xcode data model (`XcodeModelLoader`), a schema file (`SchemaFileParser`) or
/// the data itself (`SchemaInference`).
public struct Schema: Sendable, Equatable {
    /// Every type by name, in the order the source declared them.
    public var types: OrderedDictionary<String, SchemaType> {
        didSet { conformerNames = Self.conformerNames(types) }
    }
    /// For each protocol, the structs conforming to it directly or through inheritance, in
    /// declaration order: built once per change of `types`, so asking is not a walk up every
    /// inheritance chain (a chain of 10⁵ protocols took a minute to print).
    private var conformerNames: [String: [String]] = [:]
    /// The type of the file's root value, when known (a schema file's `root`, or the one struct
    /// no other type refers to).
    public var root: String?

    /// A schema of `types`, whose root type is `root` (default: found from the types).
    public init(types: [SchemaType] = [], root: String? = nil) {
        self.types = OrderedDictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.root = root
        conformerNames = Self.conformerNames(self.types)
    }

    private static func conformerNames(_ types: OrderedDictionary<String, SchemaType>) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for case .structure(let s) in types.values {
            var seen: Set<String> = []
            var stack = s.conformances
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                table[next, default: []].append(s.name)
                if case .protocolType(let p) = types[next] { stack.append(contentsOf: p.parents) }
            }
        }
        return table
    }

    /// The type named `name`, if any.
    public subscript(name: String) -> SchemaType? { types[name] }

    /// The struct types, in order.
    public var structs: [StructType] { types.values.compactMap { if case .structure(let s) = $0 { s } else { nil } } }
    /// The enum types, in order.
    public var enums: [EnumType] { types.values.compactMap { if case .enumeration(let e) = $0 { e } else { nil } } }
    /// The protocol types, in order.
    public var protocols: [ProtocolType] { types.values.compactMap { if case .protocolType(let p) = $0 { p } else { nil } } }

    /// The top of `name`'s protocol inheritance chain (itself when it has no parent protocol):
    /// the key of the type tag of its values.
    public func rootProtocol(of name: String) -> String {
        var current = name
        var seen: Set<String> = [name]
        while case .protocolType(let p) = types[current], let parent = p.parents.first(where: { types[$0]?.isProtocol == true }),
            seen.insert(parent).inserted
        {
            current = parent
        }
        return current
    }

    /// Whether protocol `name` is `ancestor` or inherits from it.
    public func protocolInherits(_ name: String, from ancestor: String) -> Bool {
        var stack = [name]
        var seen: Set<String> = []
        while let next = stack.popLast() {
            if next == ancestor { return true }
            guard seen.insert(next).inserted, case .protocolType(let p) = types[next] else { continue }
            stack.append(contentsOf: p.parents)
        }
        return false
    }

    /// The protocols a struct conforms to, directly or through inheritance.
    public func allProtocols(of structName: String) -> [String] {
        guard case .structure(let s) = types[structName] else { return [] }
        var result: [String] = []
        var seen: Set<String> = []
        var stack = Array(s.conformances.reversed())
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            if case .protocolType(let p) = types[next] { stack.append(contentsOf: p.parents.reversed()) }
        }
        return result
    }

    /// The structs that conform to protocol `name`, directly or through a protocol inheriting
    /// from it, in declaration order.
    public func conformers(of name: String) -> [StructType] {
        (conformerNames[name] ?? []).compactMap { if case .structure(let s)? = types[$0] { s } else { nil } }
    }

    /// A struct's own fields plus those its protocols require (inherited fields first, each
    /// name once).
    public func allFields(of structName: String) -> [Field] {
        guard case .structure(let s) = types[structName] else { return [] }
        var fields: OrderedDictionary<String, Field> = [:]
        for proto in allProtocols(of: structName).reversed() {
            if case .protocolType(let p) = types[proto] { for f in p.fields { fields[f.name] = f } }
        }
        for f in s.fields { fields[f.name] = f }
        return Array(fields.values)
    }

    /// Names used as field types that the schema does not define.
    public var undefinedNames: [String] {
        var missing: [String] = []
        func visit(_ t: FieldType) {
            switch t {
            case .named(let n): if types[n] == nil, !missing.contains(n) { missing.append(n) }
            case .array(let e), .dictionary(let e), .set(let e): visit(e)
            case .scalar: break
            }
        }
        for type in types.values {
            switch type {
            case .structure(let s): s.fields.forEach { visit($0.type) }
            case .protocolType(let p): p.fields.forEach { visit($0.type) }
            case .enumeration(let e): e.cases.compactMap(\.payload).forEach(visit)
            }
        }
        return missing
    }
}

/// One named type of a schema.
public enum SchemaType: Sendable, Equatable {
    /// A struct model.
    case structure(StructType)
    /// An enum.
    case enumeration(EnumType)
    /// A protocol, whose conformers are the structs naming it.
    case protocolType(ProtocolType)

    /// The type's name.
    public var name: String {
        switch self {
        case .structure(let s): s.name
        case .enumeration(let e): e.name
        case .protocolType(let p): p.name
        }
    }

    /// Whether the type is a protocol.
    public var isProtocol: Bool { if case .protocolType = self { true } else { false } }

    /// "struct", "enum" or "protocol".
    public var kindName: String {
        switch self {
        case .structure: "struct"
        case .enumeration: "enum"
        case .protocolType: "protocol"
        }
    }
}

/// A struct model: a dictionary with one entry per stored field.
public struct StructType: Sendable, Equatable {
    /// The type's name, as Swift code and `model_type` tags spell it.
    public var name: String
    /// Its stored (and transient) fields, in declaration order: the order keys are written.
    public var fields: [Field]
    /// Protocols it conforms to (Xcode: its parent entity).
    public var conformances: [String]
    /// Its model version, written as `model_version` (Xcode: `versionHashModifier`).
    public var version: Int?
    /// A comment from the schema (`///` before the declaration), written into generated code.
    public var documentation: String?

    /// A struct type.
    public init(name: String, fields: [Field] = [], conformances: [String] = [], version: Int? = nil, documentation: String? = nil) {
        self.name = name
        self.fields = fields
        self.conformances = conformances
        self.version = version
        self.documentation = documentation
    }
}

/// A protocol: requirements (fields every conformer has) and parent protocols.
public struct ProtocolType: Sendable, Equatable {
    /// The protocol's name.
    public var name: String
    /// The protocols it refines.
    public var parents: [String]
    /// Its requirements: fields every conformer has.
    public var fields: [Field]
    /// A comment from the schema (`///` before the declaration), written into generated code.
    public var documentation: String?

    /// A protocol type refining `parents`.
    public init(name: String, parents: [String] = [], fields: [Field] = [], documentation: String? = nil) {
        self.name = name
        self.parents = parents
        self.fields = fields
        self.documentation = documentation
    }
}

/// An enum: plain cases, raw values, or associated values.
public struct EnumType: Sendable, Equatable {
    /// One case of an enum.
    public struct Case: Sendable, Equatable {
        /// The case's name, as stored in files: `{ "<EnumName>": "<caseName>" }`.
        public var name: String
        /// The stored raw value of a raw-value enum.
        public var rawValue: PlistValue?
        /// The type of an associated value.
        public var payload: FieldType?

        /// A case, with a raw value or an associated value's type if it has one.
        public init(name: String, rawValue: PlistValue? = nil, payload: FieldType? = nil) {
            self.name = name
            self.rawValue = rawValue
            self.payload = payload
        }
    }

    /// The enum's name.
    public var name: String
    /// The raw type of a raw-value enum (`String`, `Int`); stored as `{ "value": raw }`.
    public var rawType: FieldType.Scalar?
    /// Its cases, in declaration order.
    public var cases: [Case]
    /// A comment from the schema (`///` before the declaration), written into generated code.
    public var documentation: String?

    /// An enum type (with raw values of `rawType`, if any).
    public init(name: String, rawType: FieldType.Scalar? = nil, cases: [Case], documentation: String? = nil) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
        self.documentation = documentation
    }

    /// Whether any case has an associated value.
    public var hasPayloads: Bool { cases.contains { $0.payload != nil } }
}

/// A field of a struct (or a requirement of a protocol).
public struct Field: Sendable, Equatable {
    /// The field's name: its key in files and its property name in Swift.
    public var name: String
    /// The field's type, without the optional.
    public var type: FieldType
    /// Whether the key may be missing (`T?`).
    public var optional: Bool
    /// The value a new instance gets (and a missing key means, when the field is not optional).
    public var defaultValue: PlistValue?
    /// Never written; not expected in files.
    public var transient: Bool
    /// `let` rather than `var`: the browser shows it read-only until asked.
    public var immutable: Bool
    /// The name of a value transform (`TransformRegistry`), e.g. `ColorTransform`.
    public var transform: String?
    /// An empty collection is not written; absent reads back as empty.
    public var dissolve: Bool
    /// A missing key reads as `defaultValue` (schema files' `= value`). Xcode defaults are only
    /// for new instances: State's generated code still required the key.
    public var defaultWhenMissing: Bool
    /// A comment from the schema, shown in the browser's detail pane.
    public var documentation: String?

    /// A field; everything but its name and type defaults to a plain required stored field.
    public init(
        name: String, type: FieldType, optional: Bool = false, defaultValue: PlistValue? = nil, transient: Bool = false, immutable: Bool = false, transform: String? = nil,
        dissolve: Bool = false, defaultWhenMissing: Bool = false, documentation: String? = nil
    ) {
        self.name = name
        self.type = type
        self.optional = optional
        self.defaultValue = defaultValue
        self.transient = transient
        self.immutable = immutable
        self.transform = transform
        self.dissolve = dissolve
        self.defaultWhenMissing = defaultWhenMissing
        self.documentation = documentation
    }

    /// Whether a file must contain the key.
    public var isRequired: Bool { !optional && !transient && !dissolve && !(defaultWhenMissing && defaultValue != nil) }
}
