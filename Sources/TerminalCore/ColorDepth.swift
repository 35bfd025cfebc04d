/// How many colors the terminal can show, and how a requested color is brought down to that.
package enum ColorDepth: String, Sendable, CaseIterable {
    /// 24-bit color: RGB values are sent as they are.
    case trueColor = "truecolor"
    /// The xterm 256-color palette: RGB goes to the nearest cube or grey entry.
    case palette256 = "256"
    /// The 16 ANSI colors.
    case ansi16 = "16"
    /// The 8 basic ANSI colors.
    case ansi8 = "8"
    /// No colors at all (or `NO_COLOR` is set): only bold, underline, reverse and dim.
    case monochrome = "mono"

    /// The depth for a terminal reporting `colors` (ncurses' COLORS), unless the environment
    /// asks for none: `NO_COLOR` set to anything non-empty (https://no-color.org).
    package static func detect(colors: Int, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        switch colors {
        case (1 << 24)...: return .trueColor
        case 256...: return .palette256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .monochrome
        }
    }

    package var hasColor: Bool { self != .monochrome }

    /// `color` as this depth can show it; nil when it cannot show colors at all.
    package func resolve(_ color: Color) -> Color? {
        switch (self, color) {
        case (.monochrome, _): return nil
        case (_, .terminalDefault): return color
        case (.trueColor, _): return color
        case (.palette256, .rgb(let r, let g, let b)): return .palette(Color.nearestPaletteIndex(r: r, g: g, b: b))
        case (.palette256, .palette): return color
        case (.ansi16, _), (.ansi8, _):
            let count = self == .ansi16 ? 16 : 8
            if case .palette(let i) = color, Int(i) < count { return color }
            guard let (r, g, b) = color.rgbValue else { return color }
            return .palette(Color.nearestANSIIndex(r: r, g: g, b: b, count: count))
        }
    }

    /// `style` with its colors resolved for this depth. In monochrome, a style that relied on a
    /// background color to stand out (a selection, a status bar) is drawn reversed instead.
    package func resolve(_ style: Style) -> Style {
        guard hasColor else {
            var plain = Style(attributes: style.attributes)
            if style.background != .terminalDefault, !style.attributes.contains(.reverse) { plain.attributes.insert(.reverse) }
            return plain
        }
        var resolved = Style(foreground: resolve(style.foreground) ?? .terminalDefault, background: resolve(style.background) ?? .terminalDefault, attributes: style.attributes)
        if self == .ansi16 || self == .ansi8 { resolved = visible(resolved) }
        return resolved
    }

    /// Keeps text visible when few colors remain: a dark grey border brought down to black
    /// would vanish on a dark terminal, and text the same color as its background anywhere.
    /// Black text on the terminal's own background becomes bright black (16 colors) or dim
    /// white (8); text that matches its background takes the opposite of it.
    func visible(_ style: Style) -> Style {
        var style = style
        switch (style.foreground, style.background) {
        case (.palette(0), .terminalDefault):
            if self == .ansi16 {
                style.foreground = .palette(8)
            } else {
                style.foreground = .palette(7)
                style.attributes.insert(.dim)
            }
        case (.palette(let f), .palette(let b)) where f == b || (f % 8 == b % 8 && self == .ansi8):
            style.foreground = .palette(b % 8 == 0 ? 7 : 0)
        default:
            break
        }
        return style
    }
}
