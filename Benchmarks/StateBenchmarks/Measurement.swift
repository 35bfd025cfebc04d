import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One timed operation, run in a child process so that its peak memory is its own.
struct Measurement: Codable {
    var seconds: Double
    /// Peak resident memory of the child process, in bytes.
    var peakBytes: Int
    /// Resident memory before the operation started (runtime, loaded libraries).
    var baselineBytes: Int

    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
