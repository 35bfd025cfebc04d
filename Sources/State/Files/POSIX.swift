// The one file of the State library that names a C library module: everything else reaches
// the system through these wrappers or Foundation. Each platform State builds for has its
// branch (a test, `PlatformImportTests`, keeps it that way).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#else
    #error("State reads and writes files through POSIX: add this platform's C module here")
#endif

/// Thin wrappers over the POSIX calls the file layer needs, with one spelling on every
/// platform (Glibc's `st_mtim` is Darwin's `st_mtimespec`; `read`/`write` would collide with
/// methods of the same name where they are called).
enum POSIX {
    /// `read(2)`, retried by callers on EINTR.
    static func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(fd, buffer, count)
    }

    /// `write(2)`, retried by callers on EINTR.
    static func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, buffer, count)
    }

    /// What `stat` says of a path (following links), or nil.
    struct Status {
        var size: Int64
        var inode: UInt64
        var device: UInt64
        var mode: UInt32
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        /// The inode's change time: set by the system on every write, rename, chmod or link,
        /// and unlike the modification time not settable by `touch` or `utimes`.
        var changedSeconds: Int64
        var changedNanoseconds: Int64
        var linkCount: UInt64
        var owner: UInt32
        var group: UInt32
        var isFolder: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
        var isFIFO: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFIFO) }
        var permissions: mode_t { mode_t(mode & 0o7777) }
    }

    /// What `lstat` says of a path (not following a final link), or nil.
    static func linkStatus(_ path: String) -> Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Status(info)
    }

    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Status(info)
    }

    static func status(_ fd: Int32) -> Status? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return Status(info)
    }

    static var errorText: String { String(cString: strerror(errno)) }

    /// `flock(2)`, retried until `timeout` seconds have passed: an advisory lock that every
    /// `state` process takes on a file just before replacing it.
    static func lockExclusively(_ fd: Int32, timeout: Double) -> Bool {
        var waited = 0.0
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else { return false }
            usleep(10_000)
            waited += 0.01
        }
    }

    /// `fchown(2)`; -1 leaves that id as it is.
    static func changeOwner(_ fd: Int32, owner: UInt32?, group: UInt32?) -> Bool {
        fchown(fd, owner.map { uid_t($0) } ?? uid_t.max, group.map { gid_t($0) } ?? gid_t.max) == 0
    }

    static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// `open(2)` with flags and a mode.
    static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        open(path, flags, mode)
    }

    /// `poll(2)` for input on one descriptor: true when it is readable (or at its end) within
    /// `milliseconds`.
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&request, 1, milliseconds)
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }

    /// The smaller of the soft address-space and data-segment limits, nil when unlimited.
    static var memoryLimit: UInt64? {
        func soft(_ resource: Int32) -> UInt64? {
            var limit = rlimit()
            #if canImport(Glibc)
                let status = getrlimit(__rlimit_resource_t(UInt32(resource)), &limit)
            #else
                let status = getrlimit(resource, &limit)
            #endif
            // RLIM_INFINITY is all ones on Linux and 2⁶³−1 on Darwin.
            guard status == 0, UInt64(limit.rlim_cur) < 1 << 62 else { return nil }
            return UInt64(limit.rlim_cur)
        }
        #if canImport(Glibc)
            let resources = [Int32(RLIMIT_AS.rawValue), Int32(RLIMIT_DATA.rawValue)]
        #else
            let resources = [Int32(RLIMIT_AS), Int32(RLIMIT_DATA)]
        #endif
        return resources.compactMap(soft).min()
    }

    /// How a rename that must not lose another program's file went.
    enum GuardedRename: Equatable {
        case done
        /// The system refused it (`errno`): for `renameNoReplace`, EEXIST says a file is there.
        case refused(Int32)
        /// The system or the file system has no such rename: the caller renames plainly.
        case unsupported
    }

    /// Swaps the files at `a` and `b` in one step (Linux `renameat2(RENAME_EXCHANGE)`, macOS
    /// `renamex_np(RENAME_SWAP)`): whatever was at `b` is then at `a`, where it can be looked
    /// at — and put back — instead of being gone.
    static func exchange(_ a: String, _ b: String) -> GuardedRename {
        #if canImport(Darwin)
            return guarded(renamex_np(a, b, UInt32(RENAME_SWAP)))
        #else
            guard let renameat2 = linuxRenameAt2 else { return .unsupported }
            return guarded(renameat2(atCurrentFolder, a, atCurrentFolder, b, 2))  // RENAME_EXCHANGE
        #endif
    }

    /// Renames `from` to `to` only when nothing is at `to` (Linux `RENAME_NOREPLACE`, macOS
    /// `RENAME_EXCL`).
    static func renameNoReplace(_ from: String, _ to: String) -> GuardedRename {
        #if canImport(Darwin)
            return guarded(renamex_np(from, to, UInt32(RENAME_EXCL)))
        #else
            guard let renameat2 = linuxRenameAt2 else { return .unsupported }
            return guarded(renameat2(atCurrentFolder, from, atCurrentFolder, to, 1))  // RENAME_NOREPLACE
        #endif
    }

    private static func guarded(_ status: Int32) -> GuardedRename {
        if status == 0 { return .done }
        let error = errno
        // No such call (an old kernel), or a file system without the flag.
        if error == ENOSYS || error == EINVAL || error == ENOTSUP || error == EOPNOTSUPP { return .unsupported }
        return .refused(error)
    }

    #if !canImport(Darwin)
        private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
        /// `AT_FDCWD`: paths relative to the current folder.
        private static let atCurrentFolder: Int32 = -100
        /// `renameat2`, looked up at run time: the C library has it (glibc 2.28 and later, musl
        /// 1.2.4) but does not declare it to Swift.
        private static let linuxRenameAt2: RenameAt2? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        }()
    #endif

    /// Clears `O_NONBLOCK` once a FIFO has been opened without waiting for a writer.
    static func makeBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }
}

extension POSIX.Status {
    init(_ info: stat) {
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        #if canImport(Darwin)
            let changed = info.st_ctimespec
        #else
            let changed = info.st_ctim
        #endif
        self.init(
            size: Int64(info.st_size), inode: UInt64(info.st_ino), device: UInt64(info.st_dev), mode: UInt32(info.st_mode),
            modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
            changedSeconds: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec),
            linkCount: UInt64(info.st_nlink), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
    }
}
