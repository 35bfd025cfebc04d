import Foundation

/// Tells whether a dictionary member's key is a given key from the file's bytes alone, where
/// the file spells the key plainly — the common case, and the one a model's every field read
/// meets: `"name"` in JSON, `<key>name</key>` in XML, an ASCII string object in binary.
///
/// Keys are equal when their strings are (Swift compares canonically: a key spelled with a
/// combining accent equals the precomposed one, and even an ASCII key has non-ASCII
/// equivalents such as the Kelvin sign for `K`). So bytes that differ only say "different"
/// when the spelled key is ASCII; anything else is left to a comparison of decoded strings.
enum KeySpelling {
    enum Match { case equal, different, undecided }

    /// Whether `wanted` can be compared as bytes: ASCII, and none of the characters that a
    /// file escapes or that end a key's text.
    static func isPlain(_ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        !wanted.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
    }

    /// Compares member `node`'s key with `wanted` (which `isPlain`).
    @inline(__always)
    static func compare(_ node: SourceNode, with wanted: UnsafeBufferPointer<UInt8>, format: PlistFormat, in bytes: UnsafeBufferPointer<UInt8>) -> Match {
        guard node.hasKey, node.flags & SourceNode.Flags.keyEscaped == 0 else { return .undecided }
        let keyStart = Int(node.keyStart)
        switch format {
        case .json, .jsonc:
            // The opening quote; the key's text runs to the next quote (none inside: unescaped).
            return compare(keyStart + 1, upTo: bytes.count, endingAt: UInt8(ascii: "\""), with: wanted, in: bytes)
        case .xml:
            // The key's text runs from its start tag's `>` to the next `<` (unescaped: no
            // references, CDATA or comments); an empty `<key/>` is decoded.
            guard let (gt, selfClosing) = XMLPlistParser.keyTagEnd(bytes, keyStart: keyStart), !selfClosing else { return .undecided }
            return compare(gt + 1, upTo: bytes.count, endingAt: UInt8(ascii: "<"), with: wanted, in: bytes)
        case .binary:
            // A short ASCII string object: its marker holds its length.
            guard keyStart < bytes.count, bytes[keyStart] >> 4 == 0x5, bytes[keyStart] & 0x0F != 0x0F else { return .undecided }
            let end = keyStart + 1 + Int(bytes[keyStart] & 0x0F)
            guard end <= bytes.count else { return .undecided }
            return compare(keyStart + 1, upTo: end, endingAt: nil, with: wanted, in: bytes)
        case .openStep:
            return .undecided
        }
    }

    /// The key text at `start` — up to `end` or the first `terminator` — compared with
    /// `wanted`, byte by byte up to the first difference. Where the text differs in an ASCII
    /// byte (or ends first), the strings differ whatever follows: the bytes before are the same
    /// ASCII characters, and an ASCII character, with or without combining marks after it, is
    /// never canonically equal to another one. A non-ASCII byte there is left undecided.
    @inline(__always)
    private static func compare(
        _ start: Int, upTo end: Int, endingAt terminator: UInt8?, with wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Match {
        var i = 0
        while i < wanted.count {
            let at = start + i
            guard at < end else { return terminator == nil ? .different : .undecided }
            let b = bytes[at]
            if b != wanted[i] { return b < 0x80 ? .different : .undecided }
            i += 1
        }
        let at = start + i
        guard at < end else { return terminator == nil ? .equal : .undecided }
        let b = bytes[at]
        if b == terminator { return .equal }
        return b < 0x80 ? .different : .undecided
    }
}
