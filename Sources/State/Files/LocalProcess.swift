import Foundation

/// Questions about processes on this machine, for telling a file a running `state` is still
/// writing from one a killed run left behind.
public enum LocalProcess {
    /// This process's id.
    public static var id: Int32 { getpid() }

    /// Lets SIGINT, SIGTERM and SIGHUP reach this process. A parent may start it with them
    /// blocked (threaded launchers, Foundation's `Process` on Linux do): then Ctrl-C and
    /// `kill` could not stop `state`, and a stop could not remove a save's temporary file.
    public static func acceptTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in SaveSignals.signals { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Writes all of `bytes` to the descriptor `fd` (standard output or error). When the
    /// reader has gone (`state print big.json | head`), the process ends at once, the way
    /// SIGPIPE ends `cat`: quietly, with status 141 — Foundation ignores SIGPIPE, so without
    /// this every later write would fail and the program run on to its end.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes all of `raw` to `fd`, as `writeAll(_:to:)` does.
    public static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32) {
        guard let base = raw.baseAddress else { return }
        var written = 0
        while written < raw.count {
            let n = POSIX.writeBytes(fd, base + written, raw.count - written)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EPIPE {
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
                _exit(128 + SIGPIPE)
            }
            guard n > 0 else { return }
            written += n
        }
    }

    /// Whether a process with this id exists. A process of another user answers EPERM and is
    /// counted as running: its files are not ours to judge.
    public static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
