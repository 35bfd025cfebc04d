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
        var isFolder: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
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
}

extension POSIX.Status {
    init(_ info: stat) {
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        self.init(
            size: Int64(info.st_size), inode: UInt64(info.st_ino), device: UInt64(info.st_dev), mode: UInt32(info.st_mode),
            modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec))
    }
}
