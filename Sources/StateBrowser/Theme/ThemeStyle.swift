import OrderedCollections
import State
import TerminalCore

/// The style of one role: optional colors (absent means the terminal's default, or the `text`
/// role's) and attributes (absent means off).
package struct ThemeStyle: Model, Equatable, Sendable {
    package var foreground: RGBAColor?
    package var background: RGBAColor?
    package var bold: Bool
    package var dim: Bool
    package var italic: Bool
    package var underline: Bool
    package var reverse: Bool

    package init(
        foreground: RGBAColor? = nil, background: RGBAColor? = nil, bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// Shorthand for the built-in themes: `ThemeStyle("#FF8000", on: "#000000", .bold)`.
    init(_ foreground: String? = nil, on background: String? = nil, _ attributes: Style.Attributes = []) {
        self.init(
            foreground: foreground.flatMap(RGBAColor.init(hex:)), background: background.flatMap(RGBAColor.init(hex:)),
            bold: attributes.contains(.bold), dim: attributes.contains(.dim), italic: attributes.contains(.italic),
            underline: attributes.contains(.underline), reverse: attributes.contains(.reverse))
    }

    package init(from store: Store) throws {
        foreground = try store.value(forKey: "foreground", using: ColorTransform())
        background = try store.value(forKey: "background", using: ColorTransform())
        bold = try store.value(forKey: "bold", default: false)
        dim = try store.value(forKey: "dim", default: false)
        italic = try store.value(forKey: "italic", default: false)
        underline = try store.value(forKey: "underline", default: false)
        reverse = try store.value(forKey: "reverse", default: false)
    }

    package func write(to store: inout Store) throws {
        try store.set(foreground, forKey: "foreground", using: ColorTransform())
        try store.set(background, forKey: "background", using: ColorTransform())
        // Attributes that are off are left out, so theme files list only what a role adds.
        for (key, on) in [("bold", bold), ("dim", dim), ("italic", italic), ("underline", underline), ("reverse", reverse)] where on {
            try store.set(true, forKey: key)
        }
    }

    var style: Style {
        var attributes: Style.Attributes = []
        if bold { attributes.insert(.bold) }
        if dim { attributes.insert(.dim) }
        if italic { attributes.insert(.italic) }
        if underline { attributes.insert(.underline) }
        if reverse { attributes.insert(.reverse) }
        return Style(foreground: Self.color(foreground), background: Self.color(background), attributes: attributes)
    }

    /// Alpha is blended over black: themes describe opaque terminal colors, and a translucent
    /// color is darker on a dark screen.
    static func color(_ color: RGBAColor?) -> Color {
        guard let color else { return .terminalDefault }
        func channel(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v * color.alpha)) * 255).rounded()) }
        return .rgb(channel(color.red), channel(color.green), channel(color.blue))
    }
}
