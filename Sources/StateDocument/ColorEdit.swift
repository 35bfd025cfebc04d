import Foundation
import State

/// How a new color is written into a file: in the spelling the value already has
/// (`ColorSpelling`) — channel by channel into a dictionary, so its key order and any other
/// keys stay, each channel spelled the way the file spells its neighbours (an asset catalog's
/// `"0x80"` or `"0.502"`, iTerm2's reals); a hex string in its own case, digits and alpha —
/// the one rule behind the browser's color picker and `state set --color`.
public enum ColorEdit {
    /// The operations that store `color` at `path` (node `node` of `tree`): a set per changed
    /// channel of a color in a known spelling, or one set of a new State color dictionary in
    /// place of anything else.
    public static func operations(_ color: RGBAColor, at path: PlistPath, node: Int, in tree: SourceTree) throws -> [EditOperation] {
        guard let spelling = ColorSpelling.detect(node, in: tree) else { return [.set(path, try color.storedValue())] }
        let channels = [color.red, color.green, color.blue, color.alpha]
        switch spelling {
        case .unitDictionary:
            return numberChannels(["red", "green", "blue", "alpha"], channels, at: path, node: node, in: tree, insertAlpha: nil)
        case .iTerm:
            return numberChannels(ColorSpelling.iTermKeys, channels, at: path, node: node, in: tree, insertAlpha: .real(color.alpha))
        case .byteDictionary:
            var operations: [EditOperation] = []
            for (key, value) in zip(["red", "green", "blue"], channels) {
                let byte = Int128((min(max(value, 0), 1) * 255).rounded())
                if let child = tree.child(of: node, key: key), tree.scalar(at: child).doubleValue != Double(byte) {
                    operations.append(.set(path.appending(.key(key)), .integer(byte)))
                }
            }
            let alphaByte = Int128((min(max(color.alpha, 0), 1) * 255).rounded())
            if let child = tree.child(of: node, key: "alpha"), let old = tree.scalar(at: child).doubleValue {
                // Alpha as the file has it: a byte, or a fraction.
                let isByte = tree[child].kind == .integer && old > 1
                let new: PlistValue = isByte ? .integer(alphaByte) : spelled(color.alpha, like: child, decimals: fractionDigits(of: [child], in: tree), in: tree)
                if (isByte ? Double(alphaByte) : new.doubleValue) != old { operations.append(.set(path.appending(.key("alpha")), new)) }
            } else if alphaByte != 255 {
                operations.append(.insert(into: path, key: "alpha", at: nil, value: .integer(alphaByte)))
            }
            return operations
        case .assetCatalog:
            let componentsPath = path.appending(.key("components"))
            guard let components = tree.child(of: node, key: "components") else { return [] }
            let redStyle = tree.child(of: components, key: "red").flatMap { AssetComponent(tree, $0)?.style } ?? .fraction(decimals: 3)
            var operations: [EditOperation] = []
            for (key, value) in zip(["red", "green", "blue", "alpha"], channels) {
                guard let child = tree.child(of: components, key: key), let old = AssetComponent(tree, child) else {
                    if key == "alpha", value != 1 {
                        operations.append(.insert(into: componentsPath, key: "alpha", at: nil, value: spelled(value, as: redStyle, like: nil, in: tree)))
                    }
                    continue
                }
                let new = spelled(value, as: old.style, like: child, in: tree)
                if new != tree.scalar(at: child) { operations.append(.set(componentsPath.appending(.key(key)), new)) }
            }
            return operations
        case .hex(let style):
            let text = hexText(color, like: style)
            guard text != tree.scalar(at: node).stringValue else { return [] }
            return [.set(path, .string(text))]
        case .archivedColor:
            guard case .data(let data) = tree.scalar(at: node) else { return [] }
            let new = try ArchivedColor.replacingColor(in: data, with: color)
            return new == data ? [] : [.set(path, .data(new))]
        }
    }

    /// `color` written into an asset catalog color with its red, green and blue components
    /// spelled in `style` (`"0x80"`, `"0.502"`, `"128"`) — what Xcode's input method menu does —
    /// and alpha as the file has it; nil when the node is not an asset catalog color.
    public static func respelled(_ color: RGBAColor, as style: AssetComponent.Style, at path: PlistPath, node: Int, in tree: SourceTree) -> [EditOperation]? {
        guard case .assetCatalog? = ColorSpelling.detect(node, in: tree), let components = tree.child(of: node, key: "components") else { return nil }
        let componentsPath = path.appending(.key("components"))
        var operations: [EditOperation] = []
        for (key, value) in zip(["red", "green", "blue"], [color.red, color.green, color.blue]) {
            let new = spelled(value, as: style, like: nil, in: tree)
            guard let child = tree.child(of: components, key: key) else {
                operations.append(.insert(into: componentsPath, key: key, at: nil, value: new))
                continue
            }
            if new != tree.scalar(at: child) { operations.append(.set(componentsPath.appending(.key(key)), new)) }
        }
        if let alpha = tree.child(of: components, key: "alpha"), let old = AssetComponent(tree, alpha), abs(old.value - color.alpha) > 1e-9 {
            operations.append(.set(componentsPath.appending(.key("alpha")), spelled(color.alpha, as: old.style, like: alpha, in: tree)))
        }
        return operations
    }

    /// A component style by the name people use: `hex` (`0x80`), `fraction` (`0.502`), `byte`
    /// (`128`).
    public static func componentStyle(named name: String) -> AssetComponent.Style? {
        switch name.lowercased() {
        case "hex", "hexadecimal", "8-bit-hex": .hexByte(uppercase: true)
        case "fraction", "float", "floating-point": .fraction(decimals: 3)
        case "byte", "8-bit", "integer": .decimalByte
        default: nil
        }
    }

    /// Number channels under `keys` (red, green, blue, alpha): only those that changed, in the
    /// file's number style; a missing alpha is added (`insertAlpha`) only when not opaque.
    static func numberChannels(_ keys: [String], _ values: [Double], at path: PlistPath, node: Int, in tree: SourceTree, insertAlpha: PlistValue?) -> [EditOperation] {
        let nodes = keys.compactMap { tree.child(of: node, key: $0) }
        let decimals = fractionDigits(of: nodes, in: tree)
        var operations: [EditOperation] = []
        for (key, value) in zip(keys, values) {
            guard let channel = tree.child(of: node, key: key) else {
                if key == keys.last, value != 1, let insertAlpha { operations.append(.insert(into: path, key: key, at: nil, value: insertAlpha)) }
                continue
            }
            if let old = tree.scalar(at: channel).doubleValue, old == value { continue }
            operations.append(.set(path.appending(.key(key)), spelled(value, like: channel, decimals: decimals, in: tree)))
        }
        return operations
    }

    /// An asset catalog component in `style` (`"0.502"`, `"0x80"`, `"128"`, or a number like
    /// `like`).
    static func spelled(_ value: Double, as style: AssetComponent.Style, like node: Int?, in tree: SourceTree) -> PlistValue {
        let byte = Int((min(max(value, 0), 1) * 255).rounded())
        switch style {
        case .fraction(let decimals): return .string(String(format: "%.\(decimals)f", value))
        case .hexByte(let uppercase):
            let hex = String(byte, radix: 16, uppercase: uppercase)
            return .string("0x" + (hex.count == 1 ? "0" : "") + hex)
        case .decimalByte: return .string(String(byte))
        case .number:
            if let node, tree[node].kind == .integer, (tree.scalar(at: node).doubleValue ?? 0) > 1 { return .integer(Int128(byte)) }
            return node.map { spelled(value, like: $0, decimals: fractionDigits(of: [$0], in: tree), in: tree) } ?? .real(value)
        }
    }

    /// `color` as hex in `style`: its prefix and case; one digit per channel when the color
    /// has such a spelling (else two); alpha digits when the style has them or the color is
    /// not opaque.
    public static func hexText(_ color: RGBAColor, like style: ColorSpelling.HexStyle) -> String {
        let c = color.channels8
        let withAlpha = style.hasAlpha || c.alpha != 255
        var bytes = [c.red, c.green, c.blue]
        if withAlpha { bytes.append(c.alpha) }
        let short = style.digitsPerChannel == 1 && bytes.allSatisfy { $0 % 17 == 0 }
        let digits = bytes.map { byte -> String in
            if short { return String(byte / 17, radix: 16, uppercase: style.uppercase) }
            let hex = String(byte, radix: 16, uppercase: style.uppercase)
            return hex.count == 1 ? "0" + hex : hex
        }
        return style.prefix + digits.joined()
    }

    /// A channel's new value in the file's number style: an integer where the file wrote one
    /// and the value is whole; rounded to the file's decimals where it writes a fixed number of
    /// them (three or more — enough to keep 8-bit channels exact); otherwise the shortest
    /// spelling that reads back as the same number.
    static func spelled(_ value: Double, like channel: Int, decimals: Int?, in tree: SourceTree) -> PlistValue {
        if tree[channel].kind == .integer, value == value.rounded() { return .integer(Int128(value)) }
        guard let decimals else { return .real(value) }
        let scale = pow(10, Double(decimals))
        return .real((value * scale).rounded() / scale)
    }

    /// The number of decimals the channels are written with, when they agree on one of three
    /// or more (`0.502`, `0.250`): nil for shortest spellings (`0.5019607843137255`, `0.07`).
    static func fractionDigits(of channels: [Int], in tree: SourceTree) -> Int? {
        var digits: Set<Int> = []
        for channel in channels where tree[channel].kind == .real {
            guard let text = tree.numberText(of: channel) else { return nil }
            guard let dot = text.firstIndex(of: "."), !text.contains(where: { $0 == "e" || $0 == "E" }) else { continue }
            digits.insert(text.distance(from: dot, to: text.endIndex) - 1)
        }
        // Shortest spellings vary in length (0.5, 0.50196…); a fixed style repeats one length.
        guard digits.count == 1, let d = digits.first, (3...6).contains(d) else { return nil }
        return d
    }
}
