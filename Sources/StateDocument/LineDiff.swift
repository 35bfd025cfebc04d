import State

/// A unified diff of two texts by lines, as `diff -u` shows it: the changed lines with a few
/// lines of context around each run, in hunks with their line numbers.
///
/// Lines the two texts share at the start and end are set aside first (an edit touches a few
/// lines of a file that may have millions), then the middle is compared with Myers' O(ND)
/// algorithm. Past `maxEdits` differing lines the middle is shown as removed then added.
public struct LineDiff: Sendable, Equatable {
    /// What a line of the diff is.
    public enum Kind: Sendable, Equatable {
        /// `@@ -a,b +c,d @@`
        case hunk
        /// A line both sides have (` `).
        case context
        /// A line only the old side has (`-`).
        case removed
        /// A line only the new side has (`+`).
        case added
    }

    /// One line of the diff.
    public struct Line: Sendable, Equatable {
        /// What it is.
        public var kind: Kind
        /// Its text, without the line break (or the hunk header).
        public var text: String
    }

    /// The lines, hunk by hunk.
    public let lines: [Line]
    /// How many lines are removed.
    public let removedCount: Int
    /// How many lines are added.
    public let addedCount: Int

    /// Whether the texts are the same.
    public var isEmpty: Bool { lines.isEmpty }

    init(lines: [Line], removedCount: Int, addedCount: Int) {
        self.lines = lines
        self.removedCount = removedCount
        self.addedCount = addedCount
    }

    /// The diff of `old` and `new` with `context` lines around each change.
    public init(old: [UInt8], new: [UInt8], context: Int = 3, maxEdits: Int = 1000) {
        let a = Self.split(old)
        let b = Self.split(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var script: [(Kind, Int)] = []  // (kind, index into a for context/removed, into b for added)
        for i in 0..<prefix { script.append((.context, i)) }
        for (kind, index) in Self.myers(middleA, middleB, maxEdits: maxEdits) {
            script.append((kind, prefix + index))
        }
        for i in (a.count - suffix)..<a.count { script.append((.context, i)) }
        (lines, removedCount, addedCount) = Self.hunks(script, a, b, context: context)
    }

    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        // Line ends found through a raw buffer: a generic walk over every byte was most of the
        // time of a diff (and of the randomized test) in debug builds.
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count where buffer[i] == 0x0A { ends.append(i) }
        }
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(ends.count + 1)
        var start = 0
        for end in ends {
            lines.append(bytes[start..<end])
            start = end + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// The edit script from `a` to `b`: context lines (index into `a`), removed lines (into
    /// `a`) and added lines (into `b`).
    static func myers(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], maxEdits: Int) -> [(Kind, Int)] {
        let n = a.count, m = b.count
        if n == 0 || m == 0 {
            return (0..<n).map { (.removed, $0) } + (0..<m).map { (.added, $0) }
        }
        let offset = n + m
        var v = [Int](repeating: 0, count: 2 * offset + 2)
        // Each round's diagonals -d…d only, so the trace is O(D²) however long the texts are.
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...min(offset, maxEdits) {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else { return (0..<n).map { (.removed, $0) } + (0..<m).map { (.added, $0) } }
        // Walk the trace back from the end.
        var script: [(Kind, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            // trace[d] holds diagonals -d…d of the state before round d (round d-1's -(d-1)…d-1).
            let row = trace[d]
            func v(_ k: Int) -> Int { k < -d || k > d ? 0 : row[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                script.append((.context, x))
            }
            if d > 0 {
                if x == previousX { script.append((.added, previousY)) } else { script.append((.removed, previousX)) }
            }
            x = previousX
            y = previousY
        }
        return script.reversed()
    }

    static func hunks(_ script: [(Kind, Int)], _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], context: Int) -> ([Line], Int, Int) {
        // Line numbers (1-based) of each script entry in the old and new text.
        var oldLine = 1, newLine = 1
        var positions: [(old: Int, new: Int)] = []
        positions.reserveCapacity(script.count)
        for (kind, _) in script {
            positions.append((oldLine, newLine))
            switch kind {
            case .context: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            case .hunk: break
            }
        }
        let changed = script.indices.filter { script[$0].0 != .context }
        guard !changed.isEmpty else { return ([], 0, 0) }
        // Group changes whose context would touch into one hunk.
        var groups: [ClosedRange<Int>] = []
        for i in changed {
            let range = max(0, i - context)...min(script.count - 1, i + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        var lines: [Line] = []
        var removed = 0, added = 0
        for group in groups {
            let entries = script[group]
            let oldCount = entries.filter { $0.0 != .added }.count
            let newCount = entries.filter { $0.0 != .removed }.count
            let start = positions[group.lowerBound]
            lines.append(Line(kind: .hunk, text: "@@ -\(start.old),\(oldCount) +\(start.new),\(newCount) @@"))
            for (kind, index) in entries {
                let text = String(decoding: kind == .added ? b[index] : a[index], as: UTF8.self)
                lines.append(Line(kind: kind, text: text.hasSuffix("\r") ? String(text.dropLast()) : text))
                if kind == .removed { removed += 1 }
                if kind == .added { added += 1 }
            }
        }
        return (lines, removed, added)
    }
}

extension LineDiff {
    /// The diff as `diff -u` prints it, both sides named `name` (`a/` and `b/` prefixed, as
    /// git does, so that `patch -p1` applies it).
    public func unified(name: String) -> String {
        guard !isEmpty else { return "" }
        var text = "--- a/\(name)\n+++ b/\(name)\n"
        for line in lines {
            switch line.kind {
            case .hunk: text += line.text
            case .context: text += " " + line.text
            case .removed: text += "-" + line.text
            case .added: text += "+" + line.text
            }
            text += "\n"
        }
        return text
    }
}

extension EditSession {
    /// The pending changes as a line diff of the file on disk and the file as it would be
    /// saved. A binary plist has no lines, so both sides are shown as XML.
    public var pendingChanges: LineDiff {
        guard format == .binary else { return LineDiff(old: savedBytes, new: bytes) }
        func xml(_ bytes: [UInt8]) -> [UInt8] {
            (try? SourceTree(parsing: bytes, as: .binary).value().serialized(as: .xml)) ?? []
        }
        return LineDiff(old: xml(savedBytes), new: xml(bytes))
    }
}
