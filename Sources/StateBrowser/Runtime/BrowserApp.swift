import Foundation
import State
import StateDocument
import StateSchema
import TerminalCore

/// The runtime: shows the state, waits for input, hands every message to `update`, and
/// performs the effects it returns — until quit or the end of input. The only place where the
/// browser meets a terminal (through the backend protocol) or the file system.
///
/// It changes the state only through `update`: input, finished background jobs and the
/// outcomes of file effects all arrive there as messages. Slow work (the whole schema check of
/// a large file, searches) runs in the background; while a job runs, input is read with a
/// timeout so its result is shown as soon as it is there.
package struct BrowserApp {
    package private(set) var state: BrowserState
    let backend: any TerminalBackend
    private var check: (generation: Int, job: BackgroundJob<TypedDocument>)?
    private var search: (query: BrowserState.Search.Query, generation: Int, job: BackgroundJob<[Int32]>)?
    private var lines: BackgroundJob<LineIndex>?
    /// How long to wait for a key while a job runs before looking at it again.
    static let pollMilliseconds = 50
    /// How long to wait for a new job before drawing: short jobs land in the same frame.
    static let graceMilliseconds = 4

    package init(state: BrowserState, backend: any TerminalBackend) {
        self.state = state
        self.backend = backend
        let size = backend.size
        _ = send(.started(width: size.width, height: size.height))
    }

    /// Runs until quit or end of input.
    package mutating func run() {
        while step() {}
    }

    /// Draws, reads one event, and handles it; false when the browser is done.
    @discardableResult
    package mutating func step() -> Bool {
        backend.present(BrowserView.render(state))
        guard let event = backend.nextEvent(timeout: isBusy ? Self.pollMilliseconds : nil) else { return false }
        guard takeFinishedJobs(waiting: 0) else { return false }
        return send(.input(event))
    }

    /// Updates the state with `message` and performs the effects; false on quit.
    @discardableResult
    package mutating func send(_ message: BrowserMessage) -> Bool {
        execute(state.update(message))
    }

    /// Performs effects in order; false on quit. A file effect's outcome goes back through
    /// `update` at once, and what that returns is performed before the next effect.
    private mutating func execute(_ effects: [Effect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit: return false
            case .copy(let text): backend.copyToClipboard(text)
            case .suspend: backend.suspend()
            case .redraw: backend.invalidate()
            case .search(let query, let generation):
                let document = state.document
                guard document.generation == generation else { continue }
                search = (query, generation, BackgroundJob { BrowserState.matches(of: query, in: document) })
                guard takeFinishedJobs(waiting: Self.graceMilliseconds) else { return false }
            case .indexLines(let generation):
                let document = state.document
                guard document.generation == generation else { continue }
                lines = BackgroundJob { LineIndex(tree: document.tree, generation: generation) }
                guard takeFinishedJobs(waiting: Self.graceMilliseconds) else { return false }
            case .check(let generation):
                let document = state.document
                guard document.generation == generation else { continue }
                check = (generation, BackgroundJob { document.fullCheck() })
                guard takeFinishedJobs(waiting: Self.graceMilliseconds) else { return false }
            case .save, .saveFolder, .reload, .open:
                guard send(Self.outcome(of: effect)) else { return false }
            }
        }
        return true
    }

    /// Performs a file effect (`.save`, `.reload`) and says what came of it. Nothing is written
    /// when it fails.
    package static func outcome(of effect: Effect) -> BrowserMessage {
        switch effect {
        case .save(let request):
            do {
                let written = try request.file.save(request.bytes, overwritingChanges: request.overwritingChanges)
                return .saved(request, file: written.document, notes: written.notes)
            } catch is ChangedOnDiskError {
                return .changedOnDisk(request)
            } catch {
                return .saveFailed(request, reason: "\(error)")
            }
        case .saveFolder(let save):
            return .folderSaved(save, outcomes: save.perform())
        case .reload(let file):
            do {
                let (read, tree) = try OpenDocument.read(file.url)
                return .reloaded(read, tree)
            } catch {
                return .reloadFailed("\(error)")
            }
        case .open(let url):
            do {
                let (read, tree) = try OpenDocument.read(url)
                let document = try BrowserDocument.open(tree, from: url, displayName: url.lastPathComponent, deferCheck: true)
                return .opened(read, document)
            } catch {
                return .openFailed("\(url.path): \(error)")
            }
        default:
            preconditionFailure("not a file effect: \(effect)")
        }
    }

    /// True while a background job runs.
    package var isBusy: Bool { check != nil || search != nil || lines != nil }

    /// Blocks until the background jobs are done and hands their results to `update` (tests,
    /// benchmarks); false if that quit.
    @discardableResult
    package mutating func waitForJobs() -> Bool {
        while let (generation, job) = check {
            check = nil
            guard send(.checkFinished(job.wait(), generation: generation)) else { return false }
        }
        while let (query, generation, job) = search {
            search = nil
            guard send(.searchFinished(query, matches: job.wait(), generation: generation)) else { return false }
        }
        while let job = lines {
            lines = nil
            guard send(.linesIndexed(job.wait())) else { return false }
        }
        return true
    }

    /// Hands finished jobs to `update`; false if that quit.
    private mutating func takeFinishedJobs(waiting milliseconds: Int) -> Bool {
        if let (generation, job) = check, let typed = job.result(waitingUpTo: milliseconds) {
            check = nil
            guard send(.checkFinished(typed, generation: generation)) else { return false }
        }
        if let (query, generation, job) = search, let matches = job.result(waitingUpTo: milliseconds) {
            search = nil
            guard send(.searchFinished(query, matches: matches, generation: generation)) else { return false }
        }
        if let job = lines, let index = job.result(waitingUpTo: milliseconds) {
            lines = nil
            guard send(.linesIndexed(index)) else { return false }
        }
        return true
    }
}
