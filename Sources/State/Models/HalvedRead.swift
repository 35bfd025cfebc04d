import Foundation
import Synchronization

/// Reading the elements of one large collection of a parsed file in two halves at once.
///
/// Reading models is allocation-bound, one model at a time, and the elements of a collection
/// do not depend on each other: a second core halves the wait for a large file, as it does for
/// the value tree (`ValueBuilder`). One collection per file is read so, the first one met
/// (from the top) that holds at least `threshold` nodes and no element of which holds three
/// quarters of its nodes — a collection under a single huge element leaves the split to that
/// element. Everything the halves read is fresh (the file is only read), so what they make is
/// handed back whole; the results, the error thrown and the elements a lenient collection
/// drops are the same, and in the same order, as one thread reading them all.
///
/// Only a read on a thread of the program's own (not the main thread, and not inside a Swift
/// task) is split. A model's conformance may be isolated to an actor — an app's types are,
/// under default main-actor isolation — and its `init(from:)` must then run on that actor,
/// which the read was called on; such a conformance cannot be told from another at run time
/// (a cast to the protocol succeeds off the actor too), so a read that may be on an actor
/// stays on its thread.
@usableFromInline enum HalvedRead {
    /// The fewest nodes under a collection read in halves: some ten milliseconds of models,
    /// far more than waking a second thread costs.
    @usableFromInline static let threshold = 1 << 14

    /// How many collections were read in halves since the process started (for tests, which
    /// must know that what they compare was read so).
    static let splits = Atomic<Int>(0)

    /// Where the second half of the children of container `index` begins — the first child at
    /// or past half its nodes (never the first child) — as its position among them and its
    /// node index; nil when the collection is read on one thread. `sizes` gives each child's
    /// node count with its subtree, in order (a dictionary's members as the value tree has them,
    /// which may skip a key written twice). When it returns a place, the file's one split is
    /// taken, and `finish(_:)` must give it back.
    @usableFromInline static func secondHalf(of index: Int, in file: ParsedFile, sizes: [Int]) -> (position: Int, offset: Int)? {
        let total = sizes.reduce(0, +)
        guard Cores.available > 1, total >= threshold, sizes.count > 1, let largest = sizes.max(), largest * 4 < total * 3, mayLeaveThread else {
            return nil
        }
        var position = 0
        var offset = 0
        while position < sizes.count, offset < total / 2 {
            offset += sizes[position]
            position += 1
        }
        if position == 0 {
            offset = sizes[0]
            position = 1
        }
        guard position < sizes.count, file.takeSplit() else { return nil }
        splits.add(1, ordering: .relaxed)
        return (position, offset)
    }

    /// Whether the read may go on another thread besides this one: not on the main thread
    /// (the main actor's), and not inside a Swift task (which may be isolated to an actor).
    static var mayLeaveThread: Bool {
        !Thread.isMainThread && withUnsafeCurrentTask { $0 == nil }
    }

    /// Gives the file's split back after both halves are read.
    @usableFromInline static func finish(_ file: ParsedFile) {
        file.returnSplit()
    }

    /// The elements read by `first` on this thread and by `second` on another, in that order.
    /// The second half reads with a log of its own, whose drops follow the first half's in
    /// `context`'s log once both are done; an error of the first half is thrown before one of
    /// the second (which would not have been read).
    @usableFromInline static func read<T>(
        _ context: ReadContext, _ first: (ReadContext) throws -> [T], _ second: (ReadContext) throws -> [T]
    ) throws -> [T] {
        let own = context.withOwnLog()
        let results = try withoutActuallyEscaping(first) { first in
            try withoutActuallyEscaping(second) { second in
                let job = Job(first: { try first(context) }, second: { try second(own) })
                DispatchQueue.concurrentPerform(iterations: 2) { job.run($0) }
                return (try job.firstResult!.get(), try job.secondResult!.get())
            }
        }
        context.adoptDrops(of: own)
        return results.0 + results.1
    }

    /// The two halves and what they gave, each written by one thread and read after both are
    /// done (`concurrentPerform` returns only then). Unchecked: the closures and results are
    /// not `Sendable` in general (a model need not be), and each is touched by one thread at
    /// a time.
    private final class Job<T>: @unchecked Sendable {
        let first: () throws -> [T]
        let second: () throws -> [T]
        var firstResult: Result<[T], any Error>?
        var secondResult: Result<[T], any Error>?

        init(first: @escaping () throws -> [T], second: @escaping () throws -> [T]) {
            self.first = first
            self.second = second
        }

        func run(_ half: Int) {
            if half == 0 {
                firstResult = Result { try first() }
            } else {
                secondResult = Result { try second() }
            }
        }
    }
}
