/// Limits that keep hostile input from exhausting the stack or memory.
public enum PlistLimits {
    /// Deepest nesting of containers accepted by every reader. Deeper input is an error, so that
    /// recursive code over a parsed tree can never overflow the stack.
    public static let maxDepth = 512
    /// Largest file the span-based reader accepts (offsets are stored as 32 bits).
    public static let maxFileSize = Int(UInt32.max) - 1
}
