import StateDocument

/// The pending changes shown before saving: a line diff of the file on disk against the file
/// as it would be written, scrolled like a pager.
public struct ChangesView: Sendable, Equatable {
    public var diff: LineDiff
    public var scroll = 0

    public init(diff: LineDiff) {
        self.diff = diff
    }
}
