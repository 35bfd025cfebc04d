import OrderedCollections

/// A color as red, green, blue and alpha channels in 0…1: the platform-neutral color type
/// (there is no UIColor on Linux), stored as `{ "red": r, "green": g, "blue": b, "alpha": a }`.
public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1 (an extended-range color may pass it).
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A color from channels in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// 8-bit channels (0…255).
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional; case does not matter).
    public init?(hex: String) {
        var text = Substring(hex)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6 || text.count == 8, let bits = UInt32(text, radix: 16), text.allSatisfy(\.isHexDigit) else {
            return nil
        }
        let value = text.count == 6 ? (bits << 8) | 0xFF : bits
        self.init(red8: UInt8(value >> 24), green8: UInt8((value >> 16) & 0xFF), blue8: UInt8((value >> 8) & 0xFF), alpha8: UInt8(value & 0xFF))
    }

    /// The channels rounded to 0…255.
    public var channels8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    public var hex: String {
        // Spelled into nine bytes at most (a printer labels every color of a file with it).
        let c = channels8
        let digits: StaticString = "0123456789ABCDEF"
        let channels = c.alpha == 255 ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha]
        return String(unsafeUninitializedCapacity: 1 + 2 * channels.count) { text in
            text[0] = UInt8(ascii: "#")
            for (i, channel) in channels.enumerated() {
                text[1 + 2 * i] = digits.utf8Start[Int(channel >> 4)]
                text[2 + 2 * i] = digits.utf8Start[Int(channel & 15)]
            }
            return 1 + 2 * channels.count
        }
    }

    public var description: String { hex }

    /// The channel keys, in the order they are written.
    public static let channelKeys = ["red", "green", "blue", "alpha"]
}

extension RGBAColor: Storable {
    public init(storedValue: PlistValue, context: ReadContext) throws {
        try self.init(store: try Store(value: storedValue, context: context), context: context)
    }

    public init(storedNode: StoredNode, context: ReadContext) throws {
        if let color = Self.quickRead(storedNode) {
            self = color
            return
        }
        try self.init(store: try Store(node: storedNode, context: context), context: context)
    }

    /// The four channels read straight from the dictionary's members when each is a number in
    /// 0…1 (anything else is read through a store, which names what is wrong).
    public static func quickRead(_ node: StoredNode) -> RGBAColor? {
        guard node.isDictionary else { return nil }
        func channel(_ key: String) -> Double? {
            guard let v = node.member(key)?.real, v >= 0, v <= 1 else { return nil }
            return v
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue"), let alpha = channel("alpha") else { return nil }
        return RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    private init(store: Store, context: ReadContext) throws {
        func channel(_ key: String) throws -> Double {
            let v: Double = try store.value(forKey: key)
            guard v >= 0, v <= 1 else {
                throw context.appending(key).error(.invalidValue("\(key) \(v) is outside 0…1"))
            }
            return v
        }
        self.init(red: try channel("red"), green: try channel("green"), blue: try channel("blue"), alpha: try channel("alpha"))
    }

    public func storedValue() throws -> PlistValue {
        // Checked without building arrays first: a library writes tens of thousands of colors.
        func checked(_ v: Double, _ key: String) throws -> PlistValue {
            guard v >= 0, v <= 1 else { throw ModelError(.invalidValue("\(key) \(v) is outside 0…1"), at: PlistPath([.key(key)])) }
            return .real(v)
        }
        var entries = OrderedDictionary<String, PlistValue>(minimumCapacity: 4)
        entries["red"] = try checked(red, "red")
        entries["green"] = try checked(green, "green")
        entries["blue"] = try checked(blue, "blue")
        entries["alpha"] = try checked(alpha, "alpha")
        return .dictionary(entries)
    }

    public func writeStored(to sink: StoreSink) throws {
        // A channel out of range: `storedValue()` throws its error.
        guard (0...1).contains(red), (0...1).contains(green), (0...1).contains(blue), (0...1).contains(alpha) else {
            try sink.value(try storedValue())
            return
        }
        _ = sink.begin(array: false)
        if try sink.key("red") { try sink.value(.real(red)) }
        if try sink.key("green") { try sink.value(.real(green)) }
        if try sink.key("blue") { try sink.value(.real(blue)) }
        if try sink.key("alpha") { try sink.value(.real(alpha)) }
        sink.end()
    }
}
