import Foundation
import Synchronization

extension BinaryPlistWriter {
    /// Where a large value is shared out between two cores when it is flattened: the path of
    /// child positions from the top to a container, and the first of that container's
    /// children that the second core flattens (it takes them all from there on).
    ///
    /// Found as the value builder finds its cut (see `ValueBuilder`), but a value has no
    /// subtree sizes: each child is weighed by its own children and theirs (two levels), the
    /// walk goes down into any child weighing three quarters of its parent (or into the
    /// heaviest while the children weigh too little between them), and the children
    /// of the container it stops at are cut where half their weight is reached (the merge
    /// waits for both halves, so equal halves finish first). A poor guess
    /// costs speed only: the file is the same wherever the cut falls.
    struct Split {
        var path: [Int]
        var container: PlistValue
        var cut: Int

        /// The split of `value`, or nil when it is too small to be worth a second thread (an
        /// estimated `minimum` objects) or has no container with two children to share.
        static func find(in value: PlistValue, minimum: Int = 20_000) -> Split? {
            var current = value
            var path: [Int] = []
            for _ in 0..<64 {
                let weights: [Int]
                switch current {
                case .array(let items): weights = items.map(weight)
                case .dictionary(let dict): weights = dict.values.map(weight)
                default: return nil
                }
                let total = weights.reduce(0, +)
                // Down into the heaviest child when it holds most of the weight — or when all
                // of them together weigh too little to share out: two levels do not see a
                // deep tree's bulk (a file's top dictionary over one `domains` over one
                // `groups`).
                if let heaviest = weights.indices.max(by: { weights[$0] < weights[$1] }), weights[heaviest] * 4 > total * 3 || total < minimum {
                    path.append(heaviest)
                    current = child(of: current, at: heaviest)
                    continue
                }
                guard weights.count > 1 else { return nil }
                var cut = 1
                var reached = weights[0]
                while cut < weights.count - 1, reached < total / 2 {
                    reached += weights[cut]
                    cut += 1
                }
                return Split(path: path, container: current, cut: cut)
            }
            return nil
        }

        /// A value's weight: itself, its children and theirs.
        private static func weight(_ value: PlistValue) -> Int {
            switch value {
            case .array(let items): 1 + items.reduce(0) { $0 + 1 + $1.childCount }
            case .dictionary(let dict): 1 + dict.values.reduce(0) { $0 + 1 + $1.childCount }
            default: 1
            }
        }

        static func child(of container: PlistValue, at index: Int) -> PlistValue {
            switch container {
            case .array(let items): items[index]
            case .dictionary(let dict): dict.values[index]
            default: preconditionFailure("not a container")
            }
        }
    }

    /// The second core's share of a split, flattened (by a flattener of its own) and each
    /// of the split container's children from the cut on, by its object in that flattener.
    typealias Share = (flattener: Flattener, roots: [Int])

    /// The second core's share of a split of a value: the split container's children from
    /// the cut on.
    static func handoff(container: PlistValue, cut: Int, keepsNull: Bool) -> Handoff<Share> {
        Handoff {
            var flattener = Flattener()
            flattener.keepsNull = keepsNull
            var roots: [Int] = []
            switch container {
            case .array(let items):
                roots.reserveCapacity(items.count - cut)
                for i in cut..<items.count { roots.append(try WriteError.within(.index(i)) { try flattener.add(items[i]) }) }
            case .dictionary(let dict):
                roots.reserveCapacity(dict.count - cut)
                for i in cut..<dict.count { roots.append(try WriteError.within(.key(dict.keys[i])) { try flattener.add(dict.values[i]) }) }
            default:
                preconditionFailure("not a container")
            }
            return (flattener, roots)
        }
    }
}

/// Work offered to a second thread while the first goes on with its own — the second core's
/// share of a split. Whoever comes first does it: the thread started for it, or the first
/// thread when it needs the result before that thread has begun (so a busy thread pool
/// never leaves it waiting on work nobody runs).
final class Handoff<Output>: @unchecked Sendable {
    private enum Claim { case open, running, taken }

    private let work: () throws -> Output
    private let claim = Mutex(Claim.open)
    private let finished = DispatchSemaphore(value: 0)
    /// Written by the thread that claimed the work, read after `finished` (or by that same
    /// thread).
    private var result: Result<Output, Error>?
    /// Whether the first thread has taken the result or settled the work (that thread only).
    private var delivered = false

    /// `work` must be safe to run on another thread while its caller goes on.
    init(_ work: @escaping () throws -> Output) {
        self.work = work
    }

    /// Offers the work to another thread.
    func start() {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard
                claim.withLock({ state in
                    guard state == .open else { return false }
                    state = .running
                    return true
                })
            else { return }
            result = Result(catching: work)
            finished.signal()
        }
    }

    /// The work's result: made here if the other thread has not begun, else waited for.
    func take() -> Result<Output, Error> {
        precondition(!delivered, "a handoff's result is taken once")
        delivered = true
        let mine = claim.withLock { state in
            guard state == .open else { return false }
            state = .taken
            return true
        }
        if mine { return Result(catching: work) }
        finished.wait()
        return result!
    }

    /// Makes sure no thread is still at the work once the first thread is done with it (it
    /// may have stopped early, on an error): nothing to do if it took the result; taken away
    /// if nobody began it; else waited for.
    func settle() {
        guard !delivered else { return }
        let running = claim.withLock { state in
            if state == .open { state = .taken }
            return state == .running
        }
        if running { finished.wait() }
        delivered = true
    }
}

extension BinaryPlistWriter.Flattener {
    /// The second core's share of a split, merged: its scalars are found through its own
    /// tables, each under the number it was given in the merge.
    final class MergedShare {
        let flattener: BinaryPlistWriter.Flattener
        let renumbered: [UInt32]

        init(flattener: BinaryPlistWriter.Flattener, renumbered: [UInt32]) {
            self.flattener = flattener
            self.renumbered = renumbered
        }

        func string(utf8 text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            flattener.storedString(utf8: text, hash: hash).map { Int(renumbered[$0]) }
        }

        func number(_ key: BitsTable.Key) -> Int? {
            flattener.numbers.find(key).map { Int(renumbered[$0]) }
        }
    }
}

/// A Bloom filter of 64-bit hashes, by default in 512 KB (it stays in a core's cache): "no"
/// is certain, "maybe" is wrong for a few percent of the hashes never inserted, at a few
/// hundred thousand inserted.
struct SeenFilter {
    private var words: [UInt64]
    private let mask: Int

    /// A filter of 2^`bits` bits (at least 64).
    init(bits: Int = 22) {
        let bits = max(bits, 6)
        words = [UInt64](repeating: 0, count: 1 << (bits - 6))
        mask = (1 << bits) - 1
    }

    mutating func insert(_ hash: UInt64) {
        let (a, b) = positions(hash)
        words.withUnsafeMutableBufferPointer { words in
            words[a >> 6] |= 1 << UInt64(a & 63)
            words[b >> 6] |= 1 << UInt64(b & 63)
        }
    }

    func mayContain(_ hash: UInt64) -> Bool {
        let (a, b) = positions(hash)
        return words[a >> 6] & (1 << UInt64(a & 63)) != 0 && words[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    /// Two bit positions from the hash's two halves.
    @inline(__always) private func positions(_ hash: UInt64) -> (Int, Int) {
        (Int(truncatingIfNeeded: hash) & mask, Int(truncatingIfNeeded: hash >> 32) & mask)
    }
}

extension PlistValue {
    /// How many children a container has; 0 for a scalar.
    fileprivate var childCount: Int {
        switch self {
        case .array(let items): items.count
        case .dictionary(let dict): dict.count
        default: 0
        }
    }
}
