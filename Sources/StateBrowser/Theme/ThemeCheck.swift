import State

/// Checks a theme file the way the browser reads one, for tools outside the browser (the theme
/// fuzzer, an editor's save hook).
///
/// The browser's own types (its state, views and themes) are `package`: they change with the
/// browser and are not an API. This is the one public door into them.
public enum ThemeCheck {
    /// Reads `bytes` as a theme file (any property list format the browser reads) and resolves
    /// every style role it names.
    ///
    /// - Returns: The theme's name.
    /// - Throws: The first problem, with its location: a file that does not parse, a field of the
    ///   wrong type, or a role the browser does not have.
    public static func check(bytes: [UInt8]) throws -> String {
        let file = try ThemeFile(bytes: bytes)
        return try file.theme().name
    }
}
