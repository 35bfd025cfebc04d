import Foundation
import TerminalCore
import Testing

/// Screen snapshots: a frame as its text lines followed by its style changes, compared with a
/// file in the test folder's `__Snapshots__`. A missing snapshot (or `STATE_RECORD_SNAPSHOTS=1`)
/// is written and the test *fails*, so recording is never silent; commit the file after
/// reading it. A mismatch shows the text lines that differ and only the style changes that
/// differ.
package enum ScreenSnapshot {
    package static func text(of screen: ScreenBuffer) -> String {
        (screen.lines + ["--- styles (row:column style)"] + screen.styleChanges).joined(separator: "\n") + "\n"
    }

    package static func assertMatches(
        _ screen: ScreenBuffer, named name: String, testFile: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let url = folder.appendingPathComponent("\(name).txt")
        let actual = text(of: screen)
        let record = ProcessInfo.processInfo.environment["STATE_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(url.lastPathComponent); check it and run again", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        Issue.record(Comment(rawValue: difference(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
    }

    /// The lines that differ, as `-expected` / `+actual` pairs with their line numbers.
    static func difference(expected: String, actual: String, name: String) -> String {
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var out = ["Screen differs from snapshot \(name) (STATE_RECORD_SNAPSHOTS=1 re-records):"]
        // Compare text and styles separately so a shifted style list reports once.
        func split(_ lines: [String]) -> ([String], Set<String>) {
            let marker = lines.firstIndex { $0.hasPrefix("--- styles") } ?? lines.count
            return (Array(lines[..<marker]), Set(lines[min(lines.count, marker + 1)...]))
        }
        let (et, es) = split(e), (at, as_) = split(a)
        for i in 0..<max(et.count, at.count) {
            let x = i < et.count ? et[i] : "<none>", y = i < at.count ? at[i] : "<none>"
            if x != y { out += ["  line \(i): -\(x)", "  line \(i): +\(y)"] }
        }
        for s in es.subtracting(as_).sorted() { out.append("  style -\(s)") }
        for s in as_.subtracting(es).sorted() { out.append("  style +\(s)") }
        return out.joined(separator: "\n")
    }
}
