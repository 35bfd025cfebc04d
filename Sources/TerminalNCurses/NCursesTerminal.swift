import CCurses
import TerminalCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("the terminal backend needs POSIX poll and errno: add this platform's C module here")
#endif

/// The real terminal, through ncursesw. This is the only code in the package that calls
/// curses, and the only place that knows the terminal can be left in a bad state: the
/// terminal is restored by `end()`, by the C signal handlers (INT, TERM, HUP, QUIT and
/// crashes) and on suspend.
///
/// Input is read in raw mode, so Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q arrive as keys and the
/// browser decides what they do (quit, suspend, save).
package final class NCursesTerminal: TerminalBackend {
    package let colorDepth: ColorDepth
    private let window: UnsafeMutablePointer<WINDOW>
    private var shown: ScreenBuffer?
    private var pairs: [ColorPairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private let maxPairs: Int32
    private var pendingEvents: [InputEvent] = []
    private var ended = false
    /// Whether mouse reports were asked for (and the terminal can send them).
    package private(set) var reportsMouse = false
    /// The last left-button press, to count a double click.
    private var lastPress: (x: Int, y: Int, time: ContinuousClock.Instant)?
    /// How soon a second press on the same cell makes a double click.
    static let doubleClickInterval = Duration.milliseconds(400)
    /// The most a bracketed paste may hold (characters); the rest is dropped with it.
    static let pasteLimit = 4_000_000

    private struct ColorPairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Takes over the terminal as `type` (see `TerminalType.choose`). `environment` decides
    /// the color depth (`NO_COLOR`, `COLORTERM`). With `mouse`, the terminal reports clicks and
    /// the wheel (and its own selection then needs Shift). Nil when curses cannot start on it.
    package init?(type: String, environment: [String: String], mouse: Bool = true) {
        cc_install_restore_handlers()
        cc_setup_locale()
        cc_capture_stderr()
        guard cc_start_curses(type) != 0 else {
            cc_restore_stderr()
            return nil
        }
        cc_curses_started()
        window = cc_stdscr()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        reportsMouse = mouse && cc_mouse_enable(1) != 0
        cc_bracketed_paste(1)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(cc_colors())
        }
        if cc_has_extended_colors() == 0 {
            // No extended pairs (macOS's ncurses 5.7): 256 colors and 256 pairs at most.
            colors = min(colors, 256)
            maxPairs = min(Int32(cc_color_pairs()), 256)
        } else {
            maxPairs = Int32(cc_color_pairs())
        }
        colorDepth = ColorDepth.detect(colors: colors, environment: environment)
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, and replays what
    /// was written to stderr meanwhile. Safe to call twice.
    package func end() {
        guard !ended else { return }
        ended = true
        cc_end_curses()
        cc_restore_stderr()
    }

    package var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

    // MARK: - Output

    package func present(_ frame: ScreenBuffer) {
        if shown?.width != frame.width || shown?.height != frame.height {
            // After a resize curses' idea of the screen is stale: start from a clean slate.
            wclear(window)
            shown = nil
        }
        for change in frame.changes(from: shown) {
            var x = change.x
            for cell in change.cells {
                defer { x += 1 }
                if cell.isContinuation { continue }
                draw(cell, x: Int32(x), y: Int32(change.y))
            }
        }
        if let cursor = frame.cursor {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
        shown = frame
    }

    private func draw(_ cell: Cell, x: Int32, y: Int32) {
        // The last column of the last row cannot be written without scrolling on some
        // terminals; curses reports an error there, which is harmless.
        var characters: [wchar_t] = cell.text.unicodeScalars.prefix(Int(cc_cchar_max()) - 1).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var attributes = attr_t(0)
        let style = cell.style
        if style.attributes.contains(.bold) { attributes |= cc_A_BOLD() }
        if style.attributes.contains(.dim) { attributes |= cc_A_DIM() }
        if style.attributes.contains(.italic) { attributes |= cc_A_ITALIC() }
        if style.attributes.contains(.underline) { attributes |= cc_A_UNDERLINE() }
        if style.attributes.contains(.reverse) { attributes |= cc_A_REVERSE() }
        let pair = colorPair(style)
        var complex = cchar_t()
        cc_setcchar(&complex, characters, attributes, pair)
        mvwadd_wch(window, y, x, &complex)
    }

    /// The color pair for a style's colors, created on first use. When the terminal's pairs
    /// run out, the default colors are used rather than repainting pairs already on screen.
    private func colorPair(_ style: Style) -> Int32 {
        guard colorDepth.hasColor else { return 0 }
        let key = ColorPairKey(foreground: number(style.foreground), background: number(style.background))
        if key.foreground == -1, key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        guard nextPair < maxPairs else { return 0 }
        let pair = nextPair
        nextPair += 1
        guard cc_init_pair(pair, key.foreground, key.background) != ERR else { return 0 }
        pairs[key] = pair
        return pair
    }

    /// A color as curses numbers it: -1 for the default, a palette index, or in direct-color
    /// mode the RGB value itself (where 0–7 still mean the ANSI colors, so RGB values that
    /// small are nudged to 8, which looks the same).
    private func number(_ color: Color) -> Int32 {
        switch color {
        case .terminalDefault: return -1
        case .palette(let i):
            guard colorDepth == .trueColor, i >= 8, let (r, g, b) = color.rgbValue else { return Int32(i) }
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        case .rgb(let r, let g, let b):
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
    }

    // MARK: - Input

    package func nextEvent(timeout: Int?) -> InputEvent? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        wtimeout(window, Int32(clamping: timeout ?? -1))
        defer { wtimeout(window, -1) }
        while true {
            var code: wint_t = 0
            errno = 0
            let result = wget_wch(window, &code)
            if result == ERR {
                // EINTR: a signal (resize, resume) interrupted the read. With a timeout, ERR is
                // also "nothing yet" — unless the input is gone. Otherwise the input is gone, and
                // the browser should end rather than spin.
                if errno == EINTR { continue }
                if timeout != nil, !Self.inputIsGone() { return .idle }
                return nil
            }
            if result == KEY_CODE_YES {
                if Int32(code) == KEY_RESIZE { return .resize(width: size.width, height: size.height) }
                if Int32(code) == cc_key_mouse() {
                    if reportsMouse, let event = mouseEvent() { return .mouse(event) }
                    // A report nobody asked for (a program before this one left the mouse on):
                    // curses took only its start; the rest must not arrive as keys.
                    if !reportsMouse { dropMouseReport() }
                    continue
                }
                if let key = Self.functionKey(Int32(code)) { return .key(key) }
                continue
            }
            guard let key = Key(characterCode: UInt32(code)) else { continue }
            if key == .escape {
                switch afterEscape() {
                case .alt(let c): return .key(.alt(c))
                case .escape: return .key(.escape)
                case .paste(let text): return .paste(text)
                case .dropped: continue
                }
            }
            return .key(key)
        }
    }

    /// True when standard input has hung up or closed (ncurses reports that as a plain ERR).
    static func inputIsGone() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return errno != EINTR }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private enum AfterEscape {
        case alt(Character)
        case escape
        /// A bracketed paste, read to its end.
        case paste(String)
        /// An escape sequence curses did not know (a key this terminfo entry does not list):
        /// read whole and dropped, so that its bytes never arrive as keys (`[` moves an item).
        case dropped
    }

    /// After ESC: the character that followed at once makes an Alt chord, or (`[`, `O`) starts
    /// a sequence the terminal sent. Anything else already waiting is kept for the next read.
    private func afterEscape() -> AfterEscape {
        wtimeout(window, 0)
        defer { wtimeout(window, -1) }
        var code: wint_t = 0
        let result = wget_wch(window, &code)
        if result == OK, let key = Key(characterCode: UInt32(code)) {
            if case .character(let c) = key {
                if c == "[" || c == "O" {
                    switch readSequence(controlSequence: c == "[") {
                    case nil: break
                    case "200~"?: return .paste(readPaste())
                    case _?: return .dropped
                    }
                }
                return .alt(c)
            }
            pendingEvents.append(.key(key))
        } else if result == KEY_CODE_YES, let key = Self.functionKey(Int32(code)) {
            pendingEvents.append(.key(key))
        }
        return .escape
    }

    /// Reads the rest of `ESC [ …` (parameters, then a final byte) or `ESC O x` and returns
    /// it (`200~`); nil when nothing followed at once (the user typed Alt-[ or Alt-O).
    private func readSequence(controlSequence: Bool) -> String? {
        wtimeout(window, 10)
        var code: wint_t = 0
        var read = ""
        while read.count < 32, wget_wch(window, &code) == OK {
            let scalar = Unicode.Scalar(UInt32(code)).map(Character.init) ?? "?"
            read.append(scalar)
            guard controlSequence else { return read }
            if (0x40...0x7E).contains(code) { return read }
            if !(0x20...0x3F).contains(code) { return read }
        }
        return read.isEmpty ? nil : read
    }

    /// The text of a bracketed paste, up to `ESC [ 201 ~` (or until the terminal stops sending).
    /// Carriage returns (what terminals send for pasted line breaks) become `\n`; function
    /// keys curses decoded inside it are dropped, never performed.
    private func readPaste() -> String {
        wtimeout(window, 500)
        let end: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
        var codes: [UInt32] = []
        // The last codes read, to see the end marker also once the paste is over the limit.
        var tail: [UInt32] = []
        var code: wint_t = 0
        while true {
            let result = wget_wch(window, &code)
            if result == ERR {
                if errno == EINTR { continue }
                break
            }
            guard result == OK else { continue }
            tail.append(UInt32(code))
            if tail.count > end.count { tail.removeFirst() }
            if codes.count < Self.pasteLimit + end.count { codes.append(UInt32(code)) }
            if tail == end {
                if codes.suffix(end.count).elementsEqual(end) { codes.removeLast(end.count) }
                break
            }
        }
        if codes.count > Self.pasteLimit { codes.removeLast(codes.count - Self.pasteLimit) }
        var text = ""
        var previous: UInt32 = 0
        for code in codes {
            defer { previous = code }
            switch code {
            case 13: text.append("\n")
            case 10 where previous == 13: continue
            default:
                if let scalar = Unicode.Scalar(code) { text.unicodeScalars.append(scalar) }
            }
        }
        return text
    }

    /// Reads the rest of a mouse report curses did not decode: SGR's `digits;digits;digits`
    /// and `M`/`m`, or X10's three bytes.
    private func dropMouseReport() {
        wtimeout(window, 10)
        defer { wtimeout(window, -1) }
        var code: wint_t = 0
        guard wget_wch(window, &code) == OK else { return }
        if (0x30...0x39).contains(code) {
            var read = 1
            while read < 32, wget_wch(window, &code) == OK {
                read += 1
                if code == 0x4D || code == 0x6D { return }
            }
        } else {
            _ = wget_wch(window, &code)
            _ = wget_wch(window, &code)
        }
    }

    /// The event behind a KEY_MOUSE, with double clicks counted here.
    private func mouseEvent() -> MouseEvent? {
        var x: Int32 = 0
        var y: Int32 = 0
        let kind: MouseEvent.Kind
        switch cc_get_mouse(&x, &y) {
        case 1: kind = .press
        case 5:
            lastPress = nil
            return MouseEvent(.press, x: Int(x), y: Int(y), clickCount: 2)
        case 2: kind = .release
        case 3: kind = .wheelUp
        case 4: kind = .wheelDown
        default: return nil
        }
        var event = MouseEvent(kind, x: Int(x), y: Int(y))
        if kind == .press {
            let now = ContinuousClock.now
            if let last = lastPress, last.x == event.x, last.y == event.y, now - last.time < Self.doubleClickInterval {
                event.clickCount = 2
                lastPress = nil
            } else {
                lastPress = (event.x, event.y, now)
            }
        }
        return event
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_IC: .insert
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case cc_key_f(1)...cc_key_f(24): .function(Int(code - cc_key_f(0)))
        default: nil
        }
    }

    // MARK: - Requests

    package func copyToClipboard(_ text: String) {
        let sequence = Array(Self.osc52(text).utf8).map { CChar(bitPattern: $0) }
        sequence.withUnsafeBufferPointer { cc_write_tty($0.baseAddress, Int32($0.count)) }
    }

    package func invalidate() {
        clearok(window, true)
        shown = nil
    }

    package func suspend() {
        cc_suspend()
        // Back in the program: the modes endwin turned off.
        if reportsMouse { _ = cc_mouse_enable(1) }
        cc_bracketed_paste(1)
        // Back from the shell: curses repaints everything on the next refresh.
        clearok(window, true)
        shown = nil
    }
}
