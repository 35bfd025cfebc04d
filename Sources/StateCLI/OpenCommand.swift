import ArgumentParser
import AssetLibraryExample
import Foundation
import State
import StateBrowser
import StateDocument
import TerminalCore
import TerminalNCurses

/// `state [FILE]` (the default subcommand): browse a model file, or the bundled Asset Library
/// example when no file is given.
///
/// When standard output is not a terminal (a pipe, a file) it prints the tree as `state print`
/// does instead, so `state FILE | less` still shows something useful.
///
/// `state -`, or `state` with no file and standard input a pipe (`cat f.plist | state`),
/// browses what was piped in: the pipe is read to its end, then keys come from the terminal
/// (`/dev/tty`), as less and jless do. Such a document has no file: `:w FILE` saves it.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse a model file (default: the bundled Asset Library example).",
        discussion: """
            Keys: ? in the browser lists them all. Themes: dark, light, high-contrast, monochrome, or \
            a theme file. Without --theme: $STATE_THEME, else the theme of \
            ~/.config/state/config.plist, else light or dark after the terminal's background \
            (asked with OSC 11), else dark. NO_COLOR turns colors off. The mouse: the wheel scrolls \
            the pane under it, a click selects, a click on ▸/▾ or a double click expands or \
            collapses; hold Shift for the terminal's own selection, or --no-mouse.
            """
    )

    @Argument(help: "The model file to open (XML or binary plist, JSON, JSONC, OpenStep); - reads standard input.")
    var file: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(
        help:
            "The theme: a name (dark, light, high-contrast, monochrome, or NAME.plist in $STATE_THEMES or ~/.config/state/themes) or a path to a theme file. Default: see below."
    )
    var theme: String?

    @Flag(help: "Leave the mouse to the terminal (its own selection); also $STATE_MOUSE=off, or mouse false in the config file.")
    var noMouse = false

    func run() throws {
        let piped = file == "-" || (file == nil && Self.standardInputIsPiped)
        let input = InputFile(piped ? "-" : try file ?? Self.sampleFile().path)
        let url = input.url
        // Standard input is read once, here, whatever happens next.
        let pipedTree = piped ? try input.readTree() : nil
        let folderURL = !piped && url.map(FolderFiles.isFolder) == true ? url : nil
        func printTree() throws {
            if folderURL != nil { return try PrintCommand.printFolder(input.argument, schemaOptions: schemaOptions, raw: false) }
            try PrintCommand.print(pipedTree ?? input.readTree(), input: input, schemaOptions: schemaOptions, raw: false)
        }
        guard isatty(STDOUT_FILENO) == 1, piped || isatty(STDIN_FILENO) == 1 else { return try printTree() }
        if piped {
            // The document came through standard input: take keys from the terminal instead.
            let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard terminal >= 0, dup2(terminal, STDIN_FILENO) >= 0 else {
                StandardStream.error.write("state: no terminal to read keys from (standard input is the document); state print - prints it\n")
                throw ExitCode(1)
            }
            close(terminal)
        }
        let environment = ProcessInfo.processInfo.environment
        // A TERM without a usable entry falls back to the closest one that exists; one that
        // cannot address the cursor (dumb) gets the tree printed, never a blank screen.
        let terminalType: String
        var terminalNotice: String?
        switch TerminalType.choose(term: environment["TERM"]) {
        case .unusable(let why):
            try printTree()
            // After the tree, where it is seen.
            StandardStream.error.write("state: \(why); printed the tree instead (as state print does)\n")
            return
        case .use(let name, let notice):
            // A terminal that says it has 24-bit color gets it, through the `-direct` entry.
            terminalType = TerminalType.directColorEntry(for: name, environment: environment) ?? name
            terminalNotice = notice
            if let notice { StandardStream.error.write("state: note: \(notice)\n") }
        }
        // Everything that can fail is done before the terminal is taken over, so errors are
        // printed on a normal screen.
        let themeFile: ThemeFile
        let mouse: Bool
        do {
            mouse = try ThemeChoice.mouse(option: noMouse, environment: environment)
            // The terminal is asked only when it will show the browser (and has colors).
            let asks = isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
            let name = try ThemeChoice.name(
                option: theme, environment: environment, background: { asks ? TerminalBackground.query() : nil }, isLight: TerminalBackground.isLight)
            themeFile = try ThemeLoader.load(name, environment: environment)
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badInput)
        }
        let document: BrowserDocument
        // Taken before the read: a save refuses to overwrite a file changed on disk after it.
        let stamp = folderURL == nil ? url.flatMap { AtomicFile.stamp(of: $0) } : nil
        var folder: FolderDocument?
        do {
            if let folderURL {
                // A folder: its files as one document (each keeps its own stamp for its save).
                let (opened, tree) = try FolderDocument.open(folderURL)
                folder = opened
                document = try BrowserDocument.open(tree, from: nil, displayName: folderURL.lastPathComponent + "/", discoversSchema: false, deferCheck: true)
            } else {
                let schemaURL = schemaOptions.schema.map { URL(fileURLWithPath: $0) }
                // The whole schema check of a large file takes seconds: the browser draws from a quick
                // pass over the top of the tree and finishes the check in the background.
                let tree = try pipedTree ?? SourceTree(contentsOf: url!)
                document = try BrowserDocument.open(
                    tree, from: url, displayName: piped || file != nil ? input.name : url!.lastPathComponent, schema: schemaURL, root: schemaOptions.root,
                    discoversSchema: !schemaOptions.noSchema, deferCheck: true)
            }
        } catch {
            throw CommandFailure.report(error, file: url?.path ?? input.name, code: CommandFailure.badInput)
        }
        guard let terminal = NCursesTerminal(type: terminalType, environment: environment, mouse: mouse) else {
            StandardStream.error.write("state: the terminal (\(terminalType)) could not be started\n")
            throw ExitCode(1)
        }
        defer { terminal.end() }
        let size = terminal.size
        let state = BrowserState(
            document: document, width: size.width, height: size.height,
            theme: try themeFile.theme(), colorDepth: terminal.colorDepth,
            file: folder != nil
                ? nil : url.map { OpenDocument(url: $0, stamp: stamp?.stamped(with: document.tree.fileBytes), isReadOnly: OpenDocument.permissionsDenyWriting($0)) },
            folder: folder, notice: terminalNotice)
        var app = BrowserApp(state: state, backend: terminal)
        app.run()
    }

    /// Whether standard input is a pipe or a redirected file: what `cat f.plist | state` and
    /// `state < f.plist` give. A terminal, `/dev/null` or a closed input is not something the
    /// user meant as the document (`state` from a script or a launcher opens the sample).
    static var standardInputIsPiped: Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG
    }

    /// The Asset Library sample, written with its schema from the copies compiled into the
    /// binary into a scratch folder of the user's temporary directory (fresh on every start):
    /// `state` with no file never edits a tracked file, and works with no checkout at all.
    ///
    /// Each running `state` has its own folder (`state-sample-UID/PID`), so two of them never
    /// overwrite each other's copy; folders of runs that have ended are removed here.
    static func sampleFile() throws -> URL {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("state-sample-\(getuid())")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = Int32(name), !LocalProcess.isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        let folder = parent.appendingPathComponent(String(LocalProcess.id))
        do {
            return try AssetLibrary.writeSampleCopy(in: folder)
        } catch {
            throw CommandFailure.report(error, file: folder.path, code: CommandFailure.output)
        }
    }
}
