import Foundation

/// Whether two byte arrays hold the same bytes, by `memcmp`: the invariant checkers compare
/// whole files after every step of a randomized test, and a generic `==` is slow in debug builds.
package func bytesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
