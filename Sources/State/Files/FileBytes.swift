import Foundation

/// Reads a whole file into a byte array with plain POSIX calls: no intermediate `Data` copy,
/// so a 100 MB file costs 100 MB, not 200.
///
/// Every read is bounded: at most `MemoryBudget.maxInputBytes` (a quarter of the memory the
/// process may use, and at most 4 GB), so `/dev/zero` or an endless pipe fail with a message.
/// Read as a property list (`readPropertyList`), a stream whose first bytes cannot start any
/// supported format is refused as soon as they arrive. A FIFO is opened without waiting for a writer; if nothing arrives within
/// `fifoTimeout` seconds it is refused rather than blocking forever.
public enum FileBytes {
    /// How long a read waits for a FIFO's writer.
    public static let fifoTimeout = 10.0

    /// Reads a whole file (or a FIFO, within bounds), with errors naming it.
    public static func read(_ url: URL) throws -> [UInt8] {
        try read(url, limit: MemoryBudget.maxInputBytes)
    }

    /// Reads a file that must be a property list or JSON: a stream that cannot start one
    /// (`/dev/zero`) stops at its first bytes instead of at the size limit.
    public static func readPropertyList(_ url: URL) throws -> [UInt8] {
        try read(url, limit: MemoryBudget.maxInputBytes, checkingStart: true)
    }

    /// Reads standard input to its end (a pipe, a redirected file), with the same bounds;
    /// messages call it `<stdin>`.
    public static func readStandardInput(propertyList: Bool = true) throws -> [UInt8] {
        guard let info = POSIX.status(STDIN_FILENO) else { throw PlistError("cannot read <stdin>: \(POSIX.errorText)") }
        return try read(STDIN_FILENO, path: "<stdin>", info: info, limit: MemoryBudget.maxInputBytes, checkingStart: propertyList)
    }

    static func read(_ url: URL, limit: Int, checkingStart: Bool = false, fifoTimeout: Double = FileBytes.fifoTimeout) throws -> [UInt8] {
        let path = url.path
        guard let before = POSIX.status(path) else { throw PlistError("cannot open \(path): \(POSIX.errorText)") }
        if before.isFolder { throw PlistError("\(path) is a folder, not a file") }
        let fd = POSIX.openFile(path, O_RDONLY | O_CLOEXEC | (before.isFIFO ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw PlistError("cannot open \(path): \(POSIX.errorText)") }
        defer { close(fd) }
        guard let info = POSIX.status(fd) else { throw PlistError("cannot read \(path): \(POSIX.errorText)") }
        if info.isFIFO {
            guard POSIX.waitReadable(fd, milliseconds: Int32(fifoTimeout * 1000)) else {
                throw PlistError("cannot read \(path): it is a FIFO and nothing was written to it in \(Int(fifoTimeout)) seconds")
            }
            POSIX.makeBlocking(fd)
        }
        return try read(fd, path: path, info: info, limit: limit, checkingStart: checkingStart)
    }

    /// Reads `fd` to its end: the size `info` promises first, then whatever follows.
    private static func read(_ fd: Int32, path: String, info: POSIX.Status, limit: Int, checkingStart: Bool) throws -> [UInt8] {
        if info.isFolder { throw PlistError("\(path) is a folder, not a file") }
        let expected = info.isRegularFile ? Int(info.size) : 0
        guard expected <= limit else {
            throw PlistError("\(path) is \(expected) bytes, larger than the \(limit) bytes state reads (\(limitReason(limit)))")
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected, 1)) { buffer, count in
            count = fill(fd, buffer.baseAddress!, expected, parts: info.isRegularFile && expected >= halvedReadSize ? min(Cores.available, 2) : 1)
        }
        // Streams, devices and /proc files report no size; a file may also grow while read.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var checkedStart = info.isRegularFile || !checkingStart
        while true {
            let n = chunk.withUnsafeMutableBytes { POSIX.readBytes(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw PlistError("cannot read \(path): \(POSIX.errorText)") }
            if n == 0 { break }
            guard bytes.count + n <= limit else {
                throw PlistError("\(path) holds more than the \(limit) bytes state reads (\(limitReason(limit))); stopped reading there")
            }
            bytes.append(contentsOf: chunk[0..<n])
            if !checkedStart && bytes.count >= 8 {
                // Whitespace-only starts are left to the parser, which reads on.
                checkedStart = true
                if let error = startError(bytes) { throw PlistError("\(path): \(error)") }
            }
        }
        return bytes
    }

    /// From this size on, a regular file is read in two halves on two cores.
    static let halvedReadSize = 16 << 20

    /// Reads up to `expected` bytes of `fd` into `base`: in `parts` pieces at once, each on a
    /// core of its own, with `pread` (the kernel's copy and the first touch of each page it
    /// copies into are most of reading a large file, and both run on both cores: a 1 GB file
    /// in 0.3 s instead of 0.55–1.4 s, a 100 MB one in 30 ms instead of 55), else in order.
    /// Returns how many bytes from the start were read without a gap, and leaves the file's
    /// offset after them, where reading on finds whatever follows (a file that grew) — or,
    /// when a piece came back short (a file that shrank), reads on in order from there.
    static func fill(_ fd: Int32, _ base: UnsafeMutablePointer<UInt8>, _ expected: Int, parts: Int) -> Int {
        guard parts > 1 else { return readInOrder(fd, base, expected) }
        // Pieces start on page boundaries, so that no page is copied into by two cores.
        let piece = (expected / parts) & ~4095
        let pieces = Pieces(base: base, count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let start = part * piece
            let length = part == parts - 1 ? expected - start : piece
            var filled = 0
            while filled < length {
                let n = pread(fd, pieces.base + start + filled, length - filled, off_t(start + filled))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            pieces.filled[part] = filled
        }
        var contiguous = 0
        for part in 0..<parts {
            contiguous += pieces.filled[part]
            if pieces.filled[part] < (part == parts - 1 ? expected - part * piece : piece) { break }
        }
        guard lseek(fd, off_t(contiguous), SEEK_SET) == off_t(contiguous) else { return contiguous }
        return contiguous + readInOrder(fd, base + contiguous, expected - contiguous)
    }

    /// `read` until `count` bytes or the end; how many were read.
    private static func readInOrder(_ fd: Int32, _ base: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        var filled = 0
        while filled < count {
            let n = POSIX.readBytes(fd, base + filled, count - filled)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return filled
    }

    /// The pieces of a read on several cores: each writes its own bytes and its own count
    /// (through pointers: two threads storing into one array would both check its storage).
    private final class Pieces: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let filled: UnsafeMutablePointer<Int>
        init(base: UnsafeMutablePointer<UInt8>, count: Int) {
            self.base = base
            filled = .allocate(capacity: count)
            filled.initialize(repeating: 0, count: count)
        }
        deinit { filled.deallocate() }
    }

    /// Why a stream's first bytes cannot begin a property list or JSON, if they cannot.
    private static func startError(_ bytes: [UInt8]) -> PlistError? {
        let prefix = bytes.prefix(64)
        do {
            _ = try PlistFormat.detect(prefix)
            return nil
        } catch let error as PlistError {
            // "Only whitespace" (at the prefix's end) is not known yet: the parser reads on.
            if case .byte(let offset) = error.location, offset < prefix.count { return error }
            return nil
        } catch {
            return nil
        }
    }

    private static func limitReason(_ limit: Int) -> String {
        limit == PlistLimits.maxFileSize ? "offsets are 32 bits" : "a quarter of the \(MemoryBudget.total >> 20) MB this process may use"
    }
}
