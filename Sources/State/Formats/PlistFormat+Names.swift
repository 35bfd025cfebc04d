/// The one reading of format names typed by a user, shared by `:w FILE FORMAT` in the browser
/// and `state convert --to FORMAT`: `plutil`'s names (`xml1`, `binary1`) and the obvious ones.
extension PlistFormat {
    /// `xml` (`xml1`, `plist`), `binary` (`binary1`, `bplist`), `json`, `jsonc`, `openstep`
    /// (`ascii`); any case.
    public init?(name: String) {
        switch name.lowercased() {
        case "xml", "xml1", "plist": self = .xml
        case "binary", "binary1", "bplist": self = .binary
        case "json": self = .json
        case "jsonc": self = .jsonc
        case "openstep", "ascii": self = .openStep
        default: return nil
        }
    }

    /// The format a file name's extension asks for, when it is unambiguous (`.json`, `.jsonc`,
    /// `.strings`).
    public init?(fileExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "jsonc": self = .jsonc
        case "strings": self = .openStep
        default: return nil
        }
    }

    /// `xml|binary|json`, for usage lines.
    public static var namesText: String { allCases.map(\.rawValue).joined(separator: "|") }
}
