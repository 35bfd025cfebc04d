import Dispatch
import Synchronization

/// Work the runtime runs on another thread — the whole schema check of a large file, a search
/// over millions of nodes — so that no keystroke waits for it. The result is picked up between
/// events.
final class BackgroundJob<Result: Sendable>: Sendable {
    private let done = Mutex<Result?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Result) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let value = work()
            done.withLock { $0 = value }
            finished.signal()
        }
    }

    /// The result, once there is one.
    var result: Result? { done.withLock { $0 } }

    /// Waits up to `milliseconds` for the result: short jobs (a search in a small file) then
    /// show their result in the same frame, without a "searching…" flash.
    func result(waitingUpTo milliseconds: Int) -> Result? {
        if let result { return result }
        guard finished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        finished.signal()  // leave the signal for `wait()`
        return result
    }

    /// Waits for the result, however long it takes.
    func wait() -> Result {
        if let result { return result }
        finished.wait()
        finished.signal()
        return result!
    }
}
