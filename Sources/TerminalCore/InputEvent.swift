/// What the terminal reports: a key, or a new size — or that nothing came within the timeout
/// the runtime asked for.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    case idle
}
