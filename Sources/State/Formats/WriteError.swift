/// A failure deep inside a writer; the key path is assembled on the way out, so that the
/// common, successful path never pays for tracking it.
struct WriteError: Error {
    var message: String
    /// Innermost component first.
    var reversedPath: [PlistPath.Component] = []

    var plistError: PlistError {
        PlistError(message, at: .keyPath(PlistPath(reversedPath.reversed()).description))
    }

    /// Runs `body`, which writes the member `component` names: an error it throws gets that
    /// component on its key path. The component is made only then: a key is a `String`, and
    /// copying one per member was a retain and a release on every value written.
    @inline(__always) static func within<R>(_ component: @autoclosure () -> PlistPath.Component, _ body: () throws -> R) throws -> R {
        do { return try body() } catch var error as WriteError {
            error.reversedPath.append(component())
            throw error
        }
    }
}
