/// One column of the screen: what is drawn there and how.
///
/// A wide character occupies two cells: the first holds it, the second is a *continuation*
/// (empty text) that backends skip. Zero-width scalars (combining marks, variation selectors,
/// joiners) are kept with the character before them.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = Cell()

    public var isContinuation: Bool { text.isEmpty }
}
