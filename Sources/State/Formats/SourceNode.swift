/// One value of a parsed file, as a span over the file's bytes.
///
/// Nodes are stored flat, in document (pre-)order: a container's children follow it, and
/// `size` (the number of descendants) lets a reader skip a whole subtree. Nothing is decoded
/// at parse time beyond validation, so a node costs 24 bytes whatever it holds; strings,
/// numbers and dates are decoded from the span when asked for.
public struct SourceNode: Sendable, Equatable {
    /// What a node is.
    public enum Kind: UInt8, Sendable {
        /// A dictionary; its children alternate key, value.
        case dictionary
        /// An array; its children are its elements.
        case array
        /// A string (a dictionary key too).
        case string
        /// An integer.
        case integer
        /// A real number.
        case real
        /// `true` (`<true/>`).
        case trueValue
        /// `false` (`<false/>`).
        case falseValue
        /// A date.
        case date
        /// Data (base64 in XML and JSON).
        case data
        /// A keyed-archiver object reference (`CF$UID`).
        case uid
        /// JSON's `null`.
        case null

        /// Whether the node has children: a dictionary or an array.
        @inlinable public var isContainer: Bool { self == .dictionary || self == .array }
    }

    /// No key: the node is the root or an array element. (Computed and inlinable, not a
    /// stored `let`: other modules reading a stored static go through a once-token check on
    /// every read, and `hasKey` is asked of every member a printer or a guess looks at.)
    @inlinable public static var noKey: UInt32 { .max }

    /// First byte of the value: the `<` of an XML element, the first byte of a JSON token, the
    /// marker byte of a binary object.
    public var start: UInt32
    /// One past the last byte of the value.
    public var end: UInt32
    /// First byte of the key, when the node is a dictionary member: the `<` of the XML `<key>`
    /// element, the opening quote of a JSON key, the marker of a binary key object.
    public var keyStart: UInt32
    /// Number of direct children (containers only).
    public var count: UInt32
    /// Number of descendants; the next sibling is at `index + 1 + size`.
    public var size: UInt32
    /// What the node is.
    public var kind: Kind
    /// Format-specific bits, see `SourceNode.Flags`.
    var flags: UInt8

    init(kind: Kind, start: Int, end: Int = 0, keyStart: UInt32 = SourceNode.noKey, flags: UInt8 = 0) {
        self.kind = kind
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.keyStart = keyStart
        self.count = 0
        self.size = 0
        self.flags = flags
    }

    /// Whether the node is a dictionary member (and has a key).
    @inlinable public var hasKey: Bool { keyStart != SourceNode.noKey }
    /// The node's bytes in the file.
    public var byteRange: Range<Int> { Int(start)..<Int(end) }

    enum Flags {
        /// The text needs decoding: XML entities, CDATA, comments or CR; JSON escapes.
        static let escaped: UInt8 = 1
        /// The key needs decoding (same meaning as `escaped`, for the key).
        static let keyEscaped: UInt8 = 2
        /// XML: the element was written in its empty form (`<dict/>`, `<string/>`).
        static let selfClosing: UInt8 = 4
        /// JSON: a number beyond what property lists hold — an integer past 64 bits, a real
        /// past a Double's range (`123456789012345678901234567890`, `1e400`). Its text is the
        /// value: kept byte for byte, shown as written, and refused by the plist formats. It
        /// decodes as the nearest Double (±infinity past the range) where a value is needed.
        static let wide: UInt8 = 8
        /// OpenStep: a dictionary without braces — a `.strings` file's top level.
        static let braceless: UInt8 = 16
    }

    /// An OpenStep top-level dictionary written without braces (a `.strings` file).
    public var isBraceless: Bool { flags & Flags.braceless != 0 }

    /// A JSON number beyond what property lists hold (see `Flags.wide`).
    public var isWideNumber: Bool { flags & Flags.wide != 0 }
}
