import Foundation

/// How a file spells a color, found from the shape of a value: the spellings of State's own
/// files, of iTerm2 profiles, Xcode asset catalogs, TextMate and VS Code themes. Reading one
/// gives an `RGBAColor`; `ColorEdit` writes a new color back in the same spelling.
public enum ColorSpelling: Sendable, Equatable {
    /// `{red, green, blue, alpha}` numbers in 0…1 (State's `ColorTransform`).
    case unitDictionary
    /// `{red, green, blue[, alpha]}` whole numbers in 0…255 (alpha may be 0…1).
    case byteDictionary
    /// iTerm2: `Red Component`, `Green Component`, `Blue Component` (and `Alpha Component`)
    /// in 0…1, with the profile's `Color Space` (`sRGB`, `P3`, `Calibrated`).
    case iTerm(colorSpace: String?)
    /// An asset catalog's `color` object: `color-space` and `components`, each component a
    /// string (`"0.500"`, `"0x80"`, `"128"`) or a number.
    case assetCatalog(colorSpace: String)
    /// A string: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, or `0xRRGGBB` / `0xRRGGBBAA`.
    case hex(HexStyle)
    /// Data holding a keyed archive of one `NSColor` or `UIColor` (Terminal.app profiles,
    /// preference blobs): the color is read from the archive and written back into it.
    case archivedColor(className: String)

    /// How a hex string spells its color: prefix, digits per channel, case, alpha.
    public struct HexStyle: Sendable, Equatable {
        /// `#` or `0x`.
        public var prefix: String
        /// 1 (`#F80`) or 2 (`#FF8800`).
        public var digitsPerChannel: Int
        /// Whether the string has alpha digits.
        public var hasAlpha: Bool
        /// Whether its letters are uppercase.
        public var uppercase: Bool
    }

    /// An iTerm2 color's channel keys, in red, green, blue, alpha order.
    public static let iTermKeys = ["Red Component", "Green Component", "Blue Component", "Alpha Component"]

    /// What people call it, for the detail pane and messages.
    public var name: String {
        switch self {
        case .unitDictionary: "color dictionary (0…1)"
        case .byteDictionary: "color dictionary (0…255)"
        case .iTerm(let space): "iTerm2 color" + (space.map { " (\($0))" } ?? "")
        case .assetCatalog(let space): "asset catalog color (\(space))"
        case .hex(let style):
            style.prefix + (style.digitsPerChannel == 1 ? ["R", "G", "B", "A"] : ["RR", "GG", "BB", "AA"]).prefix(style.hasAlpha ? 4 : 3).joined() + " string"
        case .archivedColor(let className): "archived \(className) (a keyed archive in data)"
        }
    }

    /// Whether the channels are sRGB, which the picker shows as they are. Other spaces
    /// (`display-p3`, extended ranges, iTerm2's `P3`) are shown and kept, and edited as numbers
    /// in their own space.
    public var isSRGB: Bool {
        switch self {
        case .iTerm(let space): space == nil || space == "sRGB" || space == "Calibrated"
        case .assetCatalog(let space): space == "srgb"
        default: true
        }
    }

    // MARK: - Detecting

    /// The spelling of `node`, when its shape is one (a dictionary of channels, a hex string).
    public static func detect(_ node: Int, in tree: SourceTree) -> ColorSpelling? {
        // Inference asks this of every string and dictionary: the shapes are small, so anything
        // larger is passed over before a string is decoded or keys are read.
        switch tree[node].kind {
        case .string where tree[node].byteRange.count > 48, .dictionary where tree[node].count > 6:
            return nil
        case .string:
            // Only `#…` and `0x…` spell colors: most strings are passed over by their first byte.
            if let first = tree.bytes.withUnsafeBufferPointer({ b in tree.plainStringRange(of: node, in: b).map { $0.isEmpty ? nil : b[$0.lowerBound] } }),
                first != UInt8(ascii: "#") && first != UInt8(ascii: "0")
            {
                return nil
            }
            guard case .string(let text) = tree.scalar(at: node) else { return nil }
            return hexStyle(of: text, key: tree.key(of: node)).map(ColorSpelling.hex)
        case .dictionary:
            return dictionaryDetection(node, in: tree)?.spelling
        case .data where tree[node].byteRange.count <= 16 * 1024:
            guard case .data(let data) = tree.scalar(at: node), let (_, name) = ArchivedColor.archivedColor(in: data) else { return nil }
            return .archivedColor(className: name)
        default:
            return nil
        }
    }

    /// The spelling of `node` as `detect` finds it and, for the dictionaries whose channels
    /// detecting reads anyway (State's 0…1 and 0…255 ones), its color — what `color(of:)`
    /// would read again; nil for other spellings.
    public static func detectReading(_ node: Int, in tree: SourceTree) -> Detected? {
        if tree[node].kind == .dictionary { return tree[node].count > 6 ? nil : dictionaryDetection(node, in: tree) }
        return detect(node, in: tree).map { Detected(spelling: $0, color: nil) }
    }

    /// A spelling found, with the color when finding it read the channels.
    public struct Detected: Sendable, Equatable {
        /// The spelling detected.
        public var spelling: ColorSpelling
        /// The color, when it was read on the way (nil: read it with `color(of:in:)`).
        public var color: RGBAColor?

        /// A detection of `spelling`, with the color if it is known.
        public init(spelling: ColorSpelling, color: RGBAColor?) {
            self.spelling = spelling
            self.color = color
        }

        /// The color, read now unless it was read when the spelling was found.
        public func color(of node: Int, in tree: SourceTree) -> RGBAColor? { color ?? spelling.color(of: node, in: tree) }
    }

    /// `#RGB`…`#RRGGBBAA`; `0xRRGGBB[AA]` only under a key that names a color (a hex number
    /// elsewhere is a number, not a color).
    static func hexStyle(of text: String, key: String?) -> HexStyle? {
        // On the UTF-8 bytes: inference asks this of every short string starting with `#` or `0`.
        let utf8 = text.utf8
        let prefixLength: Int
        if utf8.first == UInt8(ascii: "#") {
            prefixLength = 1
        } else if utf8.count > 2, utf8.first == UInt8(ascii: "0"), let x = utf8.dropFirst().first, x | 0x20 == UInt8(ascii: "x"),
            key?.lowercased().contains("colo") == true
        {
            prefixLength = 2
        } else {
            return nil
        }
        let digits = utf8.dropFirst(prefixLength)
        var letters = 0
        var upper = 0
        for c in digits {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                letters += 1
                upper += 1
            case UInt8(ascii: "a")...UInt8(ascii: "f"): letters += 1
            default: return nil
            }
        }
        let perChannel: Int
        let alpha: Bool
        switch (prefixLength, digits.count) {
        case (1, 3): (perChannel, alpha) = (1, false)
        case (1, 4): (perChannel, alpha) = (1, true)
        case (_, 6): (perChannel, alpha) = (2, false)
        case (_, 8): (perChannel, alpha) = (2, true)
        default: return nil
        }
        return HexStyle(prefix: String(text.prefix(prefixLength)), digitsPerChannel: perChannel, hasAlpha: alpha, uppercase: letters == upper)
    }

    private static let rgbKeys = ["red", "green", "blue"]
    private static let rgbaKeys = ["red", "green", "blue", "alpha"]
    private static let iTermChannelKeys = ["Red Component", "Green Component", "Blue Component"]

    /// A dictionary's spelling, with the color when the channels were read to find it.
    static func dictionaryDetection(_ node: Int, in tree: SourceTree) -> Detected? {
        guard mayBeColorDictionary(node, in: tree) else { return nil }
        return detectReading(dictionaryWithColorKey: node, in: tree)
    }

    /// Whether a plain key is one that every color dictionary of some spelling has (`red`,
    /// `Red Component`, `components`): a dictionary with none, and only plain keys, is no color.
    package static func isColorKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        for wanted in colorKeys where wanted.count == key.count {
            if wanted.withUnsafeBufferPointer({ bytesEqual(key, $0) }) { return true }
        }
        return false
    }

    /// `detectReading` of a dictionary of at most six members whose keys the caller has
    /// looked at already: one of them is not plain or `isColorKey` (inference reads every
    /// dictionary's keys in a pass of its own, and need not have them read twice).
    package static func detectReading(dictionaryWithColorKey node: Int, in tree: SourceTree) -> Detected? {
        if let channels = plainChannels(of: node, in: tree) {
            return channelDetection(red: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha, in: tree)
        }
        // A few members (`detect` passes over larger dictionaries): a list, not a hash table
        // — this runs for every color of a file being printed. The last of equal keys counts.
        var members: [(key: String, node: Int)] = []
        members.reserveCapacity(Int(tree[node].count))
        for child in tree.children(of: node) {
            guard let key = tree.key(of: child) else { return nil }
            members.append((key, child))
        }
        let children = Members(members: members)
        func number(_ key: String) -> Double? { children[key].flatMap { tree.scalar(at: $0).doubleValue } }
        if children.keysAre(rgbaKeys) || children.keysAre(rgbKeys) {
            // Exactly red, green, blue (and alpha, when `keysAre(rgbaKeys)`).
            return channelDetection(red: children["red"]!, green: children["green"]!, blue: children["blue"]!, alpha: children["alpha"], in: tree)
        }
        if iTermChannelKeys.allSatisfy({ number($0).map { (0...1).contains($0) } ?? false }) {
            if children["Alpha Component"] != nil, !(number("Alpha Component").map { (0...1).contains($0) } ?? false) { return nil }
            let space = children["Color Space"].flatMap { tree.scalar(at: $0).stringValue }
            return Detected(spelling: .iTerm(colorSpace: space), color: nil)
        }
        if let components = children["components"], tree[components].kind == .dictionary,
            let space = children["color-space"].flatMap({ tree.scalar(at: $0).stringValue })
        {
            let values = rgbKeys.compactMap { key in tree.child(of: components, key: key).flatMap { AssetComponent(tree, $0)?.value } }
            return values.count == 3 ? Detected(spelling: .assetCatalog(colorSpace: space), color: nil) : nil
        }
        return nil
    }

    /// A dictionary keyed by exactly `red`, `green`, `blue` (and perhaps `alpha`), every key
    /// plain ASCII: its channels' nodes, the last of equal keys. Nil for anything else, which
    /// the general way (keys decoded) looks at — State's colors are read here without a
    /// string made per key.
    private static func plainChannels(of node: Int, in tree: SourceTree) -> (red: Int, green: Int, blue: Int, alpha: Int?)? {
        tree.bytes.withUnsafeBufferPointer { buffer -> (red: Int, green: Int, blue: Int, alpha: Int?)? in
            var found: [Int?] = [nil, nil, nil, nil]
            for child in tree.children(of: node) {
                guard let range = tree.plainKeyRange(of: child, in: buffer) else { return nil }
                let key = UnsafeBufferPointer(rebasing: buffer[range])
                guard let channel = channelKeys.firstIndex(where: { wanted in wanted.withUnsafeBufferPointer { bytesEqual(key, $0) } }) else { return nil }
                found[channel] = child
            }
            guard let red = found[0], let green = found[1], let blue = found[2] else { return nil }
            return (red, green, blue, found[3])
        }
    }

    private static let channelKeys: [[UInt8]] = rgbaKeys.map { Array($0.utf8) }

    /// A dictionary of red, green, blue and perhaps alpha (its only keys): 0…255 whole
    /// numbers (a byte dictionary) or 0…1 numbers with alpha (State's colors); nil when the
    /// numbers say neither.
    private static func channelDetection(red: Int, green: Int, blue: Int, alpha alphaNode: Int?, in tree: SourceTree) -> Detected? {
        func number(_ child: Int) -> Double? { tree.scalar(at: child).doubleValue }
        guard let r = number(red), let g = number(green), let b = number(blue) else { return nil }
        let integers = tree[red].kind == .integer && tree[green].kind == .integer && tree[blue].kind == .integer
        let bytes: ClosedRange<Double> = 0...255
        let unit: ClosedRange<Double> = 0...1
        if integers, r > 1 || g > 1 || b > 1, bytes.contains(r), bytes.contains(g), bytes.contains(b) {
            // Alpha as a byte (2…255) or a fraction (a real); a whole 0 or 1 could be
            // either, and so could the channels: no guess then.
            var alpha = 1.0
            if let alphaNode {
                guard let a = number(alphaNode), bytes.contains(a), tree[alphaNode].kind == .real ? a <= 1 : a > 1 else { return nil }
                alpha = tree[alphaNode].kind == .integer && a > 1 ? a / 255 : a
            }
            return Detected(spelling: .byteDictionary, color: RGBAColor(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha))
        }
        guard let alphaNode, let alpha = number(alphaNode), unit.contains(r), unit.contains(g), unit.contains(b), unit.contains(alpha) else { return nil }
        return Detected(spelling: .unitDictionary, color: RGBAColor(red: r, green: g, blue: b, alpha: alpha))
    }

    /// A dictionary's members by key, for the few a color has.
    private struct Members {
        let members: [(key: String, node: Int)]

        subscript(key: String) -> Int? { members.last { $0.key == key }?.node }

        /// Whether the distinct keys are exactly `keys` (distinct themselves).
        func keysAre(_ keys: [String]) -> Bool {
            members.allSatisfy { keys.contains($0.key) } && keys.allSatisfy { self[$0] != nil }
        }
    }

    /// False when `node` has plain keys and none of them is one every color dictionary has
    /// (`red`, `Red Component`, `components`): most dictionaries are passed over without
    /// decoding a key.
    /// The keys one of the dictionary spellings must have, as bytes.
    private static let colorKeys: [[UInt8]] = [Array("red".utf8), Array("Red Component".utf8), Array("components".utf8)]

    private static func mayBeColorDictionary(_ node: Int, in tree: SourceTree) -> Bool {
        tree.bytes.withUnsafeBufferPointer { buffer in
            for child in tree.children(of: node) {
                guard let range = tree.plainKeyRange(of: child, in: buffer) else { return true }
                if isColorKey(UnsafeBufferPointer(rebasing: buffer[range])) { return true }
            }
            return false
        }
    }

    // MARK: - Reading

    /// The color `node` holds in this spelling (channels as the file has them: a display-p3
    /// color's numbers are its own, not converted).
    public func color(of node: Int, in tree: SourceTree) -> RGBAColor? {
        func number(_ key: String, in parent: Int = node) -> Double? { tree.child(of: parent, key: key).flatMap { tree.scalar(at: $0).doubleValue } }
        switch self {
        case .unitDictionary:
            guard let r = number("red"), let g = number("green"), let b = number("blue"), let a = number("alpha") else { return nil }
            return RGBAColor(red: r, green: g, blue: b, alpha: a)
        case .byteDictionary:
            guard let r = number("red"), let g = number("green"), let b = number("blue") else { return nil }
            var alpha = 1.0
            if let child = tree.child(of: node, key: "alpha"), let a = number("alpha") { alpha = tree[child].kind == .integer && a > 1 ? a / 255 : a }
            return RGBAColor(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
        case .iTerm:
            guard let r = number("Red Component"), let g = number("Green Component"), let b = number("Blue Component") else { return nil }
            return RGBAColor(red: r, green: g, blue: b, alpha: number("Alpha Component") ?? 1)
        case .assetCatalog:
            guard let components = tree.child(of: node, key: "components") else { return nil }
            let channels = ["red", "green", "blue", "alpha"].map { key in tree.child(of: components, key: key).flatMap { AssetComponent(tree, $0)?.value } }
            guard let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
            return RGBAColor(red: r, green: g, blue: b, alpha: channels[3] ?? 1)
        case .archivedColor:
            guard case .data(let data) = tree.scalar(at: node) else { return nil }
            return ArchivedColor.archivedColor(in: data)?.color
        case .hex(let style):
            guard case .string(let text) = tree.scalar(at: node) else { return nil }
            var digits = String(text.dropFirst(style.prefix.count))
            if style.digitsPerChannel == 1 { digits = digits.map { "\($0)\($0)" }.joined() }
            return RGBAColor(hex: "#" + digits)
        }
    }
}

/// One component of an asset catalog color as the file writes it: `"0.500"` (a fraction),
/// `"0x80"` (a hex byte), `"128"` (a decimal byte), or a JSON number (a fraction when it has a
/// point or is 0 or 1, else a byte).
public struct AssetComponent: Sendable, Equatable {
    /// How an asset catalog writes a component: `"0.502"`, `"0x80"`, `"128"`, or a number.
    public enum Style: Sendable, Equatable {
        /// A string with this many decimals: `"0.502"`.
        case fraction(decimals: Int)
        /// A string with a hex byte: `"0x80"` (or `"0X80"`/`"0x8A"` with uppercase digits).
        case hexByte(uppercase: Bool)
        /// A string with a decimal byte: `"128"`.
        case decimalByte
        /// A JSON number.
        case number
    }

    /// How the component is written.
    public var style: Style
    /// The component in 0…1 (extended ranges may pass it).
    public var value: Double

    /// The component at `node`, or nil when it is none of the spellings.
    public init?(_ tree: SourceTree, _ node: Int) {
        switch tree.scalar(at: node) {
        case .string(let text):
            let t = text.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("0x") || t.hasPrefix("0X"), let byte = UInt8(t.dropFirst(2), radix: 16) {
                let letters = t.dropFirst(2).filter(\.isLetter)
                style = .hexByte(uppercase: letters.isEmpty || letters.allSatisfy(\.isUppercase))
                value = Double(byte) / 255
            } else if t.contains("."), let v = Double(t) {
                style = .fraction(decimals: t.distance(from: t.firstIndex(of: ".")!, to: t.endIndex) - 1)
                value = v
            } else if let byte = Int(t), (0...255).contains(byte) {
                style = .decimalByte
                value = Double(byte) / 255
            } else {
                return nil
            }
        case .real(let v):
            style = .number
            value = v
        case .integer(let n):
            style = .number
            value = n > 1 ? Double(n) / 255 : Double(n)
        default:
            return nil
        }
    }
}

extension ColorSpelling {
    /// The color at `node` in whatever spelling it has, or a State color dictionary's.
    public static func color(at node: Int, in tree: SourceTree) -> RGBAColor? {
        if let spelling = detect(node, in: tree) { return spelling.color(of: node, in: tree) }
        return try? RGBAColor(plistValue: tree.value(at: node))
    }
}

extension ColorSpelling {
    /// Every color in `tree`, in document order: its node, its color and its spelling — what
    /// the browser's palette and `state get --colors` list. At most `limit`.
    public static func all(in tree: SourceTree, limit: Int = 10_000) -> [(node: Int, color: RGBAColor, spelling: ColorSpelling)] {
        var found: [(node: Int, color: RGBAColor, spelling: ColorSpelling)] = []
        var index = 0
        while index < tree.nodes.count, found.count < limit {
            let kind = tree[index].kind
            if kind == .dictionary || kind == .string || kind == .data, let spelling = detect(index, in: tree), let color = spelling.color(of: index, in: tree) {
                found.append((index, color, spelling))
                index += 1 + Int(tree[index].size)  // a color's channels are not colors
                continue
            }
            index += 1
        }
        return found
    }
}
