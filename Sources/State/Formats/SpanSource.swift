import Foundation

/// A span tree as the writers read it: nodes walked in place, plain strings and keys copied
/// from the file's bytes, so a conversion builds no value tree (`SourceTree.serialized(as:)`).
///
/// It writes what the value tree would: a keyed archive's `{CF$UID: n}` is a UID, and a
/// dictionary with a key twice holds it once, in its first place with its last value
/// (`repeatedKeys`).
struct SpanSource {
    let tree: SourceTree
    let buffer: UnsafeBufferPointer<UInt8>
    /// The node written as the document's root (paths in messages start there).
    var root = SourceTree.root

    subscript(node: Int) -> SourceNode { tree.nodes[node] }

    /// A string node's UTF-8, when the file holds it as it is.
    @inline(__always) func plainString(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
        tree.plainStringRange(of: node, in: buffer).map { UnsafeBufferPointer(rebasing: buffer[$0]) }
    }

    /// A member's key UTF-8, when the file holds it as it is.
    @inline(__always) func plainKey(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
        tree.plainKeyRange(of: node, in: buffer).map { UnsafeBufferPointer(rebasing: buffer[$0]) }
    }

    func key(_ node: Int) -> String { tree.key(tree.nodes[node], in: buffer) }

    func scalar(_ node: Int) -> PlistValue { tree.scalar(tree.nodes[node], in: buffer) }

    /// The UID a one-entry `CF$UID` dictionary spells in XML and binary keyed archives.
    func uid(_ node: Int) -> UInt64? {
        guard tree.format.syntax.spellsUIDsAsDictionaries, self[node].kind == .dictionary, self[node].count == 1 else { return nil }
        let child = node + 1
        guard self[child].kind == .integer, key(child) == "CF$UID", case .integer(let n) = scalar(child), n >= 0, n <= Int128(UInt32.max) else { return nil }
        return UInt64(n)
    }

    /// A dictionary member as the value tree holds it: the key where it first appears, the
    /// value it last has (child nodes; the same node but for a key written twice).
    struct Member {
        var key: Int
        var value: Int
    }

    /// The members of dictionary `node` when it has a key twice — each key once, where it
    /// first appears, with the value it last has, as the value tree reads it (an
    /// `OrderedDictionary` keeps a key's first place and its last value) — so that a
    /// conversion writes what converting the values writes; nil when every key is there once
    /// (the members are the children as they are). Keys are compared as bytes when they are
    /// plain ASCII, else as strings (which is how the value tree compares them: `é` and `e` +
    /// combining accent are one key there).
    func repeatedKeys(_ node: Int) -> [Member]? {
        let count = Int(self[node].count)
        guard count > 1 else { return nil }
        switch plainKeysAreUnique(node, count: count) {
        case true?: return nil
        case false?: break
        case nil:
            var seen = Set<String>(minimumCapacity: count)
            guard tree.children(of: node).contains(where: { !seen.insert(key($0)).inserted }) else { return nil }
        }
        // Rare (a hand-merged file): the members worked out by their keys as strings.
        var place: [String: Int] = [:]
        var members: [Member] = []
        for child in tree.children(of: node) {
            let key = key(child)
            if let i = place[key] {
                members[i].value = child
            } else {
                place[key] = members.count
                members.append(Member(key: child, value: child))
            }
        }
        return members
    }

    /// Whether the `count` keys of dictionary `node` are all different, by their bytes: nil
    /// when a key is not plain ASCII (canonically equal strings can differ in bytes; only
    /// strings can say then). A dozen keys are compared pairwise, more by a table of their
    /// hashes — no key made a string (conversions ask this of every dictionary).
    private func plainKeysAreUnique(_ node: Int, count: Int) -> Bool? {
        @inline(__always) func plainASCIIKey(_ child: Int) -> UnsafeBufferPointer<UInt8>? {
            guard let key = plainKey(child), ByteScan.isASCII(key) else { return nil }
            return key
        }
        if count <= 12 {
            return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: 12) { keys -> Bool? in
                var n = 0
                for child in tree.children(of: node) {
                    guard let key = plainASCIIKey(child) else { return nil }
                    for j in 0..<n where bytesEqual(keys[j], key) { return false }
                    keys[n] = key
                    n += 1
                }
                return true
            }
        }
        var keys: [UnsafeBufferPointer<UInt8>] = []
        keys.reserveCapacity(count)
        var table = ByteStringTable(expected: count * 2)
        for child in tree.children(of: node) {
            guard let key = plainASCIIKey(child) else { return nil }
            let hash = ByteStringTable.hash(key)
            if table.find(hash: hash, matching: { bytesEqual(keys[$0], key) }) != nil { return false }
            table.insert(hash: hash, index: keys.count) { ByteStringTable.hash(keys[$0]) }
            keys.append(key)
        }
        return true
    }

    /// The members of dictionary `node` as the value tree holds them (see `repeatedKeys`):
    /// each one's position among the members written, its key's node and its value's. (A
    /// sequence, not a closure per member: a closure made the writers copy themselves.)
    @inline(__always) func members(of node: Int) -> Members {
        members(of: node, repeated: repeatedKeys(node))
    }

    /// The same, with `repeatedKeys(node)` already asked (nil: the children as they are).
    @inline(__always) func members(of node: Int, repeated: [Member]?) -> Members {
        Members(repeated: repeated, children: tree.children(of: node).makeIterator())
    }

    /// See `members(of:)`.
    struct Members: Sequence, IteratorProtocol {
        let repeated: [Member]?
        var children: ChildIndices.Iterator
        var index = 0

        @inline(__always) mutating func next() -> (index: Int, key: Int, value: Int)? {
            defer { index += 1 }
            if let repeated {
                guard index < repeated.count else { return nil }
                return (index, repeated[index].key, repeated[index].value)
            }
            return children.next().map { (index, $0, $0) }
        }
    }

    /// The key path of `node`, from the root (for messages and warnings).
    func path(of node: Int) -> String {
        var components: [PlistPath.Component] = []
        var current = root
        while current != node {
            let isArray = self[current].kind == .array
            var child = current + 1
            var index = 0
            while child + Int(self[child].size) < node {
                child += 1 + Int(self[child].size)
                index += 1
            }
            components.append(isArray ? .index(index) : .key(key(child)))
            current = child
        }
        return PlistPath(components).description
    }

    /// The warning for dates the format cannot spell exactly (as `PlistValue.precisionWarning`).
    func precisionWarning(for format: PlistFormat) -> PlistWarning? {
        guard format != .binary else { return nil }
        func isLossy(_ node: Int) -> Bool {
            guard self[node].kind == .date, case .date(let date) = scalar(node) else { return false }
            return PlistValue.isLossy(date, format: format)
        }
        // Most files have no such date: one pass over the nodes says so.
        guard (root...(root + Int(self[root].size))).contains(where: isLossy) else { return nil }
        // Counted over what is written, in its order: a value a key twice drops is not.
        var count = 0
        var first: Int?
        func walk(_ node: Int) {
            switch self[node].kind {
            case .date:
                if isLossy(node) {
                    count += 1
                    if first == nil { first = node }
                }
            case .array: for child in tree.children(of: node) { walk(child) }
            case .dictionary: for member in members(of: node) { walk(member.value) }
            default: break
            }
        }
        walk(root)
        guard let first else { return nil }
        let path = self.path(of: first)
        let what = format == .xml ? "fractions of a second (XML dates hold whole seconds)" : "precision below a microsecond"
        return PlistWarning("\(count) date\(count == 1 ? "" : "s") lose \(what); first at \(path.isEmpty ? "(root)" : path)")
    }

    /// Runs `body` with the error's key path completed by the member `child` of `node`.
    @inline(__always) func inMember<R>(_ child: Int, index: Int, of node: Int, _ body: () throws -> R) throws -> R {
        do { return try body() } catch var error as WriteError {
            error.reversedPath.append(pathComponent(child, index: index, of: node))
            throw error
        }
    }

    /// The key path component of member `child` (at `index`) of `node`.
    func pathComponent(_ child: Int, index: Int, of node: Int) -> PlistPath.Component {
        self[node].kind == .array ? .index(index) : .key(key(child))
    }
}

extension XMLPlistWriter.Writer {
    /// Writes `node` of a span tree (see `SpanSource`).
    mutating func write(_ node: Int, of source: SpanSource, into out: inout OutputBuffer) throws {
        let n = source[node]
        switch n.kind {
        case .string:
            guard let text = source.plainString(node) else { return try write(source.scalar(node), into: &out) }
            out.append("<string>")
            try XMLPlistWriter.appendEscaped(utf8: text, to: &out)
            out.append("</string>")
        case .array where n.count > 0:
            try container(array: true, empty: false, into: &out) { writer, out in
                for (i, child) in source.tree.children(of: node).enumerated() {
                    writer.newline(&out)
                    try source.inMember(child, index: i, of: node) { try writer.write(child, of: source, into: &out) }
                }
            }
        case .dictionary where n.count > 0:
            if let uid = source.uid(node) { return try write(.uid(uid), into: &out) }
            try container(array: false, empty: false, into: &out) { writer, out in
                for (i, keyNode, child) in source.members(of: node) {
                    writer.newline(&out)
                    out.append("<key>")
                    try source.inMember(child, index: i, of: node) {
                        if let key = source.plainKey(keyNode) {
                            try XMLPlistWriter.appendEscaped(utf8: key, to: &out)
                        } else {
                            try XMLPlistWriter.appendEscaped(source.key(keyNode), to: &out)
                        }
                        out.append("</key>")
                        writer.newline(&out)
                        try writer.write(child, of: source, into: &out)
                    }
                }
            }
        default:
            // Scalars, and empty containers (written as the value tree's are).
            try write(n.kind.isContainer ? (n.kind == .array ? .array([]) : .dictionary([:])) : source.scalar(node), into: &out)
        }
    }
}

extension JSONWriter.Writer {
    /// Writes `node` of a span tree (see `SpanSource`).
    mutating func write(_ node: Int, of source: SpanSource, into out: inout OutputBuffer) throws {
        let n = source[node]
        switch n.kind {
        case .string:
            guard let text = source.plainString(node) else { return try write(source.scalar(node), into: &out) }
            JSONWriter.appendQuoted(utf8: text, to: &out)
        case .array where n.count > 0, .dictionary where n.count > 0:
            let isArray = n.kind == .array
            if !isArray, let uid = source.uid(node) { return try write(.uid(uid), into: &out) }
            try container(array: isArray, empty: false, into: &out) { writer, out in
                if isArray {
                    for (i, child) in source.tree.children(of: node).enumerated() {
                        writer.startItem(i, into: &out)
                        try source.inMember(child, index: i, of: node) { try writer.write(child, of: source, into: &out) }
                    }
                    return
                }
                for (i, keyNode, child) in source.members(of: node) {
                    writer.startItem(i, into: &out)
                    try source.inMember(child, index: i, of: node) {
                        if let key = source.plainKey(keyNode) {
                            JSONWriter.appendQuoted(utf8: key, to: &out)
                        } else {
                            JSONWriter.appendQuoted(source.key(keyNode), to: &out)
                        }
                        out.append(writer.style.colon)
                        try writer.write(child, of: source, into: &out)
                    }
                }
            }
        case .date where firstDate == nil, .data where firstData == nil:
            // Where the first of each was, for the warning (the value writer tracks the path).
            let path = source.path(of: node)
            if n.kind == .date { firstDate = path } else { firstData = path }
            try write(source.scalar(node), into: &out)
        default:
            try write(n.kind.isContainer ? (n.kind == .array ? .array([]) : .dictionary([:])) : source.scalar(node), into: &out)
        }
    }
}
