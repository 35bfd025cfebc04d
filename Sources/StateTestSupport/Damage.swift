/// Random damage to a valid file, for the mutation tests of every reader: one to four of a
/// changed byte (often one of `special`, the format's own punctuation), a removed byte, a
/// repeated byte, or a cut.
package enum Damage {
    package static func apply(to original: [UInt8], special: [UInt8] = [], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let useSpecial = !special.isEmpty && Bool.random(using: &rng)
                bytes[i] = useSpecial ? special[Int.random(in: 0..<special.count, using: &rng)] : UInt8.random(in: 0...255, using: &rng)
            case 1: bytes.remove(at: i)
            case 2: bytes.insert(bytes[Int.random(in: 0..<bytes.count, using: &rng)], at: i)
            default: bytes = Array(bytes.prefix(i))
            }
        }
        return bytes
    }
}
