import CCurses

/// Which terminfo entry to drive the terminal with. Many terminals (kitty, alacritty, ghostty,
/// wezterm, `*-direct`) set a TERM whose entry is often not installed; ncurses' `initscr` then
/// prints a message and exits — onto a captured stderr, so the user saw nothing at all. Here
/// the closest entry that exists is used instead, with a notice; a terminal that cannot
/// address the cursor (`dumb`) gets no full-screen browser.
package enum TerminalType {
    /// What to do for a TERM value.
    package enum Choice: Equatable, Sendable {
        /// Drive the terminal as `name`; `notice` says why it is not TERM itself.
        case use(String, notice: String?)
        /// No full-screen program can run: the reason.
        case unusable(String)
    }

    /// The entries tried when TERM's own is missing, most capable first.
    static let fallbacks = ["xterm-256color", "xterm", "ansi", "vt100"]

    package static func choose(term: String?, isUsable: (String) -> Bool = { cc_term_usable($0) != 0 }) -> Choice {
        let term = term.flatMap { $0.isEmpty ? nil : $0 }
        if let term, term == "dumb" || term == "unknown" {
            return .unusable("TERM=\(term) cannot show a full-screen program")
        }
        if let term, isUsable(term) { return .use(term, notice: nil) }
        for candidate in fallbacks where isUsable(candidate) {
            let why = term.map { "TERM=\($0) has no usable terminfo entry here" } ?? "TERM is not set"
            return .use(candidate, notice: "\(why); using \(candidate) (install its entry, e.g. Debian's ncurses-term, for the best colors)")
        }
        return .unusable("TERM=\(term ?? "(unset)") has no usable terminfo entry, and neither do \(fallbacks.joined(separator: ", "))")
    }

    /// The entry to draw 24-bit colors with, when the terminal says it has them
    /// (`COLORTERM=truecolor` or `24bit`, the way modern terminals say it) and `name` is not a
    /// direct-color entry already: its family's `-direct` entry (`xterm-256color` →
    /// `xterm-direct`, `tmux-256color` → `tmux-direct`), if installed — ncurses draws RGB
    /// colors only through such an entry (Debian's ncurses-term has them; macOS's ncurses has
    /// none, and the 256-color palette is used). Nil: keep `name`.
    package static func directColorEntry(for name: String, environment: [String: String], isUsable: (String) -> Bool = { cc_term_usable($0) != 0 }) -> String? {
        guard let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" else { return nil }
        guard !name.hasSuffix("-direct"), environment["NO_COLOR"].map(\.isEmpty) ?? true else { return nil }
        let family = name.split(separator: "-").first.map(String.init) ?? name
        let candidate = family + "-direct"
        return isUsable(candidate) ? candidate : nil
    }
}
