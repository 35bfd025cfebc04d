import Foundation

/// One save's temporary file: created beside the target with the new content, then either
/// renamed over the target or (for an in-place rewrite) kept as a copy until the target holds
/// the same bytes. Whatever path a save takes out — an error, a thrown check, a signal — the
/// file is removed, except a copy whose target is being rewritten.
final class TemporarySave {
    let path: String
    /// The content, when it was given whole; a streamed save reads it back from `path`.
    private let bytes: [UInt8]?
    private let target: URL
    private var fd: Int32
    private var signalSlot: Int?
    private var keep = false

    convenience init(bytes: [UInt8], beside target: URL, kind: TemporaryFileName.Kind) throws {
        try self.init(beside: target, kind: kind, bytes: bytes) { fd in try AtomicFile.writeAll(bytes, to: fd, target) }
    }

    /// A temporary file that `fill` writes to (given its descriptor); `bytes` is the content
    /// when it is at hand.
    init(beside target: URL, kind: TemporaryFileName.Kind, bytes: [UInt8]?, fill: (Int32) throws -> Void) throws {
        let folder = target.deletingLastPathComponent().path
        let (fd, path, slot) = SaveSignals.makeTemporaryFile("\(folder)/\(TemporaryFileName.template(for: target.lastPathComponent, kind: kind))")
        guard fd >= 0 else {
            let why =
                errno == EACCES || errno == EROFS || errno == EPERM ? "its folder \(folder) does not allow new files" : "no temporary file can be made in its folder \(folder)"
            throw AtomicFile.failure(why, target)
        }
        self.fd = fd
        self.path = path
        self.bytes = bytes
        self.target = target
        signalSlot = slot
        do {
            try fill(fd)
            let mask = umask(0)
            umask(mask)
            guard fchmod(fd, 0o666 & ~mask) == 0 else { throw AtomicFile.failure("its permissions cannot be set", target) }
        } catch {
            discard()
            throw error
        }
    }

    /// Gives the new file the permissions, owner, group and extended attributes of `existing`;
    /// returns what could not be kept.
    func take(identityOf existing: POSIX.Status, from target: URL) -> [String] {
        var notes: [String] = []
        let name = target.lastPathComponent
        if fchmod(fd, existing.permissions) != 0 { notes.append("the permissions of \(name) could not be kept (\(POSIX.errorText))") }
        if POSIX.effectiveUser == 0 {
            if !POSIX.changeOwner(fd, owner: existing.owner, group: existing.group) {
                notes.append("the owner of \(name) could not be kept (\(POSIX.errorText))")
            }
        } else if existing.group != POSIX.status(fd)?.group, !POSIX.changeOwner(fd, owner: nil, group: existing.group) {
            notes.append("the group of \(name) could not be kept: you are not a member of group \(existing.group)")
        }
        let source = POSIX.openFile(target.path, O_RDONLY | O_CLOEXEC)
        if source >= 0 {
            let lost = ExtendedAttributes.copy(from: source, to: fd)
            if !lost.isEmpty { notes.append("the extended attributes \(lost.joined(separator: ", ")) of \(name) could not be kept") }
            close(source)
        }
        return notes
    }

    /// Puts the content on disk: after this, a crash leaves a complete temporary file.
    func flush() throws {
        guard fsync(fd) == 0 else { throw AtomicFile.failure("it cannot be flushed to disk", target) }
        close(fd)
        fd = -1
    }

    /// Renames the temporary file over `target` and makes the rename durable.
    func rename(over target: URL) throws {
        guard Foundation.rename(path, target.path) == 0 else { throw AtomicFile.failure("the new file cannot take its place", target) }
        keep = true
        syncFolder(of: target)
    }

    /// Renames the temporary file over `target` only if what it replaces is still the file
    /// `expected` describes (nil: no file); false, with nothing replaced, when another
    /// program put a file there since it was checked.
    ///
    /// The check before this leaves a moment between its `stat` and the rename, and a
    /// process is often preempted just there, as a system call returns: a program replacing
    /// the file (write and rename, no lock) in that moment had its file silently replaced.
    /// So the files are exchanged in one step and the one moved out is looked at: the file
    /// read (same inode, size and modification time) is removed; another program's is
    /// exchanged back. Where the system has no exchange, a plain rename.
    func rename(over target: URL, replacingOnly expected: AtomicFile.Stamp?) throws -> Bool {
        guard let expected else {
            switch POSIX.renameNoReplace(path, target.path) {
            case .done:
                keep = true
                syncFolder(of: target)
                return true
            case .refused(let error) where error == EEXIST:
                return false
            case .refused:
                throw AtomicFile.failure("the new file cannot take its place", target)
            case .unsupported:
                try rename(over: target)
                return true
            }
        }
        let new = POSIX.status(path)
        switch POSIX.exchange(path, target.path) {
        case .unsupported:
            try rename(over: target)
            return true
        case .refused:
            throw AtomicFile.failure("the new file cannot take its place", target)
        case .done:
            break
        }
        // `path` now holds what was at the target.
        if let moved = POSIX.status(path), moved.inode == expected.inode, moved.device == expected.device, moved.size == expected.size,
            moved.modifiedSeconds == expected.modifiedSeconds, moved.modifiedNanoseconds == expected.modifiedNanoseconds
        {
            unlink(path)
            keep = true
            syncFolder(of: target)
            return true
        }
        // Another program's file: back in its place, if the target is still ours (else it was
        // replaced once more, and the newer file stays; the one moved out is older than it).
        if let now = POSIX.status(target.path), let new, now.inode == new.inode, now.device == new.device {
            if POSIX.exchange(path, target.path) != .done { throw AtomicFile.failure("another program's new version is left in \(path)", target) }
        } else {
            unlink(path)
            keep = true
        }
        syncFolder(of: target)
        return false
    }

    private func syncFolder(of target: URL) {
        let folder = POSIX.openFile(target.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Writes the content into `target` itself (keeping its inode: hard links, owner); false
    /// when the target cannot be opened for writing. The copy is kept until the target is
    /// complete and flushed, and left (and named in the error) if that fails midway.
    func rewriteInPlace(_ target: URL) throws -> Bool {
        let out = POSIX.openFile(target.path, O_WRONLY | O_CLOEXEC)
        guard out >= 0 else { return false }
        defer { close(out) }
        // From here the copy may be the only complete version: a signal must not remove it.
        SaveSignals.release(signalSlot)
        signalSlot = nil
        keep = true
        guard lseek(out, 0, SEEK_SET) == 0 else { throw AtomicFile.failure("it cannot be rewritten in place", target) }
        do {
            let size: Int
            if let bytes {
                try AtomicFile.writeAll(bytes, to: out, target)
                size = bytes.count
            } else {
                size = try copyContent(to: out)
            }
            guard ftruncate(out, off_t(size)) == 0, fsync(out) == 0 else { throw AtomicFile.failure("it cannot be flushed to disk", target) }
        } catch {
            let copy = (path as NSString).lastPathComponent
            throw PlistError("\(error); its complete new content is in \(copy) beside it")
        }
        unlink(path)
        return true
    }

    /// Copies the temporary file's content to `out` in pieces; the number of bytes.
    private func copyContent(to out: Int32) throws -> Int {
        let input = POSIX.openFile(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw AtomicFile.failure("its new content cannot be read back from \((path as NSString).lastPathComponent)", target) }
        defer { close(input) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw AtomicFile.failure("its new content cannot be read back", target) }
            if n == 0 { return total }
            try AtomicFile.writeAll(Array(chunk[0..<n]), to: out, target)
            total += n
        }
    }

    /// Removes the temporary file unless it became the target or must be kept.
    func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if !keep { unlink(path) }
        SaveSignals.release(signalSlot)
        signalSlot = nil
    }
}

/// The advisory lock every `state` process takes on a file while it checks and replaces it:
/// two saves of the same file cannot both pass the check and then both rename.
struct SaveLock {
    private let fd: Int32

    /// Locks `target` (when it exists and can be opened), waiting up to `AtomicFile.lockTimeout`.
    init(_ target: URL) throws {
        fd = POSIX.openFile(target.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0, !POSIX.lockExclusively(fd, timeout: AtomicFile.lockTimeout) {
            close(fd)
            throw PlistError("cannot save \(target.path): another program has held a lock on it for \(Int(AtomicFile.lockTimeout)) seconds")
        }
    }

    func release() {
        if fd >= 0 { close(fd) }
    }
}
