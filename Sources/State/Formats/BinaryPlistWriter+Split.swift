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

    /// The second core's share of a split: the split container's children from the cut on,
    /// each flattened by a flattener of its own. Whoever comes first takes the work: the
    /// thread started for it, or the walk on the first core when it reaches the cut before
    /// that thread has begun (so a busy thread pool never leaves the walk waiting on a job
    /// nobody runs).
    final class Handoff: @unchecked Sendable {
        private enum Claim { case open, running, taken }

        private let container: PlistValue
        private let keepsNull: Bool
        private let claim = Mutex(Claim.open)
        private let finished = DispatchSemaphore(value: 0)
        /// Written by the thread that claimed the work, read after `finished` (or by that
        /// same thread).
        private var result: Result<(flattener: Flattener, roots: [Int]), Error>?
        /// Whether the walk has taken the work or settled it (the walk's thread only).
        private var delivered = false
        /// The first of the split container's children that this share holds.
        let cut: Int

        init(container: PlistValue, cut: Int, keepsNull: Bool) {
            self.container = container
            self.cut = cut
            self.keepsNull = keepsNull
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
                result = run()
                finished.signal()
            }
        }

        /// The flattened children from the cut on, and each one's object in that flattener:
        /// made here if the other thread has not begun, else waited for.
        func take() -> Result<(flattener: Flattener, roots: [Int]), Error> {
            precondition(!delivered, "the second core's share is taken once")
            delivered = true
            let mine = claim.withLock { state in
                guard state == .open else { return false }
                state = .taken
                return true
            }
            if mine { return run() }
            finished.wait()
            return result!
        }

        /// Makes sure no thread is still at the work once the walk is over (it may have
        /// stopped early, on an error): nothing to do if the walk took it; taken away if
        /// nobody began it; else waited for.
        func settle() {
            guard !delivered else { return }
            let running = claim.withLock { state in
                if state == .open { state = .taken }
                return state == .running
            }
            if running { finished.wait() }
            delivered = true
        }

        private func run() -> Result<(flattener: Flattener, roots: [Int]), Error> {
            Result {
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
