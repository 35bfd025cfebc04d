import State

/// What `P` and `+` paste: the last value copied (`yv`), deleted (`x`) or pasted in from the
/// terminal, with the key it had. It outlives the document (`:e FILE` keeps it), so values
/// move between files opened one after another; the terminal's clipboard gets a copy too.
package struct Register: Sendable, Equatable {
    package var value: PlistValue
    /// Its key when it was a dictionary member (a paste into a dictionary offers it first).
    package var key: String?
    /// Where it came from, for messages: a key path, or "the clipboard".
    package var origin: String

    package init(value: PlistValue, key: String?, origin: String) {
        self.value = value
        self.key = key
        self.origin = origin
    }

    /// A short description: `the dictionary from items[2] (4 entries)`.
    var summary: String {
        let what: String =
            switch value {
            case .dictionary(let d): "a dictionary (\(d.count) \(d.count == 1 ? "entry" : "entries"))"
            case .array(let a): "an array (\(a.count) \(a.count == 1 ? "item" : "items"))"
            default: ValueText.summary(value)
            }
        return "\(what) from \(origin)"
    }
}
