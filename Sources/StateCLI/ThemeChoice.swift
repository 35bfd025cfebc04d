import Foundation
import State

/// Which theme the browser uses: `--theme`; else `$STATE_THEME`; else the `theme` key of
/// `~/.config/state/config.plist` (`$XDG_CONFIG_HOME/state/config.plist`); else `light` or
/// `dark` after the terminal's background, asked with OSC 11; else `dark`.
enum ThemeChoice {
    static func name(
        option: String?, environment: [String: String], background: () -> (red: Double, green: Double, blue: Double)?, isLight: ((red: Double, green: Double, blue: Double)) -> Bool
    ) throws -> String {
        if let option { return option }
        if let named = environment["STATE_THEME"], !named.isEmpty { return named }
        if let configured = try configuredTheme(environment: environment) { return configured }
        guard let color = background() else { return "dark" }
        return isLight(color) ? "light" : "dark"
    }

    /// The config file's place (whether or not it exists).
    static func configFile(environment: [String: String]) -> URL? {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".config") }
        return config?.appendingPathComponent("state/config.plist")
    }

    /// The config file's `theme`, when the file exists and names one. A file that does not
    /// read, or a `theme` that is not a string, is an error with its location.
    static func configuredTheme(environment: [String: String]) throws -> String? {
        guard let (url, theme) = try configured("theme", environment: environment) else { return nil }
        guard case .string(let name) = theme, !name.isEmpty else {
            throw PlistError("\(url.path): theme must be a theme's name or a path (a string), not \(theme.typeName)", at: .keyPath("theme"))
        }
        return name
    }

    /// Whether the browser takes the mouse: not with `--no-mouse`, `$STATE_MOUSE` = 0/off/no,
    /// or `mouse` false in the config file (users who want the terminal's own selection).
    static func mouse(option noMouse: Bool, environment: [String: String]) throws -> Bool {
        if noMouse { return false }
        if let setting = environment["STATE_MOUSE"], !setting.isEmpty { return !["0", "off", "no", "false"].contains(setting.lowercased()) }
        guard let (url, value) = try configured("mouse", environment: environment) else { return true }
        guard case .bool(let on) = value else {
            throw PlistError("\(url.path): mouse must be true or false (a boolean), not \(value.typeName)", at: .keyPath("mouse"))
        }
        return on
    }

    /// A setting of the config file, with the file's place, when the file exists and has it.
    static func configured(_ key: String, environment: [String: String]) throws -> (URL, PlistValue)? {
        guard let url = configFile(environment: environment), FileManager.default.fileExists(atPath: url.path) else { return nil }
        let tree: SourceTree
        do {
            tree = try SourceTree(contentsOf: url)
        } catch {
            throw PlistError("\(url.path): \(error)")
        }
        return tree.value()[PlistPath.Component.key(key)].map { (url, $0) }
    }
}
