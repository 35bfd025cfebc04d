/// What the terminal reports: a key, a mouse event, pasted text, a new size — or that nothing
/// came within the timeout the runtime asked for.
package enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text the terminal pasted as one piece (bracketed paste): line breaks are `\n`, and
    /// nothing in it is a key.
    case paste(String)
    case resize(width: Int, height: Int)
    case idle
}
