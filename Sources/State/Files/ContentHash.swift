/// A fast 64-bit fingerprint of a file's bytes, kept with its `AtomicFile.Stamp`: when only the
/// status change time moved (a new hard link, an extended attribute, a backup tool — or a
/// rewrite that put the modification time back), the content decides whether the file changed.
/// Not cryptographic: it guards against accidents, not against an attacker who can write the
/// file anyway.
enum ContentHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            return mix(hash ^ tail)
        }
    }

    /// One round of a multiply–xorshift mixer (as in splitmix64).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 31)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }
}
