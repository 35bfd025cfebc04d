import Foundation

/// Questions about processes on this machine, for telling a file a running `state` is still
/// writing from one a killed run left behind.
public enum LocalProcess {
    /// This process's id.
    public static var id: Int32 { getpid() }

    /// Whether a process with this id exists. A process of another user answers EPERM and is
    /// counted as running: its files are not ours to judge.
    public static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
