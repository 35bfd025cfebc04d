import Foundation

/// Reads a whole file into a byte array with plain POSIX calls: no intermediate `Data` copy,
/// so a 100 MB file costs 100 MB, not 200.
public enum FileBytes {
    public static func read(_ url: URL) throws -> [UInt8] {
        let path = url.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PlistError("cannot open \(path): \(POSIX.errorText)") }
        defer { close(fd) }
        guard let info = POSIX.status(fd) else { throw PlistError("cannot read \(path): \(POSIX.errorText)") }
        if info.isFolder { throw PlistError("\(path) is a folder, not a file") }
        let expected = Int(info.size)
        guard expected <= PlistLimits.maxFileSize else {
            throw PlistError("\(path) is larger than \(PlistLimits.maxFileSize) bytes")
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected, 1)) { buffer, count in
            var filled = 0
            while filled < expected {
                let n = POSIX.readBytes(fd, buffer.baseAddress! + filled, expected - filled)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            count = filled
        }
        // Files that report no size (pipes, /proc) or grew while being read.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { POSIX.readBytes(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw PlistError("cannot read \(path): \(POSIX.errorText)") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
