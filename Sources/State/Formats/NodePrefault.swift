import Foundation
import Synchronization

/// Makes a large parse's node table writable ahead of the parser, on another core. A page of
/// memory costs its first touch — a fault, and a page of zeros — and on the machines this was
/// measured on that touch was most of the system time of reading a 1 GB file: 400 000 faults,
/// 1.6 s, beside 1.4 s of parsing. The table is reserved at its largest and filled in order,
/// so another core can fault its pages in (`MADV_POPULATE_WRITE`, which never changes what a
/// page holds) a little ahead of where the parser writes, and the parser finds them there.
///
/// The parser says how far it has come now and then (`report`, at a container's end: cheap,
/// and frequent in any file with structure); the helper stays a little ahead of that, so the
/// memory it faults in is memory the table is about to use, not the whole reservation.
/// Linux only (macOS has no such call; there `start` gives nil); a kernel without it (before
/// 5.14) refuses the first call, and the helper stops.
final class NodePrefault: @unchecked Sendable {
    /// How far ahead of the parser pages are faulted in: an eighth of what the parser has
    /// written, within these bounds — so that what is faulted in past the table's end when
    /// the parse ends is a small part of the table — and how much at a time.
    static let leastLead = 8 << 20
    static let mostLead = 64 << 20
    static let step = 4 << 20
    /// Tables reserved smaller than this are left to the parser: measured on a 100 MB file
    /// (a 200–300 MB reservation), the helper won nothing the machine's noise did not hide,
    /// and its lead showed in the peak; on a 1 GB file it takes a quarter off reading and
    /// parsing (medians of eight runs, 2.57 → 1.93 s).
    static let smallest = 512 << 20

    private let base: UInt
    private let end: UInt
    /// Nodes written so far, as the parser last said.
    private let written = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// The node count from which the parser next reports.
    private(set) var nextReport = 0

    private init(base: UInt, end: UInt) {
        self.base = base
        self.end = end
    }

    /// A helper for the node table `nodes` (its reserved capacity), running; nil when the
    /// table is small or the platform has no way to fault pages in.
    static func start(for nodes: inout [SourceNode], smallest: Int = NodePrefault.smallest) -> NodePrefault? {
        #if os(Linux)
            let bytes = nodes.capacity * MemoryLayout<SourceNode>.stride
            guard bytes >= smallest, Cores.available > 1, nodes.isEmpty else { return nil }
            // The table's storage, whose capacity the parser fills in order; only the kernel
            // touches it here, never Swift.
            guard let address = nodes.withUnsafeMutableBufferPointer({ $0.baseAddress }) else { return nil }
            let start = UInt(bitPattern: address)
            let helper = NodePrefault(base: (start + 4095) & ~4095, end: (start + UInt(bytes)) & ~4095)
            Thread.detachNewThread { helper.run() }
            return helper
        #else
            return nil
        #endif
    }

    /// The parser has written `count` nodes.
    @inline(__always) func report(_ count: Int) {
        guard count >= nextReport else { return }
        written.store(count, ordering: .relaxed)
        nextReport = count + 65_536
    }

    /// The parse is over (done or failed): the helper stops, and is waited for, so that it
    /// never touches the table after the parser has given it away.
    func finish() {
        // Once: the helper signals its end once.
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        finished.wait()
    }

    private func run() {
        defer { finished.signal() }
        #if os(Linux)
            var populated = base
            // Waits of half a millisecond with nothing new said: after two seconds of them
            // the parser is not reporting (a flat list has no container ends), or was never
            // run, and the helper leaves.
            var idle = 0
            while !stopped.load(ordering: .relaxed), populated < end, idle < 4000 {
                let done = written.load(ordering: .relaxed) * MemoryLayout<SourceNode>.stride
                let target = min(end, base + UInt(done + min(Self.mostLead, max(Self.leastLead, done / 8))))
                let length = populated < target ? min(UInt(Self.step), target - populated) & ~4095 : 0
                guard length > 0 else {
                    usleep(500)
                    idle += 1
                    continue
                }
                idle = 0
                // MADV_POPULATE_WRITE (23; Glibc's headers may not name it yet).
                guard madvise(UnsafeMutableRawPointer(bitPattern: populated), Int(length), 23) == 0 else { return }
                populated += length
            }
        #endif
    }
}
