import StateDocument
import TerminalCore

/// The pending changes as a unified diff, full screen over the tree.
enum PendingChangesView {
    static func render(_ view: PendingChanges, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let diff = view.diff
        let keys = view.edit == nil ? PendingChanges.keys : PendingChanges.editKeys
        let what = view.edit.map { "\($0.label.prefix(1).uppercased() + $0.label.dropFirst()) in" } ?? "Changes to"
        let title =
            "\(what) \(state.document.fileName): -\(diff.removedCount) +\(diff.addedCount)\(state.document.tree.format == .binary ? " (binary, shown as XML)" : "") — \(keys.hintLine.replacingOccurrences(of: "  ", with: ", "))"
        guard !Box.tooSmall("The diff", needs: (30, 4), theme: theme, into: &screen, in: rect) else { return }
        let inner = Box.draw(title: title, focused: true, theme: theme, into: &screen, in: rect)
        guard !inner.isEmpty else { return }
        for row in 0..<inner.height {
            let index = view.scroll + row
            guard index < diff.lines.count else { break }
            let line = diff.lines[index]
            let (prefix, role): (String, ThemeRole) =
                switch line.kind {
                case .hunk: ("", .label)
                case .context: (" ", .text)
                case .removed: ("-", .removed)
                case .added: ("+", .added)
                }
            // Tabs would move the terminal's cursor past what the buffer knows: shown as spaces.
            let text = prefix + line.text.replacingOccurrences(of: "\t", with: "    ")
            screen.put(text, x: inner.x - 1, y: inner.y + row, style: theme[role], limit: inner.maxX + 1)
        }
    }
}
