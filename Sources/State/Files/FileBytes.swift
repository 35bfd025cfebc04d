import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file into a byte array with plain POSIX calls: no intermediate `Data` copy,
/// so a 100 MB file costs 100 MB, not 200.
public enum FileBytes {
    public static func read(_ url: URL) throws -> [UInt8] {
        let path = url.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PlistError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PlistError("cannot read \(path): \(String(cString: strerror(errno)))") }
        if info.st_mode & S_IFMT == S_IFDIR { throw PlistError("\(path) is a folder, not a file") }
        let expected = Int(info.st_size)
        guard expected <= PlistLimits.maxFileSize else {
            throw PlistError("\(path) is larger than \(PlistLimits.maxFileSize) bytes")
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected, 1)) { buffer, count in
            var filled = 0
            while filled < expected {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, expected - filled)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            count = filled
        }
        // Files that report no size (pipes, /proc) or grew while being read.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw PlistError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
