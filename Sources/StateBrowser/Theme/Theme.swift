import TerminalCore

/// Styles by role, resolved for the terminal's color depth once, when the theme is loaded.
package struct Theme: Sendable {
    package let name: String
    private let styles: [ThemeRole: Style]

    package init(name: String, styles: [ThemeRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`: the role's own, laid over the `text` style.
    package subscript(role: ThemeRole) -> Style {
        let base = styles[.text] ?? .plain
        guard role != .text, let own = styles[role] else { return base }
        return base.overlaid(with: own)
    }

    /// The role's own style, without the `text` style under it: for overlays such as the
    /// selection, which must not repaint the foreground of what they cover.
    package func own(_ role: ThemeRole) -> Style { styles[role] ?? .plain }

    /// This theme with every color brought down to what `depth` can show.
    package func resolved(for depth: ColorDepth) -> Theme {
        Theme(name: name, styles: styles.mapValues { depth.resolve($0) })
    }
}
