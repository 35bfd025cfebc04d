import State

/// Line mode (`L`, `:set number`): each row shows the line of the file where it starts. The
/// child owns whether it is on and the line index of the document it numbers, built at once
/// for small files and in the background for large ones.
package struct LineMode: Sendable {
    package internal(set) var isOn = false
    /// Where the lines of the current document start (built while line mode is on).
    package internal(set) var index: LineIndex?
    /// The document version a line index is being built for in the background.
    var pending: Int?

    /// Files up to this size get their line index at once; larger ones in the background (a
    /// 100 MB file takes longer than a keystroke may).
    static let synchronousLimit = 4 * 1024 * 1024

    package init() {}

    /// The line of the file where `node` starts (its key, if it has one), while line mode is on.
    package func line(of node: Int, in document: BrowserDocument) -> Int? {
        guard isOn, let index, index.generation == document.generation else { return nil }
        let source = document.tree[node]
        return index.line(of: source.hasKey ? source.keyStart : source.start)
    }

    /// Makes the index for `document` while line mode is on (once per edit); true when it must
    /// be built in the background instead (`indexLines`).
    mutating func refresh(for document: BrowserDocument) -> Bool {
        guard isOn, document.tree.format != .binary else {
            index = nil
            return false
        }
        guard index?.generation != document.generation else { return false }
        if document.tree.bytes.count <= Self.synchronousLimit {
            index = LineIndex(tree: document.tree, generation: document.generation)
            return false
        }
        guard pending != document.generation else { return false }
        pending = document.generation
        return true
    }

    /// Takes an index built in the background, when it is for the current document.
    mutating func finish(_ built: LineIndex, current generation: Int) {
        if built.generation == generation { index = built }
        if pending == built.generation { pending = nil }
    }

    /// What is wrong with line mode over `document` (empty when it is sound): while it is on,
    /// a text document has its index or one coming.
    func invariantViolations(for document: BrowserDocument) -> [String] {
        guard isOn, document.tree.format != .binary, index?.generation != document.generation, pending != document.generation else { return [] }
        return ["line mode: no line index for this document, none coming"]
    }
}
