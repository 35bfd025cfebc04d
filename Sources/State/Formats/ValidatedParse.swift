import Foundation

/// A text parse with the file's UTF-8 checked beside it: on the machine's other core when the
/// text is large, so that the check (a tenth of parsing a JSON file) costs the parse no time.
///
/// The outcome is what checking first and then parsing gives: an invalid byte anywhere is the
/// error, whatever the parse said; otherwise the parse's own result or error. The parse reads
/// only bytes (no string is made of them while it runs), so running it over a file whose UTF-8
/// turns out bad does nothing it would not do over any other bytes.
enum ValidatedParse {
    /// The least text checked on another core: below it, waking a thread costs more than the
    /// check.
    static let backgroundSize = 1 << 20

    /// `parse`'s result, or the error of the first invalid UTF-8 byte of `bytes` from `start`.
    static func run<R>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ parse: () throws -> R) throws -> R {
        func invalid(_ bad: Int) -> PlistError {
            .text("invalid UTF-8 byte 0x\(String(bytes[bad], radix: 16, uppercase: true))", in: bytes, at: bad)
        }
        guard bytes.count - start >= backgroundSize, Cores.available > 1 else {
            if let bad = UTF8Validation.firstInvalidOffset(bytes, from: start) { throw invalid(bad) }
            return try parse()
        }
        let check = Check(bytes, from: start)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { check.run() }
        let outcome = Result { try parse() }
        group.wait()
        if let bad = check.firstInvalid { throw invalid(bad) }
        return try outcome.get()
    }

    /// The check on the other core: written by it, read after the group is done. Unchecked:
    /// it holds the parse's bytes, which outlive it (`run` waits for it before returning).
    private final class Check: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let start: Int
        var firstInvalid: Int?

        init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
            self.bytes = bytes
            self.start = start
        }

        func run() {
            firstInvalid = UTF8Validation.firstInvalidOffset(bytes, from: start)
        }
    }
}
