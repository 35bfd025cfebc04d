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
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse a model file (default: the bundled Asset Library example).",
        discussion: "Keys: ? in the browser lists them all. Themes: dark (default), light, high-contrast, monochrome, or a theme file; NO_COLOR turns colors off."
    )

    @Argument(help: "The model file to open (XML plist, binary plist or JSON).")
    var file: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(help: "The theme: a name (dark, light, high-contrast, monochrome, or NAME.plist in $STATE_THEMES, ~/.config/state/themes or Themes/) or a path to a theme file.")
    var theme: String = "dark"

    func run() throws {
        let url = try file.map { URL(fileURLWithPath: $0) } ?? Self.sampleFile()
        func printTree() throws {
            var arguments = [url.path]
            if let schema = schemaOptions.schema { arguments += ["--schema", schema] }
            if let root = schemaOptions.root { arguments += ["--root", root] }
            if schemaOptions.noSchema { arguments += ["--no-schema"] }
            try PrintCommand.parse(arguments).run()
        }
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else { return try printTree() }
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
            terminalType = name
            terminalNotice = notice
            if let notice { StandardStream.error.write("state: note: \(notice)\n") }
        }
        // Everything that can fail is done before the terminal is taken over, so errors are
        // printed on a normal screen.
        let themeFile: ThemeFile
        do {
            themeFile = try ThemeLoader.load(theme, environment: environment)
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badInput)
        }
        let document: BrowserDocument
        // Taken before the read: a save refuses to overwrite a file changed on disk after it.
        let stamp = AtomicFile.stamp(of: url)
        do {
            let schemaURL = schemaOptions.schema.map { URL(fileURLWithPath: $0) }
            // The whole schema check of a large file takes seconds: the browser draws from a quick
            // pass over the top of the tree and finishes the check in the background.
            document = try BrowserDocument.open(
                url, displayName: file ?? url.lastPathComponent, schema: schemaURL, root: schemaOptions.root, discoversSchema: !schemaOptions.noSchema, deferCheck: true)
        } catch {
            throw CommandFailure.report(error, file: file ?? url.path, code: CommandFailure.badInput)
        }
        guard let terminal = NCursesTerminal(type: terminalType, environment: environment) else {
            StandardStream.error.write("state: the terminal (\(terminalType)) could not be started\n")
            throw ExitCode(1)
        }
        defer { terminal.end() }
        let size = terminal.size
        let state = BrowserState(
            document: document, width: size.width, height: size.height,
            theme: try themeFile.theme(), colorDepth: terminal.colorDepth,
            file: OpenDocument(url: url, stamp: stamp?.stamped(with: document.tree.bytes), isReadOnly: OpenDocument.permissionsDenyWriting(url)), notice: terminalNotice)
        var app = BrowserApp(state: state, backend: terminal)
        app.run()
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
