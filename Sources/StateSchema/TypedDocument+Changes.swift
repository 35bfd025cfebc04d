/// What an edit did to a document's schema errors: the one rule behind `state set`'s refusal
/// and the browser's "1 new error" message, so both count the same way.
extension TypedDocument {
    /// The errors this document has that `before` did not, compared by what they say (path and
    /// message), each counted as often as it occurs: a second identical error is new.
    public func errorsAdded(since before: TypedDocument) -> [Diagnostic] {
        var old: [String: Int] = [:]
        for error in before.errors { old[error.description, default: 0] += 1 }
        return errors.filter { error in
            guard let n = old[error.description], n > 0 else { return true }
            old[error.description] = n - 1
            return false
        }
    }

    /// How many of `before`'s errors this document no longer has.
    public func errorsFixed(since before: TypedDocument) -> Int {
        before.errorsAdded(since: self).count
    }
}
