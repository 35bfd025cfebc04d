/// Model version numbers as data spells them.
public enum ModelVersion {
    /// The key a versioned model writes its version under.
    public static let key = "model_version"

    /// A version from a stored value: a whole number, also accepted as a real (`2.0`) or a
    /// string (`"2"`, `"2.0"` — Xcode's version hash modifiers). Nil for anything else.
    public static func parse(_ value: PlistValue) -> Int? {
        switch value {
        case .integer(let i): return Int(exactly: i)
        case .real(let r): return whole(r)
        case .string(let s): return parse(s)
        default: return nil
        }
    }

    /// A version from text: `"2"` or `"2.0"`.
    public static func parse(_ text: String) -> Int? {
        Int(text) ?? Double(text).flatMap(whole)
    }

    private static func whole(_ r: Double) -> Int? {
        r.isFinite && r.rounded() == r ? Int(exactly: r) : nil
    }
}
