/// A fast 64-bit fingerprint of a file's bytes, kept with its `AtomicFile.Stamp`: when only the
/// status change time moved (a new hard link, an extended attribute, a backup tool — or a
/// rewrite that put the modification time back), the content decides whether the file changed.
/// Not cryptographic: it guards against accidents, not against an attacker who can write the
/// file anyway. Four independent lanes of multiply–rotate keep it near memory speed (a save
/// computes it over everything it wrote).
enum ContentHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime, prime ^ 1, prime ^ 2, prime ^ 3)
            @inline(__always) func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                let mixed = (lane ^ word) &* 0xBF58_476D_1CE4_E5B9
                return (mixed << 31) | (mixed >> 33)
            }
            var offset = 0
            while offset + 32 <= raw.count {
                lanes.0 = step(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = step(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = step(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = step(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            var tail = UInt64(raw.count)
            var shift: UInt64 = 8
            while offset < raw.count {
                if shift == 64 {
                    lanes.0 = step(lanes.0, tail)
                    tail = 0
                    shift = 0
                }
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            var hash = mix(lanes.0 ^ step(lanes.1, tail))
            hash = mix(hash ^ lanes.2)
            return mix(hash ^ lanes.3)
        }
    }

    /// splitmix64's finalizer: every input bit reaches every output bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 31)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }
}
