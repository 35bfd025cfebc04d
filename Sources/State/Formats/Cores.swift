import Foundation

/// The cores this process may use, read once. Foundation works the count out from the
/// cgroup's files on every call (a dozen system calls on Linux), which code asking once per
/// value read made most of the time of reading models.
package enum Cores {
    /// How many cores to spread work over (at least one).
    package static let available = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
