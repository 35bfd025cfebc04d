import Foundation
import State
import Testing

/// A model that reads one of its own collections leniently: what it drops is not lost in
/// silence — `read(…, mode:)` lists it, whichever mode the caller chose.
@Suite struct LenientDropsTests {
    struct Tally: StorableDocument, Model {
        var counts: [Int]
        init(counts: [Int]) { self.counts = counts }
        init(from store: Store) throws {
            counts = try store.reading(.lenient).value(forKey: "counts")
        }
        func write(to store: inout Store) throws {
            try store.set(counts, forKey: "counts")
        }
    }

    @Test func dropsInsideInitFromAreListedForStrictCallersToo() throws {
        let stored: PlistValue = ["counts": [1, "two", 3]]
        let decoded = try Tally.read(value: stored, mode: .strict)
        #expect(decoded.value.counts == [1, 3])
        #expect(decoded.dropped.map(\.description) == ["counts.1: expected an integer (Int), found string \"two\""])
    }
}
