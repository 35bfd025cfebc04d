/// How a cell is drawn: foreground, background and text attributes.
public struct Style: Hashable, Sendable {
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1)
        public static let dim = Attributes(rawValue: 2)
        public static let italic = Attributes(rawValue: 4)
        public static let underline = Attributes(rawValue: 8)
        public static let reverse = Attributes(rawValue: 16)

        static let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
    }

    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .terminalDefault, background: Color = .terminalDefault, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    /// This style with `other`'s colors and attributes laid over it (default colors let this
    /// style's show through).
    public func overlaid(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .terminalDefault ? foreground : other.foreground,
            background: other.background == .terminalDefault ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// `fg=#FF8000 bg=@236 bold`, for snapshot failures; `plain` for the default style.
    public var description: String {
        var parts: [String] = []
        if foreground != .terminalDefault { parts.append("fg=\(foreground.name)") }
        if background != .terminalDefault { parts.append("bg=\(background.name)") }
        parts += Attributes.names.filter { attributes.contains($0.0) }.map(\.1)
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
