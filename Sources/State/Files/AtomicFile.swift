import Foundation

/// Writes files so that a reader sees either the old or the new content, never a mix, a
/// failure leaves the old file as it was, and nothing another program wrote meanwhile is lost.
///
/// A save writes the new content to a temporary file in the same folder (named as
/// `TemporaryFileName` says), fsyncs it and gives it the original's permissions, owner, group
/// and extended attributes; then it takes an advisory lock on the target, checks that the
/// target is still the file that was read, renames the temporary file over it, and fsyncs the
/// folder. A symlink is written through to its target; a symlink loop is refused.
///
/// When a rename cannot keep what the file is — it has other hard links, or it belongs to
/// another user and this process cannot give the new file that owner — the content is written
/// in place instead, after a complete copy is on disk beside it (see DECISIONS.md).
///
/// (`FileManager.replaceItemAt` is not used: on Linux it renames in the wrong direction and
/// loses the file; `Data.write(.atomic)` resets permissions and replaces symlinks.)
public enum AtomicFile {
    /// What identifies a file's content on disk, to notice changes made by others.
    public struct Stamp: Sendable, Equatable {
        /// The file's size in bytes.
        public var size: Int64
        /// Modification time: seconds since 1970 and the nanoseconds within that second.
        public var modifiedSeconds: Int64
        /// The nanoseconds of the modification time.
        public var modifiedNanoseconds: Int64
        /// Status change time: the system sets it on every write, and no program can set it
        /// back (a same-size rewrite that restores the modification time still moves it).
        public var changedSeconds: Int64
        /// The nanoseconds of the status change time.
        public var changedNanoseconds: Int64
        /// The file's inode: a rename of another file over the path changes it.
        public var inode: UInt64
        /// The device the file is on.
        public var device: UInt64
        /// A fingerprint of the content, when the reader had the bytes (`stamped(with:)`).
        public var contentHash: UInt64?

        /// This stamp with a fingerprint of `bytes`, the content it was taken for.
        public func stamped(with bytes: [UInt8]) -> Stamp {
            var stamp = self
            stamp.contentHash = ContentHash.of(bytes)
            return stamp
        }
    }

    /// Whether a save may replace whatever is at the path, or only the file that was read.
    public enum Replacing: Sendable, Equatable {
        /// Replace whatever is there (a new file, `:w` to another name).
        case anything
        /// Only the file with this stamp (nil: only if there is still no file). Otherwise the
        /// save throws `ChangedOnDiskError` and writes nothing.
        case onlyIfUnchanged(since: Stamp?)
    }

    /// What a save could not keep or found beside the file, in sentences for the user.
    public struct Outcome: Sendable, Equatable {
        /// One sentence each, e.g. that the owner could not be kept.
        public var notes: [String] = []
    }

    /// How long a save waits for another `state` process that is replacing the same file.
    static let lockTimeout = 10.0

    /// The stamp of the file at `url` now, or nil when there is none (or it cannot be read).
    public static func stamp(of url: URL) -> Stamp? {
        POSIX.status(url.path).map(Stamp.init)
    }

    /// Whether the file at `url` is still the one `expected` describes (nil: there was none).
    ///
    /// Size, modification time, inode and device must match. If only the status change time
    /// moved — a hard link, an extended attribute or permissions changed, or someone rewrote
    /// the file and put its modification time back — the content decides, when the stamp has
    /// its fingerprint; without one any change counts.
    public static func isUnchanged(_ url: URL, since expected: Stamp?) -> Bool {
        guard let now = stamp(of: url) else { return expected == nil }
        guard let expected else { return false }
        guard
            now.size == expected.size, now.modifiedSeconds == expected.modifiedSeconds, now.modifiedNanoseconds == expected.modifiedNanoseconds,
            now.inode == expected.inode, now.device == expected.device
        else { return false }
        if now.changedSeconds == expected.changedSeconds && now.changedNanoseconds == expected.changedNanoseconds { return true }
        guard let fingerprint = expected.contentHash, let bytes = try? FileBytes.read(url) else { return false }
        return ContentHash.of(bytes) == fingerprint
    }

    /// The path writes go to: symlinks resolved, so the link itself survives. Throws for a
    /// symlink loop (or a chain longer than the system follows), which a save must not replace.
    public static func target(of url: URL) throws -> URL {
        var path = url.path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(path, &buffer, buffer.count - 1)
            guard n > 0 else { return URL(fileURLWithPath: path) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
        }
        throw PlistError("cannot save \(url.path): it is a symbolic link that leads back to itself (or through more than 40 links)")
    }

    /// Atomically replaces (or creates) the file at `url` with `bytes`.
    @discardableResult
    public static func write(_ bytes: [UInt8], to url: URL, replacing: Replacing = .anything) throws -> Outcome {
        try write(to: url, replacing: replacing, bytes: bytes) { fd, target in try writeAll(bytes, to: fd, target) }
    }

    /// Atomically replaces (or creates) the file at `url` with what `produce` hands its sink,
    /// piece by piece: the content is never whole in memory. If `produce` throws, the
    /// temporary file is removed and the file at `url` is as it was.
    @discardableResult
    public static func write(
        to url: URL, replacing: Replacing = .anything, producing produce: (_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
    ) throws -> Outcome {
        try write(to: url, replacing: replacing, bytes: nil) { fd, target in
            try produce { piece in try writeAll(piece, to: fd, target) }
        }
    }

    private static func write(to url: URL, replacing: Replacing, bytes: [UInt8]?, fill: (Int32, URL) throws -> Void) throws -> Outcome {
        if let existing = POSIX.status(url.path), !existing.isRegularFile {
            // A folder is refused; a device or a FIFO (`-o /dev/stdout`, whose link leads to
            // no real path) has nothing to replace, only to write to.
            if existing.isFolder { throw PlistError("cannot save \(url.path): it is a folder") }
            try writeThrough(to: url, fill: fill)
            return Outcome()
        }
        let target = try target(of: url)
        var outcome = Outcome()
        let leftovers = TemporaryFileName.clearLeftovers(of: target)
        if !leftovers.removed.isEmpty {
            let count = leftovers.removed.count
            outcome.notes.append("removed \(count) temporary file\(count == 1 ? "" : "s") that interrupted saves left beside \(target.lastPathComponent)")
        }
        for copy in leftovers.copies {
            outcome.notes.append("an interrupted save left its complete new content in \(copy) beside \(target.lastPathComponent)")
        }
        let existing = POSIX.status(target.path)
        if case .onlyIfUnchanged(let expected) = replacing, !isUnchanged(target, since: expected) {
            throw ChangedOnDiskError(url: url)
        }
        let keepsIdentity = existing.map { canReplaceKeepingIdentity($0) } ?? true
        let save = try TemporarySave(beside: target, kind: keepsIdentity ? .replacement : .copy, bytes: bytes) { fd in try fill(fd, target) }
        defer { save.discard() }
        if let existing {
            outcome.notes += save.take(identityOf: existing, from: target)
        }
        try save.flush()
        pauseForFaultInjection()
        let lock = try SaveLock(target)
        defer { lock.release() }
        if case .onlyIfUnchanged(let expected) = replacing, !isUnchanged(target, since: expected) {
            throw ChangedOnDiskError(url: url)
        }
        let rewritten = try !keepsIdentity && save.rewriteInPlace(target)
        if !rewritten {
            if !keepsIdentity, let existing {
                outcome.notes.append(whatRenameLoses(existing, target))
            }
            if case .onlyIfUnchanged(let expected) = replacing {
                guard try save.rename(over: target, replacingOnly: expected) else { throw ChangedOnDiskError(url: url) }
            } else {
                try save.rename(over: target)
            }
        }
        return outcome
    }

    /// Whether a renamed temporary file can be the same file to its other names and owner:
    /// one link, and an owner and group this process can give it.
    private static func canReplaceKeepingIdentity(_ status: POSIX.Status) -> Bool {
        guard status.linkCount <= 1 else { return false }
        return POSIX.effectiveUser == 0 || status.owner == POSIX.effectiveUser
    }

    private static func whatRenameLoses(_ status: POSIX.Status, _ target: URL) -> String {
        status.linkCount > 1
            ? "\(target.lastPathComponent) could not be rewritten in place, so its \(status.linkCount - 1) other hard link(s) keep the old content"
            : "\(target.lastPathComponent) could not be rewritten in place, so it now belongs to you (it belonged to user \(status.owner))"
    }

    /// Writes to a device or FIFO as it is, with no temporary file.
    private static func writeThrough(to target: URL, fill: (Int32, URL) throws -> Void) throws {
        let fd = POSIX.openFile(target.path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("it cannot be opened for writing", target) }
        defer { close(fd) }
        try fill(fd, target)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, _ target: URL) throws {
        try bytes.withUnsafeBufferPointer { try writeAll($0, to: fd, target) }
    }

    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32, _ target: URL) throws {
        var written = 0
        while written < bytes.count {
            let n = POSIX.writeBytes(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure("writing failed", target) }
            written += n
        }
    }

    /// `STATE_SAVE_PAUSE_MS`: how long a save waits between writing its temporary file and
    /// taking its place, so that the fault-injection tests can signal the process or write the
    /// file from elsewhere inside that window every time instead of by luck.
    static let faultInjectionPause: UInt32 = {
        guard let text = ProcessInfo.processInfo.environment["STATE_SAVE_PAUSE_MS"], let ms = UInt32(text) else { return 0 }
        return min(ms, 10_000)
    }()

    private static func pauseForFaultInjection() {
        if faultInjectionPause > 0 { usleep(faultInjectionPause * 1000) }
    }

    /// One sentence: what could not be saved, why, and the system's word for it.
    static func failure(_ why: String, _ url: URL) -> PlistError {
        PlistError("cannot save \(url.path): \(why) (\(POSIX.errorText))")
    }
}

extension AtomicFile.Stamp {
    init(_ status: POSIX.Status) {
        self.init(
            size: status.size, modifiedSeconds: status.modifiedSeconds, modifiedNanoseconds: status.modifiedNanoseconds,
            changedSeconds: status.changedSeconds, changedNanoseconds: status.changedNanoseconds, inode: status.inode, device: status.device,
            contentHash: nil)
    }
}
