/// One column of the screen: what is drawn there and how.
///
/// A wide character occupies two cells: the first holds it, the second is a *continuation*
/// (empty text) that backends skip. Zero-width scalars (combining marks, variation selectors,
/// joiners) are kept with the character before them.
package struct Cell: Hashable, Sendable {
    package var text: String
    package var style: Style

    package init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    package static let blank = Cell()

    package var isContinuation: Bool { text.isEmpty }
}
