import Foundation

/// Whether two byte arrays hold the same bytes, by `memcmp`: the invariant checkers compare
/// whole files after every step of a randomized test, and a generic `==` is slow in debug builds.
package func bytesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}

/// The same for two buffers (a key in a file and the key asked for): the generic
/// `elementsEqual` compares byte by byte through iterators, which a guess over every
/// dictionary of a large file felt.
package func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}
