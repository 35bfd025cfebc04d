import TerminalCore

/// The runtime: shows the state, waits for input, updates, performs the effects — until quit
/// or the end of input. The only place where the browser meets a terminal, and only through
/// the backend protocol.
public struct BrowserApp {
    public private(set) var state: BrowserState
    let backend: any TerminalBackend

    public init(state: BrowserState, backend: any TerminalBackend) {
        self.state = state
        self.backend = backend
        let size = backend.size
        _ = self.state.update(.resize(width: size.width, height: size.height))
    }

    /// Runs until quit or end of input.
    public mutating func run() {
        while step() {}
    }

    /// Draws, reads one event, and handles it; false when the browser is done.
    @discardableResult
    public mutating func step() -> Bool {
        backend.present(BrowserView.render(state))
        guard let event = backend.nextEvent() else { return false }
        for effect in state.update(event) {
            switch effect {
            case .quit: return false
            case .copy(let text): backend.copyToClipboard(text)
            case .suspend: backend.suspend()
            case .redraw: backend.invalidate()
            }
        }
        return true
    }
}
