import StateSchema
import TerminalCore

/// The runtime: shows the state, waits for input, updates, performs the effects — until quit
/// or the end of input. The only place where the browser meets a terminal, and only through
/// the backend protocol.
///
/// It also runs the slow work in the background: the whole schema check when the document was
/// opened with its check deferred, and searches. While a job runs, input is read with a timeout
/// so its result is shown as soon as it is there.
public struct BrowserApp {
    public private(set) var state: BrowserState
    let backend: any TerminalBackend
    private var check: BackgroundJob<TypedDocument>?
    private var search: (query: BrowserState.Search.Query, job: BackgroundJob<[Int32]>)?
    /// How long to wait for a key while a job runs before looking at it again.
    static let pollMilliseconds = 50
    /// How long to wait for a new job before drawing: short jobs land in the same frame.
    static let graceMilliseconds = 4

    public init(state: BrowserState, backend: any TerminalBackend) {
        self.state = state
        self.backend = backend
        let size = backend.size
        _ = self.state.update(.resize(width: size.width, height: size.height))
        if state.document.isCheckPending {
            let document = state.document
            check = BackgroundJob { document.fullCheck() }
            takeFinishedJobs(waiting: Self.graceMilliseconds)
        }
    }

    /// Runs until quit or end of input.
    public mutating func run() {
        while step() {}
    }

    /// Draws, reads one event, and handles it; false when the browser is done.
    @discardableResult
    public mutating func step() -> Bool {
        backend.present(BrowserView.render(state))
        guard let event = backend.nextEvent(timeout: isBusy ? Self.pollMilliseconds : nil) else { return false }
        takeFinishedJobs(waiting: 0)
        for effect in state.update(event) {
            switch effect {
            case .quit: return false
            case .copy(let text): backend.copyToClipboard(text)
            case .suspend: backend.suspend()
            case .redraw: backend.invalidate()
            case .search(let query):
                let document = state.document
                search = (query, BackgroundJob { BrowserState.matches(of: query, in: document) })
                takeFinishedJobs(waiting: Self.graceMilliseconds)
            }
        }
        return true
    }

    /// True while a background job runs.
    public var isBusy: Bool { check != nil || search != nil }

    /// Blocks until the background jobs are done and takes their results (tests, benchmarks).
    public mutating func waitForJobs() {
        if let check { state.finishCheck(check.wait()) }
        if let search { state.finishSearch(search.query, matches: search.job.wait()) }
        check = nil
        search = nil
    }

    private mutating func takeFinishedJobs(waiting milliseconds: Int) {
        if let job = check, let typed = job.result(waitingUpTo: milliseconds) {
            state.finishCheck(typed)
            check = nil
        }
        if let (query, job) = search, let matches = job.result(waitingUpTo: milliseconds) {
            state.finishSearch(query, matches: matches)
            search = nil
        }
    }
}
