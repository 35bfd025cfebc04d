/// A failure deep inside a writer; the key path is assembled on the way out, so that the
/// common, successful path never pays for tracking it.
struct WriteError: Error {
    var message: String
    /// Innermost component first.
    var reversedPath: [PlistPath.Component] = []

    var plistError: PlistError {
        PlistError(message, at: .keyPath(PlistPath(reversedPath.reversed()).description))
    }
}

/// Integer and text helpers shared by the text writers.
enum TextOutput {
    /// Appends the decimal digits of `value` without going through `String`.
    @inline(__always) static func appendInteger(_ value: Int128, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) + 48)
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes of scratch
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while magnitude > 0 {
                raw[39 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
                magnitude /= 10
                count += 1
            }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(40 - count)..<40]))
        }
    }

    /// The shortest spelling of a real that reads back as the same Double.
    static func realSpelling(_ value: Double, trimIntegral: Bool) -> String {
        var text = value.description
        if trimIntegral, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
