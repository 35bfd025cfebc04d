import Foundation
import State

/// Finds a theme by name or path.
///
/// `--theme` takes a path to a theme file, or a name looked up as `NAME.plist` (or `.json`) in
/// `$STATE_THEMES`, then `~/.config/state/themes`, and last among the built-in themes (compiled
/// in, equal to the files in the checkout's `Themes/`, which an installed binary does not have).
package enum ThemeLoader {
    /// The checkout's `Themes/` folder, found from this source file (for tests and tools that
    /// run from a checkout; the lookup does not use it).
    package static var checkoutThemesFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Themes")
    }

    package static func folders(environment: [String: String]) -> [URL] {
        var folders: [URL] = []
        if let custom = environment["STATE_THEMES"], !custom.isEmpty { folders.append(URL(fileURLWithPath: custom)) }
        let config =
            environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".config") }
        if let config { folders.append(config.appendingPathComponent("state/themes")) }
        return folders
    }

    /// The theme `nameOrPath` names. Errors say where the file was and what is wrong in it.
    package static func load(_ nameOrPath: String, environment: [String: String]) throws -> ThemeFile {
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".plist") || nameOrPath.hasSuffix(".json")
        if looksLikePath { return try read(URL(fileURLWithPath: nameOrPath)) }
        for folder in folders(environment: environment) {
            for ext in ["plist", "json"] {
                let url = folder.appendingPathComponent("\(nameOrPath).\(ext)")
                if FileManager.default.fileExists(atPath: url.path) { return try read(url) }
            }
        }
        if let builtIn = BuiltInThemes.named(nameOrPath) { return builtIn }
        let names = BuiltInThemes.all.map(\.name).joined(separator: ", ")
        throw ThemeError(message: "no theme named \"\(nameOrPath)\" (built in: \(names); or give a path to a theme file)")
    }

    static func read(_ url: URL) throws -> ThemeFile {
        do {
            let file = try ThemeFile(contentsOf: url)
            _ = try file.theme()
            return file
        } catch {
            throw ThemeError(message: "\(url.path): \(error)")
        }
    }
}
