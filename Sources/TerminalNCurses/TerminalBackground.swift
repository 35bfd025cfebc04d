import CCurses

/// The terminal's background color, asked with OSC 11 before the browser starts — to pick
/// the light or the dark theme. Most terminals (xterm, iTerm2, kitty, VTE, Windows Terminal,
/// tmux with a window style) answer; those that do not are known at once (see
/// `cc_query_background`), and then nothing is assumed.
package enum TerminalBackground {
    /// The background as red, green, blue in 0…1, or nil when the terminal does not say.
    package static func query(timeoutMilliseconds: Int = 300) -> (red: Double, green: Double, blue: Double)? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cc_query_background(&buffer, Int32(buffer.count), Int32(timeoutMilliseconds))
        guard length > 0 else { return nil }
        return parse(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Reads `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` (one to four hex digits per channel, ended by
    /// BEL or ST) from a terminal's answer.
    package static func parse(_ answer: String) -> (red: Double, green: Double, blue: Double)? {
        let marker = "]11;rgb:"
        guard let start = answer.indices.first(where: { answer[$0...].hasPrefix(marker) }) else { return nil }
        let rest = answer[answer.index(start, offsetBy: marker.count)...].prefix { $0.isHexDigit || $0 == "/" }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [Double] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            channels.append(Double(value) / Double((1 << (4 * part.count)) - 1))
        }
        return (channels[0], channels[1], channels[2])
    }

    /// Whether a background is light: its brightness (Rec. 601 weights, as terminals' own
    /// light/dark guesses use) is above half.
    package static func isLight(_ color: (red: Double, green: Double, blue: Double)) -> Bool {
        0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.5
    }
}
