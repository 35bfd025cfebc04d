/// A failure deep inside a writer; the key path is assembled on the way out, so that the
/// common, successful path never pays for tracking it.
struct WriteError: Error {
    var message: String
    /// Innermost component first.
    var reversedPath: [PlistPath.Component] = []

    var plistError: PlistError {
        PlistError(message, at: .keyPath(PlistPath(reversedPath.reversed()).description))
    }
}

/// Number spelling shared by the text writers.
enum TextOutput {
    /// The shortest spelling of a real that reads back as the same Double.
    static func realSpelling(_ value: Double, trimIntegral: Bool) -> String {
        var text = value.description
        if trimIntegral, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
