import State

/// Turns an `EditOperation` into the smallest `ByteEdit` of a file that makes it.
///
/// XML and JSON are edited where they lie: a new value replaces only its own element; a
/// renamed key only its key; a deleted entry takes with it the separator before it; an added
/// entry copies the separator and indentation its siblings already use; a moved item keeps its
/// own bytes and the separators stay where they were. New text is written in the file's
/// detected style. Binary plists have no layout to keep: a new scalar value is patched into
/// the file's object graph (`SourceTree.binaryEdits(setting:to:)`); other edits are made on the
/// values and the file is written whole.
public enum SourceEditor {
    /// The edits that make `operation`: `edit(_:in:)`'s one byte edit, or for a binary plist's
    /// scalar, the few bytes `SourceTree.binaryEdits(setting:to:)` patches.
    public static func patch(_ operation: EditOperation, in tree: SourceTree) throws -> SourcePatch {
        if tree.format == .binary, case .set(let path, let value) = operation, let node = tree.index(at: path), !tree[node].kind.isContainer {
            if tree.scalar(at: node) == value { return SourcePatch([]) }
            if let edits = tree.binaryEdits(setting: node, to: value) { return SourcePatch(edits, rereading: node) }
        }
        if tree.format == .binary, let edits = binaryStructureEdits(operation, in: tree) {
            // The one container the patch rewrites is read again with its subtree.
            return SourcePatch(edits, rereading: tree.index(at: operation.changedSubtree))
        }
        return SourcePatch(try edit(operation, in: tree))
    }

    /// A delete, move, rename, insert or duplicate in a binary plist as a patch of the one
    /// container it changes (`SourceTree.binaryEdits(rewriting:references:appending:zeroing:)`):
    /// the objects a delete leaves unreferenced are zeroed, a new key or value is new objects.
    /// Nil for a value set, an edit the rules refuse (the whole-file path says why), or a
    /// container with a key twice (a reader keeps the last; a patch would bring the other back).
    static func binaryStructureEdits(_ operation: EditOperation, in tree: SourceTree) -> [ByteEdit]? {
        switch operation {
        case .insert(let path, let key, let at, let value):
            guard let container = tree.index(at: path) else { return nil }
            return binaryInsert(value, key: key, at: at ?? Int(tree[container].count), into: container, in: tree)
        case .duplicate(let path, let key):
            guard !path.components.isEmpty, let node = tree.index(at: path), let parent = tree.index(at: path.dropLast()),
                let position = Array(tree.children(of: parent)).firstIndex(of: node)
            else { return nil }
            return binaryInsert(tree.value(at: node), key: key, at: position + 1, into: parent, in: tree)
        case .delete(let path), .move(let path, _), .rename(let path, _):
            guard !path.components.isEmpty, let node = tree.index(at: path), let parent = tree.index(at: path.dropLast()),
                var references = tree.binaryReferences(of: parent), hasUniqueKeys(parent, in: tree),
                let position = Array(tree.children(of: parent)).firstIndex(of: node)
            else { return nil }
            let isDictionary = tree[parent].kind == .dictionary
            let count = Int(tree[parent].count)
            switch operation {
            case .delete:
                if isDictionary { references.remove(at: count + position) }
                references.remove(at: position)
                return tree.binaryEdits(rewriting: parent, references: references, zeroing: tree.binaryObjectsOnlyIn(subtreeOf: node, withKey: true))
            case .move(_, let to):
                guard (0..<count).contains(to), to != position else { return nil }
                func moved(_ part: ArraySlice<Int>) -> [Int] {
                    var part = Array(part)
                    part.insert(part.remove(at: position), at: to)
                    return part
                }
                references = isDictionary ? moved(references[..<count]) + moved(references[count...]) : moved(references[...])
                return tree.binaryEdits(rewriting: parent, references: references)
            case .rename(_, let newKey):
                guard isDictionary, let key = tree.key(of: node), key != newKey, tree.child(of: parent, key: newKey) == nil, let index = tree.binaryObjectCount else { return nil }
                references[position] = index
                return tree.binaryEdits(rewriting: parent, references: references, appending: [SourceTree.binaryStringObject(newKey)])
            default:
                return nil
            }
        case .set, .setNumber:
            return nil
        }
    }

    /// `value` (under `key` in a dictionary) added at `position` of `container` as new objects.
    private static func binaryInsert(_ value: PlistValue, key: String?, at position: Int, into container: Int, in tree: SourceTree) -> [ByteEdit]? {
        guard tree[container].kind.isContainer, var references = tree.binaryReferences(of: container), hasUniqueKeys(container, in: tree) else { return nil }
        let count = Int(tree[container].count)
        guard (0...count).contains(position) else { return nil }
        if tree[container].kind == .dictionary {
            guard let key, tree.child(of: container, key: key) == nil, let first = tree.binaryObjectCount,
                let (objects, root) = tree.binaryNewObjects(for: value, after: 1)
            else { return nil }
            references.insert(root, at: count + position)
            references.insert(first, at: position)
            return tree.binaryEdits(rewriting: container, references: references, appending: [SourceTree.binaryStringObject(key)] + objects)
        }
        guard key == nil, let (objects, root) = tree.binaryNewObjects(for: value) else { return nil }
        references.insert(root, at: position)
        return tree.binaryEdits(rewriting: container, references: references, appending: objects)
    }

    /// Whether no key of dictionary `node` is there twice (true for an array).
    private static func hasUniqueKeys(_ node: Int, in tree: SourceTree) -> Bool {
        guard tree[node].kind == .dictionary else { return true }
        let keys = tree.children(of: node).map { tree.key(of: $0) ?? "" }
        return Set(keys).count == keys.count
    }

    /// The one byte edit that makes `operation` in `tree`.
    public static func edit(_ operation: EditOperation, in tree: SourceTree) throws -> ByteEdit {
        guard let syntax = tree.textSyntax else {
            // No text to keep: edit the values and write the whole file.
            var value = tree.value()
            let before = value
            try value.apply(operation)
            if value == before { return ByteEdit(range: 0..<0, replacement: []) }
            // A null the file had is written back as it was; a new one is refused.
            let hadNull = tree.nodes.contains { $0.kind == .null }
            return ByteEdit(range: 0..<tree.bytes.count, replacement: try BinaryPlistWriter.document(value, keepingNull: hadNull))
        }
        return try Text(tree: tree, syntax: syntax).edit(operation)
    }

    /// Edits of text (XML and JSON), through the format's `TextSyntax`.
    struct Text {
        let tree: SourceTree
        let bytes: [UInt8]
        /// How the format writes new text, in the file's style.
        let syntax: any TextSyntax

        init(tree: SourceTree, syntax: any TextSyntax) {
            self.tree = tree
            bytes = tree.bytes
            self.syntax = syntax
        }

        func edit(_ operation: EditOperation) throws -> ByteEdit {
            switch operation {
            case .set(let path, let value):
                let node = try self.node(path)
                let replacement = try element(value, prefixAt: itemStart(node), path: path)
                if let annotated = reannotated(node, as: value, replacement: replacement) { return annotated }
                return ByteEdit(range: tree[node].byteRange, replacement: replacement)
            case .setNumber(let path, let text):
                let node = try self.node(path)
                guard tree.format.isJSON, ValueEntry.isJSONNumber(text) else { throw EditRules.wideNumber(text, path) }
                return ByteEdit(range: tree[node].byteRange, replacement: Array(text.utf8))
            case .rename(let path, let newKey):
                let node = try self.node(path)
                guard tree[node].hasKey else { throw EditRules.notAMember(path) }
                let parent = try self.node(path.dropLast())
                if tree.key(of: node) == newKey { return ByteEdit(range: Int(tree[node].keyStart)..<Int(tree[node].keyStart), replacement: []) }
                if tree.child(of: parent, key: newKey) != nil { throw EditRules.duplicateKey(newKey, path) }
                return ByteEdit(range: Int(tree[node].keyStart)..<keyEnd(node), replacement: try keyText(newKey, path: path))
            case .delete(let path):
                guard !path.components.isEmpty else { throw EditRules.root(path) }
                let node = try self.node(path)
                let parent = try self.node(path.dropLast())
                let siblings = Array(tree.children(of: parent))
                let position = siblings.firstIndex(of: node)!
                if siblings.count == 1, !containerHoldsMore(parent, than: node) {
                    // The container becomes empty: write it in its empty form.
                    let empty: PlistValue = tree[parent].kind == .array ? .array([]) : .dictionary([:])
                    return ByteEdit(range: tree[parent].byteRange, replacement: try element(empty, prefixAt: itemStart(parent), path: path.dropLast()))
                }
                guard syntax.separatesItems else {
                    // Only whitespace between items: take the item's own lines, and leave every
                    // comment and blank line around it where it is.
                    return ByteEdit(range: ownLines(of: node), replacement: [])
                }
                if syntax.commentsBetweenItems {
                    return deleteKeepingComments(node, previous: position > 0 ? siblings[position - 1] : nil)
                }
                if position > 0 {
                    return ByteEdit(range: Int(tree[siblings[position - 1]].end)..<Int(tree[node].end), replacement: [])
                }
                if siblings.count == 1 { return ByteEdit(range: ownLines(of: node), replacement: []) }
                return ByteEdit(range: itemStart(node)..<itemStart(siblings[1]), replacement: [])
            case .insert(let path, let key, let at, let value):
                let parent = try self.node(path)
                try EditRules.checkInsert(into: tree.scalarOrShape(parent), path: path, key: key, at: at)
                if let key, tree.child(of: parent, key: key) != nil { throw EditRules.duplicateKey(key, path) }
                // A container among one-line containers is written on one line too.
                let siblings = Array(tree.children(of: parent))
                let position = at ?? siblings.count
                let neighbor = position > 0 ? siblings[min(position, siblings.count) - 1] : siblings.first
                let oneLine =
                    value.isContainer && neighbor.map { tree[$0].kind.isContainer && !bytes[Int(tree[$0].start)..<Int(tree[$0].end)].contains(0x0A) } == true
                return try insert(into: parent, path: path, at: at, item: { prefix in try self.item(key: key, value: value, prefix: prefix, path: path, oneLine: oneLine) })
            case .duplicate(let path, let key):
                guard !path.components.isEmpty else { throw EditRules.root(path) }
                let node = try self.node(path)
                let parent = try self.node(path.dropLast())
                let position = Array(tree.children(of: parent)).firstIndex(of: node)!
                try EditRules.checkInsert(into: tree.scalarOrShape(parent), path: path.dropLast(), key: key, at: position + 1)
                if let key, tree.child(of: parent, key: key) != nil { throw EditRules.duplicateKey(key, path.dropLast()) }
                // The copy is the original's own bytes (its number spelling, its layout), under
                // the new key when it has one.
                let copy: [UInt8]
                if let key {
                    copy = try keyText(key, path: path.dropLast().appending(.key(key))) + bytes[keyEnd(node)..<Int(tree[node].end)]
                } else {
                    copy = Array(bytes[itemStart(node)..<Int(tree[node].end)])
                }
                return try insert(into: parent, path: path.dropLast(), at: position + 1, item: { _ in copy })
            case .move(let path, let to):
                guard !path.components.isEmpty else { throw EditRules.root(path) }
                let node = try self.node(path)
                let parent = try self.node(path.dropLast())
                let siblings = Array(tree.children(of: parent))
                let from = siblings.firstIndex(of: node)!
                try EditRules.checkMove(to: to, count: siblings.count, path: path)
                guard from != to else { return ByteEdit(range: itemStart(node)..<itemStart(node), replacement: []) }
                // Rotate the items between the two positions; the separators between them stay.
                let low = min(from, to), high = max(from, to)
                var items = (low...high).map { Array(bytes[itemStart(siblings[$0])..<Int(tree[siblings[$0]].end)]) }
                let separators = (low..<high).map { Array(bytes[Int(tree[siblings[$0]].end)..<itemStart(siblings[$0 + 1])]) }
                let moved = items.remove(at: from - low)
                items.insert(moved, at: to - low)
                var out: [UInt8] = []
                for (i, item) in items.enumerated() {
                    out += item
                    if i < separators.count { out += separators[i] }
                }
                return ByteEdit(range: itemStart(siblings[low])..<Int(tree[siblings[high]].end), replacement: out)
            }
        }

        /// A pbxproj id set to another (`fileRef = C3D4… /* AppDelegate.swift */;`): Xcode's
        /// annotation after it names what the id refers to, so it is written again for the new
        /// id — the annotation its object has — or dropped when the new id names no object
        /// that has one (a stale name is worse than none). Only an annotation that is the old
        /// object's own is touched: a comment of the user's stays as it is. Nil when there is
        /// nothing to rewrite.
        private func reannotated(_ node: Int, as value: PlistValue, replacement: [UInt8]) -> ByteEdit? {
            guard tree.format == .openStep, case .string(let id) = value, case .string(let old) = tree.scalar(at: node), id != old,
                let comment = tree.valueAnnotation(of: node), let target = tree.object(named: old), tree.annotation(of: target) == comment.text
            else { return nil }
            var out = replacement
            if let name = tree.object(named: id).flatMap(tree.annotation(of:)) { out += Array(" /* \(name) */".utf8) }
            return ByteEdit(range: Int(tree[node].start)..<comment.end, replacement: out)
        }

        // MARK: - Inserting

        /// Adds the item `makeItem(prefix)` writes at position `at` (nil: the end) of `parent`.
        private func insert(into parent: Int, path: PlistPath, at: Int?, item makeItem: ([UInt8]) throws -> [UInt8]) throws -> ByteEdit {
            let siblings = Array(tree.children(of: parent))
            guard let first = siblings.first else {
                if tree[parent].isBraceless {
                    // A `.strings` file of comments only: the entry goes at its end, on a line of its own.
                    let end = bytes.count
                    let lead = end > 0 && bytes[end - 1] != 0x0A && bytes[end - 1] != 0x0D ? syntax.newline : []
                    return ByteEdit(range: end..<end, replacement: lead + (try makeItem([])) + syntax.terminatorAfterOnlyItem(in: .dictionary) + syntax.newline)
                }
                // An empty container is written anew with its one entry.
                let prefix = DocumentStyle.linePrefix(at: itemStart(parent), in: bytes)
                let inner = prefix + (syntax.indent ?? [])
                let (open, close) = syntax.brackets(tree[parent].kind)
                let compact = syntax.indent == nil
                let lead = compact ? [] : syntax.newline + inner
                let trail = compact ? [] : syntax.newline + prefix
                return ByteEdit(
                    range: tree[parent].byteRange, replacement: open + lead + (try makeItem(inner)) + syntax.terminatorAfterOnlyItem(in: tree[parent].kind) + trail + close)
            }
            let prefix = DocumentStyle.linePrefix(at: itemStart(first), in: bytes)
            let separator: [UInt8]
            if siblings.count >= 2 {
                separator = syntax.separator(from: bytes[Int(tree[siblings[0]].end)..<itemStart(siblings[1])])
            } else {
                // One sibling: the whitespace before it, after a comma in JSON.
                let lead = Array(bytes[openEnd(parent)..<itemStart(first)])
                separator = syntax.separator(copying: lead, in: tree[parent].kind)
            }
            let item = try makeItem(prefix)
            let position = at ?? siblings.count
            if position == siblings.count {
                let end = Int(tree[siblings[siblings.count - 1]].end)
                return ByteEdit(range: end..<end, replacement: separator + item)
            }
            let start = itemStart(siblings[position])
            return ByteEdit(range: start..<start, replacement: item + separator)
        }

        /// A dictionary member (key, the file's key–value separator, value) or an array item.
        private func item(key: String?, value: PlistValue, prefix: [UInt8], path: PlistPath, oneLine: Bool = false) throws -> [UInt8] {
            let element = try (oneLine ? syntax.inlineElement(value) : nil) ?? self.element(value, prefix: prefix, path: key.map { path.appending(.key($0)) } ?? path)
            guard let key else { return element }
            return try keyText(key, path: path) + keyValueSeparator(prefix: prefix) + element
        }

        /// What the file has between a key and its value (XML: a line break and indentation;
        /// JSON: the colon as written).
        private func keyValueSeparator(prefix: [UInt8]) -> [UInt8] {
            let member = tree.nodes.indices.first { tree[$0].hasKey }
            return syntax.keyValueSeparator(copying: member.map { Array(bytes[keyEnd($0)..<Int(tree[$0].start)]) }, prefix: prefix)
        }

        // MARK: - Text pieces

        private func element(_ value: PlistValue, prefixAt offset: Int, path: PlistPath) throws -> [UInt8] {
            try element(value, prefix: DocumentStyle.linePrefix(at: offset, in: bytes), path: path)
        }

        private func element(_ value: PlistValue, prefix: [UInt8], path: PlistPath) throws -> [UInt8] {
            var out: [UInt8] = []
            do {
                try syntax.element(value, prefix: prefix, into: &out)
            } catch let error as PlistError {
                if case .keyPath(let inner) = error.location {
                    throw PlistError(error.message, at: .keyPath([path.description, inner].filter { !$0.isEmpty }.joined(separator: ".")))
                }
                throw error
            }
            return out
        }

        /// A key as the format spells it; an error names `path` when it cannot be spelled.
        private func keyText(_ key: String, path: PlistPath) throws -> [UInt8] {
            do {
                return try syntax.keyText(key)
            } catch let error as PlistError {
                throw PlistError(error.message, at: .keyPath(path.description))
            }
        }

        // MARK: - Positions

        private func node(_ path: PlistPath) throws -> Int {
            guard let node = tree.index(at: path) else { throw EditRules.missing(path) }
            return node
        }

        /// Where a member or item starts: its key, or its value.
        private func itemStart(_ node: Int) -> Int {
            tree[node].hasKey ? Int(tree[node].keyStart) : Int(tree[node].start)
        }

        private func keyEnd(_ node: Int) -> Int { syntax.keyEnd(of: tree[node], in: bytes) }

        /// The bytes that are the item's own: from the line break before it (when it starts its
        /// line) to its end and the spaces after it (when it ends its line). Comments, blank
        /// lines and anything else sharing its lines stay.
        private func ownLines(of node: Int) -> Range<Int> {
            let isHorizontalSpace = { (b: UInt8) in b == 0x20 || b == 0x09 }
            var start = itemStart(node)
            while start > 0, isHorizontalSpace(bytes[start - 1]) { start -= 1 }
            let startsLine = start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D
            var end = Int(tree[node].end)
            while end < bytes.count, isHorizontalSpace(bytes[end]) { end += 1 }
            let endsLine = end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D
            guard startsLine else { return start..<Int(tree[node].end) }
            guard endsLine else { return itemStart(node)..<end }
            // Take the line break before the item's first line (LF, CRLF or CR).
            if start > 0, bytes[start - 1] == 0x0A { start -= 1 }
            if start > 0, bytes[start - 1] == 0x0D { start -= 1 }
            return start..<end
        }

        /// Deletes an item where comments may lie between items (JSONC): its own lines with
        /// its comma, or, when it shares a line with a comment, the item and comma alone. The
        /// last item without a comma of its own takes the comma before it (found past any
        /// comments), so that no comment is ever removed or moved to another line.
        private func deleteKeepingComments(_ node: Int, previous: Int?) -> ByteEdit {
            let isHorizontalSpace = { (b: UInt8) in b == 0x20 || b == 0x09 }
            let start = itemStart(node)
            var end = Int(tree[node].end)
            // Its own `,` (or OpenStep's `;`), past whitespace and comments (a pbxproj value's
            // `/* annotation */` sits before its `;`).
            var scan = end
            while scan < bytes.count {
                if Self.isSpace(bytes[scan]) {
                    scan += 1
                } else if bytes[scan] == UInt8(ascii: "/"), scan + 1 < bytes.count, bytes[scan + 1] == UInt8(ascii: "*"),
                    let close = (scan + 2..<max(scan + 2, bytes.count - 1)).first(where: { bytes[$0] == UInt8(ascii: "*") && bytes[$0 + 1] == UInt8(ascii: "/") })
                {
                    scan = close + 2
                } else {
                    break
                }
            }
            let ownComma = scan < bytes.count && (bytes[scan] == UInt8(ascii: ",") || bytes[scan] == UInt8(ascii: ";"))
            if ownComma { end = scan + 1 }
            var range = start..<end
            var lineStart = start
            while lineStart > 0, isHorizontalSpace(bytes[lineStart - 1]) { lineStart -= 1 }
            var lineEnd = end
            while lineEnd < bytes.count, isHorizontalSpace(bytes[lineEnd]) { lineEnd += 1 }
            let startsLine = lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D
            let endsLine = lineEnd == bytes.count || bytes[lineEnd] == 0x0A || bytes[lineEnd] == 0x0D
            if startsLine, endsLine {
                // The whole lines, with the line break before them.
                var from = lineStart
                if from > 0, bytes[from - 1] == 0x0A { from -= 1 }
                if from > 0, bytes[from - 1] == 0x0D { from -= 1 }
                range = from..<lineEnd
            } else {
                // A comment (or another item) shares the line: it stays, without our spaces.
                range = start..<lineEnd
            }
            guard !ownComma, let previous else { return ByteEdit(range: range, replacement: []) }
            // The comma after the previous item, past comments and whitespace.
            var comma = Int(tree[previous].end)
            while comma < range.lowerBound, bytes[comma] != UInt8(ascii: ","), bytes[comma] != UInt8(ascii: ";") {
                if bytes[comma] == UInt8(ascii: "/"), comma + 1 < bytes.count, bytes[comma + 1] == UInt8(ascii: "*") {
                    comma += 2
                    while comma + 1 < range.lowerBound, !(bytes[comma] == UInt8(ascii: "*") && bytes[comma + 1] == UInt8(ascii: "/")) { comma += 1 }
                    comma += 2
                } else if bytes[comma] == UInt8(ascii: "/") {
                    while comma < range.lowerBound, bytes[comma] != 0x0A, bytes[comma] != 0x0D { comma += 1 }
                } else {
                    comma += 1
                }
            }
            guard comma < range.lowerBound else { return ByteEdit(range: range, replacement: []) }
            return ByteEdit(range: comma..<range.upperBound, replacement: Array(bytes[(comma + 1)..<range.lowerBound]))
        }

        /// Whether a container has more inside than `node` and whitespace (a comment, say).
        private func containerHoldsMore(_ container: Int, than node: Int) -> Bool {
            // A `.strings` file's top level has no brackets to write empty: its item goes alone.
            if tree[container].isBraceless { return true }
            let inside = openEnd(container)..<max(openEnd(container), closeStart(container))
            return bytes[inside.lowerBound..<itemStart(node)].contains { !Self.isSpace($0) }
                || bytes[Int(tree[node].end)..<inside.upperBound].contains { !Self.isSpace($0) }
        }

        /// Where a non-empty container's closing tag or bracket starts.
        private func closeStart(_ container: Int) -> Int {
            var i = Int(tree[container].end) - 1
            while i > 0, bytes[i] != UInt8(ascii: "<"), bytes[i] != UInt8(ascii: "]"), bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: ")") { i -= 1 }
            return i
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        private func openEnd(_ node: Int) -> Int { syntax.openEnd(of: tree[node], in: bytes) }
    }
}

extension SourceTree {
    /// A stand-in value of the node's shape for checks: containers with their keys (values
    /// not decoded), scalars decoded.
    public func scalarOrShape(_ node: Int) -> PlistValue {
        switch self[node].kind {
        case .dictionary:
            var keys: [(String, PlistValue)] = []
            for child in children(of: node) { keys.append((key(of: child) ?? "", .null)) }
            return .dictionary(.init(keys, uniquingKeysWith: { first, _ in first }))
        case .array:
            return .array(Array(repeating: .null, count: Int(self[node].count)))
        default:
            return scalar(at: node)
        }
    }
}
