import Foundation
import State

/// How a new color is written into a file: channel by channel into the existing color
/// dictionary, so its key order and any other keys stay, each channel spelled the way the
/// file spells its neighbours — the one rule behind the browser's color picker and
/// `state set --color`.
public enum ColorEdit {
    /// The operations that store `color` at `path` (node `node` of `tree`): a set per changed
    /// channel of an existing color dictionary, or one set of a new dictionary in place of
    /// anything else.
    public static func operations(_ color: RGBAColor, at path: PlistPath, node: Int, in tree: SourceTree) throws -> [EditOperation] {
        let stored = try color.storedValue()
        guard tree[node].kind == .dictionary, RGBAColor.channelKeys.allSatisfy({ tree.child(of: node, key: $0) != nil }) else {
            return [.set(path, stored)]
        }
        let channels = RGBAColor.channelKeys.map { tree.child(of: node, key: $0)! }
        let decimals = fractionDigits(of: channels, in: tree)
        return zip(RGBAColor.channelKeys, channels).compactMap { key, channel in
            guard let value = stored[.key(key)]?.doubleValue else { return nil }
            if let old = tree.scalar(at: channel).doubleValue, old == value { return nil }
            return .set(path.appending(.key(key)), spelled(value, like: channel, decimals: decimals, in: tree))
        }
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
