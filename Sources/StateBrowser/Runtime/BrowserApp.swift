import Foundation
import State
import StateDocument
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
    /// The file on disk the session saves to (nil: an in-memory document that cannot be saved).
    public private(set) var file: OpenDocument?
    private var check: (generation: Int, job: BackgroundJob<TypedDocument>)?
    private var search: (query: BrowserState.Search.Query, job: BackgroundJob<[Int32]>)?
    /// How long to wait for a key while a job runs before looking at it again.
    static let pollMilliseconds = 50
    /// How long to wait for a new job before drawing: short jobs land in the same frame.
    static let graceMilliseconds = 4

    public init(state: BrowserState, backend: any TerminalBackend, file: OpenDocument? = nil) {
        self.state = state
        self.backend = backend
        self.file = file
        let size = backend.size
        _ = self.state.update(.resize(width: size.width, height: size.height))
        if state.document.isCheckPending { startCheck() }
    }

    private mutating func startCheck() {
        let document = state.document
        check = (document.generation, BackgroundJob { document.fullCheck() })
        takeFinishedJobs(waiting: Self.graceMilliseconds)
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
        return perform(state.update(event))
    }

    /// Performs effects in order; false on quit. A failed save drops the effects after it, so
    /// "save and quit" does not quit with the edits unsaved.
    public mutating func perform(_ effects: [Effect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit: return false
            case .copy(let text): backend.copyToClipboard(text)
            case .suspend: backend.suspend()
            case .redraw: backend.invalidate()
            case .search(let query):
                let document = state.document
                search = (query, BackgroundJob { BrowserState.matches(of: query, in: document) })
                takeFinishedJobs(waiting: Self.graceMilliseconds)
            case .check:
                startCheck()
            case .save(let overwrite):
                let outcome = save(overwrite: overwrite)
                state.finishFile(outcome)
                if case .saved = outcome {} else { return true }
            case .saveAs(let path, let format):
                let outcome = saveAs(path, format: format)
                state.finishFile(outcome)
                if case .savedAs = outcome {} else { return true }
            case .reload:
                state.finishFile(reload())
            }
        }
        return true
    }

    // MARK: - Files

    private mutating func save(overwrite: Bool) -> FileOutcome {
        guard var file else { return .failed("this document has no file (:w FILE saves it as one)") }
        file.session = state.session
        if !overwrite, file.changedOnDisk { return .changedOnDisk }
        do {
            try file.save(overwritingChanges: overwrite)
        } catch {
            return .failed("\(error)")
        }
        self.file = file
        return .saved(bytes: file.session.bytes.count)
    }

    private mutating func saveAs(_ path: String, format: PlistFormat) -> FileOutcome {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var document = file ?? OpenDocument(url: url, session: state.session, stamp: nil)
        document.session = state.session
        var warnings: [PlistWarning] = []
        do {
            try document.save(as: url, format: format, warnings: &warnings)
        } catch {
            return .failed("\(error)")
        }
        file = document
        return .savedAs(session: document.session, fileName: path, warnings: warnings.map { "\($0)" })
    }

    private mutating func reload() -> FileOutcome {
        guard var file else { return .failed("this document has no file to reload") }
        do {
            try file.reload()
        } catch {
            return .failed("\(error)")
        }
        self.file = file
        return .reloaded(file.session)
    }

    /// True while a background job runs.
    public var isBusy: Bool { check != nil || search != nil }

    /// Blocks until the background jobs are done and takes their results (tests, benchmarks).
    public mutating func waitForJobs() {
        if let check { state.finishCheck(check.job.wait(), generation: check.generation) }
        if let search { state.finishSearch(search.query, matches: search.job.wait()) }
        check = nil
        search = nil
    }

    private mutating func takeFinishedJobs(waiting milliseconds: Int) {
        if let (generation, job) = check, let typed = job.result(waitingUpTo: milliseconds) {
            state.finishCheck(typed, generation: generation)
            check = nil
        }
        if let (query, job) = search, let matches = job.result(waitingUpTo: milliseconds) {
            state.finishSearch(query, matches: matches)
            search = nil
        }
    }
}
