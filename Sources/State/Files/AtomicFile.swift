import Foundation

/// Writes files so that a reader sees either the old or the new content, never a mix, and a
/// failure leaves the old file as it was.
///
/// Write to a temporary file in the same folder, fsync, give it the original's permissions,
/// rename it over the target, fsync the folder. A symlink is written through to its target.
/// (`FileManager.replaceItemAt` is not used: on Linux it renames in the wrong direction and
/// loses the file; `Data.write(.atomic)` resets permissions and replaces symlinks.)
public enum AtomicFile {
    /// What identifies a file's content on disk, to notice changes made by others.
    public struct Stamp: Sendable, Equatable {
        public var size: Int64
        /// Modification time: seconds since 1970 and the nanoseconds within that second.
        public var modifiedSeconds: Int64
        public var modifiedNanoseconds: Int64
        public var inode: UInt64
        public var device: UInt64
    }

    public static func stamp(of url: URL) -> Stamp? {
        guard let info = POSIX.status(url.path) else { return nil }
        return Stamp(size: info.size, modifiedSeconds: info.modifiedSeconds, modifiedNanoseconds: info.modifiedNanoseconds, inode: info.inode, device: info.device)
    }

    /// The path writes go to: symlinks resolved, so the link itself survives.
    public static func target(of url: URL) -> URL {
        var path = url.path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(path, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
        }
        return URL(fileURLWithPath: path)
    }

    /// Atomically replaces (or creates) the file at `url` with `bytes`.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let target = target(of: url)
        let folder = target.deletingLastPathComponent().path
        let name = target.lastPathComponent
        var template = Array("\(folder)/.\(name).state-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let why =
                errno == EACCES || errno == EROFS || errno == EPERM ? "its folder \(folder) does not allow new files" : "no temporary file can be made in its folder \(folder)"
            throw failure(why, target)
        }
        let tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(tempPath) }
        }
        do {
            defer { close(fd) }
            var written = 0
            try bytes.withUnsafeBytes { raw in
                while written < raw.count {
                    let n = POSIX.writeBytes(fd, raw.baseAddress! + written, raw.count - written)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw failure("writing failed", target) }
                    written += n
                }
            }
            var info = stat()
            let mode: mode_t
            if stat(target.path, &info) == 0 {
                mode = info.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(fd, mode) == 0 else { throw failure("its permissions cannot be kept", target) }
            guard fsync(fd) == 0 else { throw failure("it cannot be flushed to disk", target) }
        }
        guard rename(tempPath, target.path) == 0 else { throw failure("the new file cannot take its place", target) }
        done = true
        let dirfd = open(folder, O_RDONLY | O_DIRECTORY)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// One sentence: what could not be saved, why, and the system's word for it.
    private static func failure(_ why: String, _ url: URL) -> PlistError {
        PlistError("cannot save \(url.path): \(why) (\(POSIX.errorText))")
    }
}
