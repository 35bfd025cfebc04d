import Dispatch
import Foundation
import State
import Synchronization

/// The labels `state print` writes after nodes (`# ~ColorAsset : Asset`), guessed on the
/// machine's other cores while the printer writes: guessing costs about twice what printing
/// does, so one thread doing both would print at half the speed it can.
///
/// The node table is cut into chunks of consecutive nodes. The printer asks for labels in
/// document order; each chunk's labels are made by whoever gets to the chunk first — a worker
/// running ahead, or the printer itself when no worker has taken it yet — so the printer never
/// waits for work nobody is doing, and the first line is written as soon as the first chunk is
/// guessed. A node's label does not depend on which chunks were guessed before it
/// (`LazyInference` walks down from the root to wherever it is asked to start), so the output
/// is the same as one thread's, byte for byte. Workers stay at most `window` chunks ahead, so
/// memory holds a few chunks of labels, not the document's.
final class LabelPipeline: Sendable {
    /// Makes a labeler for one thread (a labeler keeps its own walk state).
    typealias Labeler = (Int) -> String?

    private struct Shared {
        /// The next chunk nobody has taken.
        var next = 0
        /// Labels made ahead of the printer, by chunk, until the printer takes them; whether a
        /// worker made them (and holds room for them).
        var finished: [Int: (labels: [String?], byWorker: Bool)] = [:]
    }

    /// What the printer does next to get a chunk's labels.
    private enum Step {
        case make, take([String?], byWorker: Bool), makeAhead(Int), wait
    }

    private let nodeCount: Int
    private let chunkSize: Int
    private let chunkCount: Int
    private let shared = Mutex(Shared())
    /// Signalled when a worker has put a chunk's labels in `finished`.
    private let done: [DispatchSemaphore]
    /// How many more chunks workers may take before the printer has used the ones they made.
    private let room: DispatchSemaphore
    /// How far ahead of the printer chunks are made.
    private let window: Int

    /// Starts `workers` threads guessing ahead and returns the printer's labeler; a plain
    /// labeler, with no threads, when the document is too small for them to pay or there is
    /// no other core. Workers end once every chunk has been taken; a printer that stops early
    /// (a closed pipe) leaves them waiting for room, which only a process that is ending does.
    static func start(
        nodeCount: Int, workers: Int = min(Cores.available - 1, 7), chunkSize: Int = 1 << 15, makeLabeler: @escaping @Sendable () -> Labeler
    ) -> (Int) -> String? {
        guard workers > 0, nodeCount > 2 * chunkSize else { return makeLabeler() }
        let pipeline = LabelPipeline(nodeCount: nodeCount, chunkSize: chunkSize, window: 2 * workers + 2)
        for _ in 0..<workers {
            Thread { pipeline.work(makeLabeler()) }.start()
        }
        return pipeline.reader(makeLabeler())
    }

    private init(nodeCount: Int, chunkSize: Int, window: Int) {
        self.nodeCount = nodeCount
        self.chunkSize = chunkSize
        chunkCount = (nodeCount + chunkSize - 1) / chunkSize
        done = (0..<chunkCount).map { _ in DispatchSemaphore(value: 0) }
        room = DispatchSemaphore(value: window)
        self.window = window
    }

    private func labels(of chunk: Int, _ labeler: Labeler) -> [String?] {
        let start = chunk * chunkSize
        return (start..<min(start + chunkSize, nodeCount)).map(labeler)
    }

    /// A worker: takes the next chunk while there is room ahead of the printer.
    private func work(_ labeler: Labeler) {
        while true {
            room.wait()
            let chunk: Int? = shared.withLock { shared in
                guard shared.next < chunkCount else { return nil }
                defer { shared.next += 1 }
                return shared.next
            }
            guard let chunk else {
                room.signal()  // for the other workers on their way out
                return
            }
            let made = labels(of: chunk, labeler)
            shared.withLock { $0.finished[chunk] = (made, true) }
            done[chunk].signal()
        }
    }

    /// The printer's side: nodes asked for in increasing order.
    private func reader(_ labeler: @escaping Labeler) -> (Int) -> String? {
        Reader(pipeline: self, labeler: labeler).label
    }

    /// Where the printer is: the chunk it reads and that chunk's labels. Asked once a node,
    /// from the printer's thread alone — so its fields skip the run-time exclusivity checks
    /// that captured variables get (a tenth of the printer's time on a large file).
    private final class Reader {
        let pipeline: LabelPipeline
        let labeler: Labeler
        @exclusivity(unchecked) var current = -1
        @exclusivity(unchecked) var base = 0
        @exclusivity(unchecked) var labels: [String?] = []

        init(pipeline: LabelPipeline, labeler: @escaping Labeler) {
            self.pipeline = pipeline
            self.labeler = labeler
        }

        func label(_ node: Int) -> String? {
            let chunk = node / pipeline.chunkSize
            // Asked out of order (not what a printer does): guessed on the spot.
            if chunk < current { return labeler(node) }
            if chunk != current {
                current = chunk
                base = chunk * pipeline.chunkSize
                labels = pipeline.labels(for: chunk, labeler)
            }
            let i = node - base
            return i < labels.count ? labels[i] : labeler(node)
        }
    }

    /// The labels of the chunk the printer has reached: made now when nobody has taken it,
    /// taken when made ahead; while a worker is still on it, the printer makes the next chunk
    /// nobody has taken (so neither thread idles while the other has work), then looks again.
    /// The printer's own chunks come in increasing order, as its labeler needs.
    private func labels(for chunk: Int, _ labeler: Labeler) -> [String?] {
        while true {
            let step = shared.withLock { shared -> Step in
                if chunk >= shared.next {
                    shared.next = chunk + 1
                    return .make
                }
                if let made = shared.finished.removeValue(forKey: chunk) { return .take(made.labels, byWorker: made.byWorker) }
                if shared.next < chunkCount, shared.next < chunk + window {
                    defer { shared.next += 1 }
                    return .makeAhead(shared.next)
                }
                return .wait
            }
            switch step {
            case .make:
                return labels(of: chunk, labeler)
            case .take(let made, let byWorker):
                if byWorker { room.signal() }
                return made
            case .makeAhead(let ahead):
                let made = labels(of: ahead, labeler)
                shared.withLock { $0.finished[ahead] = (made, false) }
            case .wait:
                done[chunk].wait()
            }
        }
    }
}
