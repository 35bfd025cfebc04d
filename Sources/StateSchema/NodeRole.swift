/// What a node of a document is, according to a schema (or to inference).
public struct NodeRole: Hashable, Sendable {
    /// What a node is.
    public enum Kind: Hashable, Sendable {
        /// A struct model.
        case model(String)
        /// A protocol value: the concrete conformer and the protocol the field expects.
        case conformer(String, protocolName: String)
        /// An enum value and its case (nil when the case is unknown).
        case enumValue(String, caseName: String?)
        /// A scalar or collection of the given type.
        case value(FieldType)
        /// An RGBA color dictionary.
        case color
        /// The type tag of a protocol value, or an enum's case key.
        case typeTag
        /// `model_version`.
        case version
        /// Data the schema does not describe (kept as it is).
        case unknown
    }

    /// What the node is.
    public var kind: Kind
    /// The field this node is the value of, in its parent model.
    public var field: String?
    /// The value transform its field names.
    public var transform: String?
    /// True when the role was guessed from the data's shape rather than read from a schema.
    public var inferred: Bool

    /// A role of `kind` for the field `field` (through `transform`), guessed when `inferred`.
    public init(_ kind: Kind, field: String? = nil, transform: String? = nil, inferred: Bool = false) {
        self.kind = kind
        self.field = field
        self.transform = transform
        self.inferred = inferred
    }

    /// A short label for the browser and `state print --schema`: `ColorAsset : Asset`,
    /// `Rendering.template`, `[Asset]`, `Color`.
    public var label: String {
        switch kind {
        case .model(let name): name
        case .conformer(let name, let proto): "\(name) : \(proto)"
        case .enumValue(let name, let c): c.map { "\(name).\($0)" } ?? name
        case .value(let type): type.description
        case .color: "Color"
        case .typeTag: "type tag"
        case .version: "model version"
        case .unknown: "?"
        }
    }
}

extension NodeRole {
    /// A hash for `RoleTable`'s interning: FNV-1a over the kind's case and names, the field
    /// and the transform. Equal roles hash alike (it reads nothing `==` does not compare); a
    /// value's field type is left to `==`, so roles that differ only there share a hash.
    var quickHash: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { h = (h ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        func mix(_ text: String?) {
            guard let text else { return mix(0xFE) }
            for byte in text.utf8 { mix(byte) }
            mix(0xFF)
        }
        switch kind {
        case .model(let name): mix(1); mix(name)
        case .conformer(let name, let protocolName): mix(2); mix(name); mix(protocolName)
        case .enumValue(let name, let caseName): mix(3); mix(name); mix(caseName)
        case .value: mix(4)
        case .color: mix(5)
        case .typeTag: mix(6)
        case .version: mix(7)
        case .unknown: mix(8)
        }
        mix(field)
        mix(transform)
        mix(inferred ? 1 : 0)
        h = (h ^ (h >> 32)) &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 29)
    }
}
