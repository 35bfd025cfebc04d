import OrderedCollections
import State
import TerminalCore

/// A theme as it is stored in `Themes/NAME.plist`: a model file like any other, so the browser
/// can open (and, with the editor, recolor) its own themes. Colors are RGBA colors written
/// through the color transform, `{red, green, blue, alpha}` in 0…1.
package struct ThemeFile: Model, Equatable, Sendable {
    package var name: String
    package var summary: String?
    /// Styles by role name (`ThemeRole.rawValue`), in the file's order.
    package var styles: OrderedDictionary<String, ThemeStyle>

    package init(name: String, summary: String? = nil, styles: OrderedDictionary<String, ThemeStyle>) {
        self.name = name
        self.summary = summary
        self.styles = styles
    }

    package init(from store: Store) throws {
        name = try store.value(forKey: "name")
        summary = try store.value(forKey: "summary")
        styles = try store.value(forKey: "styles")
    }

    package func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(summary, forKey: "summary")
        try store.set(styles, forKey: "styles")
    }

    /// The theme, checking that every role named exists.
    package func theme() throws -> Theme {
        var styles: [ThemeRole: Style] = [:]
        for (name, style) in self.styles {
            guard let role = ThemeRole(rawValue: name) else {
                let known = ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
                throw ModelError(.invalidValue("unknown role \"\(name)\"; the roles are \(known)"), at: PlistPath([.key("styles"), .key(name)]))
            }
            styles[role] = style.style
        }
        return Theme(name: name, styles: styles)
    }
}
