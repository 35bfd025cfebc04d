/// The one seam between the program and a terminal. The ncurses backend is the real one; the
/// in-memory backend stands in for it in tests and benchmarks.
package protocol TerminalBackend: AnyObject {
    /// The screen size in cells.
    var size: (width: Int, height: Int) { get }
    /// What colors the terminal can show (after `NO_COLOR`).
    var colorDepth: ColorDepth { get }
    /// Shows `frame`, writing only what changed since the last frame shown.
    func present(_ frame: ScreenBuffer)
    /// The next input event; nil when input has ended (the terminal went away, or a scripted
    /// backend ran out of keys). With a timeout (milliseconds), `.idle` when nothing came in
    /// time, so the runtime can look at work it has running in the background.
    func nextEvent(timeout: Int?) -> InputEvent?
    /// Asks the terminal to put `text` on the system clipboard (OSC 52).
    func copyToClipboard(_ text: String)
    /// Stops the program as Ctrl-Z does in a shell, restoring the terminal; returns once resumed.
    func suspend()
    /// Forgets what is on screen, so the next frame is written whole (Ctrl-L).
    func invalidate()
}

extension TerminalBackend {
    /// The next input event, waiting as long as it takes.
    package func nextEvent() -> InputEvent? { nextEvent(timeout: nil) }

    /// The OSC 52 sequence that sets the clipboard ("c") to `text`, base64-encoded.
    package static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}"
    }
}

/// Base64 for OSC 52 (TerminalCore does not depend on Foundation).
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
