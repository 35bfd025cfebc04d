import Foundation

/// The names of the files a save writes beside its target, and how leftovers are told apart.
///
/// - `.NAME.state-PID-XXXXXX`: the new content, renamed over NAME when complete. One left
///   behind by a run that was killed (PID no longer running) is garbage — NAME is intact, old
///   or new — and the next save of NAME removes it.
/// - `.NAME.state-copy-PID-XXXXXX`: the complete new content kept while NAME is rewritten in
///   place (hard links, foreign owners). If that run was killed NAME may be incomplete and the
///   copy is the only full version, so it is never removed, only reported.
/// - `.NAME.state-XXXXXX`: what versions before 0.7 wrote; removed when ours and an hour old.
struct TemporaryFileName {
    enum Kind: Equatable {
        case replacement
        case copy
    }

    static func template(for name: String, kind: Kind) -> String {
        ".\(name).state-\(kind == .copy ? "copy-" : "")\(LocalProcess.id)-XXXXXX"
    }

    /// What an interrupted save left beside `target`: removed garbage, and copies to report.
    struct Leftovers {
        var removed: [String] = []
        var copies: [String] = []
    }

    /// Removes the temporary files of ended runs beside `target` and lists copies kept by
    /// interrupted in-place saves.
    static func clearLeftovers(of target: URL, now: Date = Date()) -> Leftovers {
        let folder = target.deletingLastPathComponent().path
        let prefix = ".\(target.lastPathComponent).state-"
        var result = Leftovers()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return result }
        for name in names where name.hasPrefix(prefix) {
            let path = folder + "/" + name
            guard let info = POSIX.linkStatus(path), info.isRegularFile else { continue }
            let ours = info.owner == POSIX.effectiveUser || POSIX.effectiveUser == 0
            switch parse(String(name.dropFirst(prefix.count))) {
            case .replacement(let pid)? where ours && !LocalProcess.isRunning(pid):
                if unlink(path) == 0 { result.removed.append(name) }
            case .legacy? where ours && now.timeIntervalSince1970 - Double(info.modifiedSeconds) > 3600:
                if unlink(path) == 0 { result.removed.append(name) }
            case .copy(let pid)? where !LocalProcess.isRunning(pid):
                result.copies.append(name)
            default:
                continue
            }
        }
        return result
    }

    private enum Parsed {
        case replacement(Int32)
        case copy(Int32)
        case legacy
    }

    /// `PID-XXXXXX`, `copy-PID-XXXXXX` or `XXXXXX` (six characters from mkstemp's alphabet).
    private static func parse(_ rest: String) -> Parsed? {
        func isRandom(_ text: Substring) -> Bool {
            text.count == 6 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1 where isRandom(parts[0]): return .legacy
        case 2 where isRandom(parts[1]): return Int32(parts[0]).map { .replacement($0) }
        case 3 where parts[0] == "copy" && isRandom(parts[2]): return Int32(parts[1]).map { .copy($0) }
        default: return nil
        }
    }
}
