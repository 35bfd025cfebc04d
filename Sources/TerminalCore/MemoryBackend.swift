/// A terminal that exists only in memory: a fixed size and color depth, scripted input, and the
/// last frame shown. Screen tests and the benchmark run the browser through it.
package final class MemoryBackend: TerminalBackend {
    package private(set) var size: (width: Int, height: Int)
    package let colorDepth: ColorDepth
    /// The frame on screen: what the last `present` left there.
    package private(set) var screen: ScreenBuffer
    /// Cells written by the last `present` (the diff at work).
    package private(set) var cellsWrittenLastFrame = 0
    package private(set) var framesPresented = 0
    package private(set) var clipboard: [String] = []
    package private(set) var suspensions = 0
    private var pending: [InputEvent] = []
    private var shown: ScreenBuffer?

    package init(width: Int, height: Int, colorDepth: ColorDepth = .trueColor) {
        size = (width, height)
        self.colorDepth = colorDepth
        screen = ScreenBuffer(width: width, height: height)
    }

    /// Queues input events for `nextEvent`.
    package func send(_ events: InputEvent...) { pending += events }
    package func send(keys: [Key]) { pending += keys.map { .key($0) } }

    /// Changes the size and queues the resize event a terminal would send.
    package func resize(width: Int, height: Int) {
        size = (width, height)
        pending.append(.resize(width: width, height: height))
    }

    package func present(_ frame: ScreenBuffer) {
        let changes = frame.changes(from: shown)
        cellsWrittenLastFrame = changes.reduce(0) { $0 + $1.cells.count }
        if shown?.width != frame.width || shown?.height != frame.height { screen = ScreenBuffer(width: frame.width, height: frame.height) }
        for change in changes {
            for (offset, cell) in change.cells.enumerated() { screen[change.x + offset, change.y] = cell }
        }
        screen.cursor = frame.cursor
        shown = frame
        framesPresented += 1
    }

    /// Scripted input never waits: the queue's next event, or nil (the end) once it is empty.
    package func nextEvent(timeout: Int?) -> InputEvent? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    package func copyToClipboard(_ text: String) { clipboard.append(text) }

    package func suspend() { suspensions += 1 }

    package func invalidate() { shown = nil }
}
