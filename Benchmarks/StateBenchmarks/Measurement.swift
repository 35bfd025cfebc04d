import Dispatch
import Foundation

/// One timed operation, run in a child process so that its peak memory is its own.
struct Measurement: Codable {
    var seconds: Double
    /// Peak resident memory of the child process, in bytes.
    var peakBytes: Int
    /// Resident memory before the operation started (runtime, loaded libraries).
    var baselineBytes: Int
    /// Further figures an operation reports (keystroke percentiles), by name.
    var details: [String: Double]? = nil

    /// The process's peak resident memory. Read from `VmHWM`, not `getrusage`: on Linux
    /// `ru_maxrss` is inherited across fork, so a child of a big parent would report the
    /// parent's peak; `VmHWM` belongs to the address space that `exec` created.
    static func peakRSS() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else {
            var usage = rusage()
            #if os(Linux)
                getrusage(RUSAGE_SELF.rawValue, &usage)
                return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
            #else
                getrusage(RUSAGE_SELF, &usage)
                return Int(usage.ru_maxrss)  // bytes on Darwin
            #endif
        }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }

    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// The fastest of `runs` runs of `write`, which returns what it wrote (never empty).
    static func best<Output: Collection>(of runs: Int = 3, _ write: () throws -> Output) rethrows -> Double {
        var seconds = Double.infinity
        for _ in 0..<runs {
            let start = now()
            let out = try write()
            seconds = min(seconds, now() - start)
            precondition(!out.isEmpty)
        }
        return seconds
    }
}
