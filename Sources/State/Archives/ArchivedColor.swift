import Foundation
import OrderedCollections

/// The colors keyed archives hold: AppKit's `NSColor` (`NSColorSpace` with `NSRGB` — the
/// channels as ASCII numbers, `"0.5 0.25 0 1"` plus a NUL — or `NSWhite`) and UIKit's
/// `UIColor` (`UIRed`, `UIGreen`, `UIBlue`, `UIAlpha` reals, or `UIWhite`). A picked color is
/// written back in the spelling the object has.
public enum ArchivedColor {
    /// The color an `NSColor`/`UIColor` object's fields hold; nil for spaces other than RGB
    /// and white (CMYK, named, pattern colors are shown by their fields).
    public static func color(_ fields: OrderedDictionary<String, PlistValue>) -> RGBAColor? {
        if let red = real(fields["UIRed"]), let green = real(fields["UIGreen"]), let blue = real(fields["UIBlue"]) {
            return checked(red, green, blue, real(fields["UIAlpha"]) ?? 1)
        }
        if let white = real(fields["UIWhite"]) { return checked(white, white, white, real(fields["UIAlpha"]) ?? 1) }
        if case .data(let data)? = fields["NSRGB"] {
            let numbers = components(data)
            guard numbers.count == 3 || numbers.count == 4 else { return nil }
            return checked(numbers[0], numbers[1], numbers[2], numbers.count == 4 ? numbers[3] : 1)
        }
        if case .data(let data)? = fields["NSWhite"] {
            let numbers = components(data)
            guard numbers.count == 1 || numbers.count == 2 else { return nil }
            return checked(numbers[0], numbers[0], numbers[0], numbers.count == 2 ? numbers[1] : 1)
        }
        return nil
    }

    /// The fields with `color` written in their own spelling: UIColor reals, or `NSRGB` text
    /// (NUL-terminated when it was). A white color becomes RGB only when it is no longer gray.
    public static func fields(_ fields: OrderedDictionary<String, PlistValue>, with color: RGBAColor) -> OrderedDictionary<String, PlistValue> {
        var out = fields
        if fields["UIRed"] != nil || (fields["UIWhite"] == nil && fields["NSRGB"] == nil && fields["NSWhite"] == nil) {
            out["UIRed"] = .real(color.red)
            out["UIGreen"] = .real(color.green)
            out["UIBlue"] = .real(color.blue)
            if fields["UIAlpha"] != nil || color.alpha != 1 { out["UIAlpha"] = .real(color.alpha) }
            return out
        }
        if fields["UIWhite"] != nil, color.red == color.green, color.green == color.blue {
            out["UIWhite"] = .real(color.red)
            if fields["UIAlpha"] != nil || color.alpha != 1 { out["UIAlpha"] = .real(color.alpha) }
            return out
        }
        if fields["UIWhite"] != nil {
            out.removeValue(forKey: "UIWhite")
            out["UIRed"] = .real(color.red)
            out["UIGreen"] = .real(color.green)
            out["UIBlue"] = .real(color.blue)
            out["UIAlpha"] = .real(color.alpha)
            return out
        }
        var terminated = true
        if case .data(let old)? = fields["NSRGB"] ?? fields["NSWhite"] { terminated = old.last == 0 }
        var numbers = [color.red, color.green, color.blue]
        if color.alpha != 1 { numbers.append(color.alpha) }
        var text = Array(numbers.map(Self.text).joined(separator: " ").utf8)
        if terminated { text.append(0) }
        out.removeValue(forKey: "NSWhite")
        out["NSRGB"] = .data(Data(text))
        if case .integer(let space)? = fields["NSColorSpace"], space == 3 || space == 4 { out["NSColorSpace"] = .integer(space - 2) }
        return out
    }

    /// The color a keyed archive in `data` holds as its root object (an archived `NSColor` or
    /// `UIColor`, as Terminal.app stores its profile colors), with the class name.
    public static func archivedColor(in data: Data) -> (color: RGBAColor, className: String)? {
        guard data.starts(with: Array("bplist".utf8)), let value = try? PlistValue(parsing: Array(data)), KeyedArchive.isArchive(value),
            let archive = try? KeyedArchive(value), let root = archive.root, case .color(let color) = archive.content(of: root)
        else { return nil }
        return (color, archive.className(of: root) ?? "NSColor")
    }

    /// The archive in `data` with its root color changed, in the color's own spelling; every
    /// other object as it was, written again as a binary property list.
    public static func replacingColor(in data: Data, with color: RGBAColor) throws -> Data {
        let value = try PlistValue(parsing: Array(data))
        let archive = try KeyedArchive(value)
        guard let root = archive.root, case .color = archive.content(of: root), case .dictionary(var entries) = value,
            case .array(var objects)? = entries["$objects"], case .dictionary(var object) = objects[root]
        else { throw PlistError("the data is not an archived color") }
        let fields = Self.fields(archive.fields(of: root), with: color)
        for (key, field) in fields { object[key] = field }
        for key in object.keys where key != "$class" && fields[key] == nil { object.removeValue(forKey: key) }
        objects[root] = .dictionary(object)
        entries["$objects"] = .array(objects)
        return Data(try PlistValue.dictionary(entries).serialized(as: .binary))
    }

    /// A channel as AppKit writes it: the shortest text that reads back as the same number.
    static func text(_ value: Double) -> String {
        var s = "\(value)"
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    static func components(_ data: Data) -> [Double] {
        String(decoding: data.prefix { $0 != 0 }, as: UTF8.self).split(separator: " ").compactMap { Double($0) }
    }

    private static func real(_ value: PlistValue?) -> Double? {
        switch value {
        case .real(let d)?: d
        case .integer(let i)?: Double(i)
        default: nil
        }
    }

    private static func checked(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> RGBAColor? {
        guard [r, g, b, a].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else { return nil }
        return RGBAColor(red: r, green: g, blue: b, alpha: a)
    }
}
