/// How a cell is drawn: foreground, background and text attributes.
package struct Style: Hashable, Sendable {
    package struct Attributes: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let bold = Attributes(rawValue: 1)
        package static let dim = Attributes(rawValue: 2)
        package static let italic = Attributes(rawValue: 4)
        package static let underline = Attributes(rawValue: 8)
        package static let reverse = Attributes(rawValue: 16)

        static let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
    }

    package var foreground: Color
    package var background: Color
    package var attributes: Attributes

    package init(foreground: Color = .terminalDefault, background: Color = .terminalDefault, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    package static let plain = Style()

    /// This style with `other`'s colors and attributes laid over it (default colors let this
    /// style's show through).
    package func overlaid(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .terminalDefault ? foreground : other.foreground,
            background: other.background == .terminalDefault ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// `fg=#FF8000 bg=@236 bold`, for snapshot failures; `plain` for the default style.
    package var description: String {
        var parts: [String] = []
        if foreground != .terminalDefault { parts.append("fg=\(foreground.name)") }
        if background != .terminalDefault { parts.append("bg=\(background.name)") }
        parts += Attributes.names.filter { attributes.contains($0.0) }.map(\.1)
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
