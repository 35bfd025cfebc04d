import Foundation

/// A private tmux server with one shell session at a fixed size, for driving the real `state`
/// binary end to end: type keys, read the screen, check the terminal was given back.
///
/// Each session has its own socket (`tmux -L`) and no user config (`-f /dev/null`), and the
/// shell is a bare bash, so nothing on the machine changes what the test sees. Waits poll the
/// screen until a condition holds (or a deadline passes) instead of sleeping.
package final class TmuxSession {
    package let socket: String
    package private(set) var width: Int
    package private(set) var height: Int

    package init(width: Int, height: Int) throws {
        try SystemPackage.tmux.require()
        socket = "state-test-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", String(width), "-y", String(height),
            "env -i PATH=/usr/bin:/bin HOME=\(NSTemporaryDirectory()) TERM=xterm-256color PS1='$ ' bash --norc --noprofile",
        ])
        // OSC 52 from the program lands in a tmux buffer, where the test can read it.
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs one tmux command. Output goes through temporary files, not pipes: the server that
    /// `new-session` starts inherits the command's output descriptors and never closes them,
    /// so reading a pipe to its end would wait forever.
    @discardableResult
    package func tmux(_ arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory
        let outURL = folder.appendingPathComponent("\(socket)-\(UUID().uuidString).out")
        let errURL = folder.appendingPathComponent("\(socket)-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let status = try Self.spawnAndWait(["tmux", "-L", socket] + arguments, stdout: outURL.path, stderr: errURL.path)
        let output = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        guard status == 0 else {
            let message = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(message)")
        }
        return output
    }

    /// posix_spawn and waitpid: Foundation's `Process` was seen to miss the exit of a tmux
    /// client whose server had forked off, and to wait forever.
    static func spawnAndWait(_ arguments: [String], stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0o600)
        // The tmux server and everything it runs inherit the spawning thread's signal mask, and
        // test runner threads block signals: start from an empty mask and default actions, or
        // the program under test never sees SIGWINCH, SIGTERM or SIGTSTP.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard result == 0 else { throw TmuxError(message: "cannot start tmux: error \(result)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TmuxError(message: "waitpid failed: \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Types a shell command line and Enter.
    package func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", commandLine])
        try tmux(["send-keys", "-t", "main", "Enter"])
    }

    /// Sends keys by tmux name (`j`, `C-d`, `Enter`, `PageDown`).
    package func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Sends text literally.
    package func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", "--", text])
    }

    /// Sends keys, then waits until some line contains `text` (what they should show); the
    /// screen then.
    @discardableResult
    package func send(_ keys: String..., until text: String) throws -> [String] {
        try tmux(["send-keys", "-t", "main"] + keys)
        return try waitFor(text: text)
    }

    /// Types `text` and Enter (a `:` command line, a search), then waits for `text` to show.
    @discardableResult
    package func enter(_ line: String, until text: String) throws -> [String] {
        try type(line)
        return try send("Enter", until: text)
    }

    /// Runs a shell command line, then waits for `text` (the browser's `BROWSE`, say).
    @discardableResult
    package func run(_ commandLine: String, until text: String) throws -> [String] {
        try run(commandLine)
        return try waitFor(text: text)
    }

    /// What a terminal sends for the mouse at a 0-based cell, in the SGR encoding (what xterm
    /// sends once a program asks for mouse reports with 1006): a left click is a press and a
    /// release; the wheel is buttons 64 (up) and 65 (down).
    package enum MouseAction {
        case click, wheelUp, wheelDown
    }

    /// Sends a mouse event to the program as the terminal would (raw bytes, not tmux's own
    /// mouse handling, which needs a real pointer).
    package func mouse(_ action: MouseAction, x: Int, y: Int) throws {
        let cell = "\(x + 1);\(y + 1)"
        let bytes: String
        switch action {
        case .click: bytes = "\u{1B}[<0;\(cell)M\u{1B}[<0;\(cell)m"
        case .wheelUp: bytes = "\u{1B}[<64;\(cell)M"
        case .wheelDown: bytes = "\u{1B}[<65;\(cell)M"
        }
        try type(bytes)
    }

    /// Pastes text as a terminal does when the program asked for bracketed paste (tmux's
    /// `paste-buffer -p`): line breaks arrive as carriage returns, inside `ESC [200~ … ESC [201~`.
    package func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "state-test-paste", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "state-test-paste", "-t", "main"])
    }

    /// The screen as text lines.
    /// `/TEXT` Enter: the browser's search.
    package func search(_ text: String) throws {
        try send("/")
        try type(text)
        try send("Enter")
    }

    /// `i`, Ctrl-U, TEXT, Enter: the selected value replaced in its editor.
    package func replaceValue(with text: String) throws {
        try send("i", "C-u")
        try type(text)
        try send("Enter")
    }

    package func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "main"]).components(separatedBy: "\n")
    }

    /// The screen with SGR escapes (colors), as one string.
    package func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "main"])
    }

    package func resize(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        try tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
    }

    /// True when the alternate screen is off and the cursor visible: the terminal was restored.
    package func terminalRestored() throws -> Bool {
        try tmux(["display-message", "-p", "-t", "main", "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "0 1"
    }

    /// The latest tmux paste buffer (what OSC 52 set).
    package func clipboard() throws -> String {
        try tmux(["show-buffer"])
    }

    /// Waits until `condition` holds for a settled screen; throws with the last screen otherwise.
    ///
    /// A frame reaches tmux in several writes, so a capture can hold half of it (a title
    /// without the rows under it) on a loaded machine: the screen is returned only once two
    /// captures a moment apart agree and the condition holds for both.
    @discardableResult
    package func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            let previous = last
            last = try screen()
            if condition(last) && last == previous { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError(message: "timed out waiting for \(what); screen:\n" + last.joined(separator: "\n"))
    }

    /// Waits until some line contains `text`.
    @discardableResult
    package func waitFor(text: String, timeout: Double = 10) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
    }
}

package struct TmuxError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
