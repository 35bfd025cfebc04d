import Foundation

/// A parsed file: its original bytes plus a flat table of nodes that point into them.
///
/// This is what makes byte-faithful editing possible: every value knows exactly which bytes it
/// came from, so an edit can replace those bytes and copy everything else verbatim. It is also
/// what makes parsing fast and small: the table holds spans, not decoded values.
public struct SourceTree: Sendable {
    /// The file as read — for a text file stored in UTF-16, transcoded to UTF-8 (see
    /// `encoding` and `fileBytes`).
    public internal(set) var bytes: [UInt8]
    /// The file's format.
    public let format: PlistFormat
    /// All values in document order; index 0 is the root.
    public internal(set) var nodes: [SourceNode]
    /// How a text file is stored on disk; `bytes` are always UTF-8.
    public internal(set) var encoding: TextEncoding = .utf8

    /// The root node's index.
    public static let root = 0

    /// One empty JSON object that no file has: what a holder of a tree keeps for the moment
    /// the tree it shows is edited in place elsewhere, so that the edit does not copy it first
    /// (a shared array is copied whole on its first write: 100 MB for one digit).
    public static let detached = SourceTree(bytes: Array("{}".utf8), format: .json, nodes: [SourceNode(kind: .dictionary, start: 0, end: 2)])

    init(bytes: [UInt8], format: PlistFormat, nodes: [SourceNode]) {
        self.bytes = bytes
        self.format = format
        self.nodes = nodes
    }

    /// Parses `bytes`, detecting the format (and a UTF-16 encoding) from the content.
    public init(parsing bytes: [UInt8]) throws {
        let format = try PlistFormat.detect(bytes)
        try self.init(parsing: bytes, as: format)
    }

    /// Parses `bytes` as `format`; text stored in UTF-16 is detected and transcoded.
    public init(parsing bytes: [UInt8], as format: PlistFormat) throws {
        if format != .binary, let utf16 = TextEncoding.utf16(of: bytes) {
            let utf8 = try utf16.utf8(from: bytes)
            do {
                try self.init(parsing: utf8, as: format, encoding: utf16)
            } catch var error as PlistError {
                // Locations name the file's bytes, not the transcoding's.
                switch error.location {
                case .byte(let offset): error.location = .byte(offset: utf16.fileOffset(ofUTF8: offset, in: utf8))
                case .text(let line, let column, let offset): error.location = .text(line: line, column: column, offset: utf16.fileOffset(ofUTF8: offset, in: utf8))
                default: break
                }
                throw error
            }
            return
        }
        try self.init(parsing: bytes, as: format, encoding: .utf8)
    }

    /// Parses UTF-8 `bytes` as `format`, to be stored in `encoding` (an edited file keeps the
    /// encoding it was read in).
    public init(parsing bytes: [UInt8], as format: PlistFormat, encoding: TextEncoding) throws {
        guard bytes.count <= PlistLimits.maxFileSize else {
            throw PlistError("file is larger than \(PlistLimits.maxFileSize) bytes", at: .byte(offset: 0))
        }
        self = try format.syntax.parse(bytes)
        self.encoding = format == .binary ? .utf8 : encoding
    }

    /// The file as it is stored: `bytes` in the file's own encoding.
    public var fileBytes: [UInt8] { encoding.isUTF8 ? bytes : encoding.bytes(fromUTF8: bytes) }

    /// Reads and parses the file at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(parsing: try FileBytes.readPropertyList(url))
    }

    // MARK: - Navigation

    // Inlinable: every walk of the tree asks these per node, from other modules too.
    /// The node at `index` (document order; the root is 0).
    @inlinable public subscript(index: Int) -> SourceNode { nodes[index] }

    /// The indices of the direct children of `index`, in document order.
    @inlinable public func children(of index: Int) -> ChildIndices { ChildIndices(nodes: nodes, parent: index) }

    /// The index of the node at `path`, or nil when it does not exist. A numeric component
    /// addresses an array index, or a dictionary key spelled with those digits.
    public func index(at path: PlistPath) -> Int? {
        var current = SourceTree.root
        for component in path.components {
            guard let next = child(of: current, at: component) else { return nil }
            current = next
        }
        return current
    }

    /// The parent of `node` and the node's position among its children (nil for the root),
    /// found down from the root by skipping whole subtrees.
    public func parentAndPosition(of node: Int) -> (parent: Int, position: Int)? {
        guard node > SourceTree.root, node < nodes.count else { return nil }
        var parent = SourceTree.root
        while true {
            var position = 0
            var child = parent + 1
            let end = parent + 1 + Int(nodes[parent].size)
            while child < end, node > child + Int(nodes[child].size) {
                child += 1 + Int(nodes[child].size)
                position += 1
            }
            guard child < end else { return nil }
            if child == node { return (parent, position) }
            parent = child
        }
    }

    /// The child of `parent` named by one path component, or nil.
    public func child(of parent: Int, at component: PlistPath.Component) -> Int? {
        let node = nodes[parent]
        switch (node.kind, component) {
        case (.array, .index(let i)):
            guard i >= 0, i < Int(node.count) else { return nil }
            var child = parent + 1
            for _ in 0..<i { child += 1 + Int(nodes[child].size) }
            return child
        case (.dictionary, .key(let k)):
            return child(of: parent, key: k)
        case (.dictionary, .index(let i)):
            return child(of: parent, key: String(i))
        default:
            return nil
        }
    }

    /// The last child of dictionary `index` with key `key` (the one a reader keeps).
    public func child(of index: Int, key: String) -> Int? {
        var wanted = key
        return wanted.withUTF8 { wanted in
            // Compared with the file's bytes where they spell a key plainly and are ASCII; any
            // other key as a decoded string (canonically equal spellings are one key there).
            bytes.withUnsafeBufferPointer { buffer in
                var found: Int?
                for child in children(of: index) {
                    let node = nodes[child]
                    guard node.hasKey else { continue }
                    if let range = Self.plainKeyRange(node, format: format, in: buffer) {
                        let spelled = UnsafeBufferPointer(rebasing: buffer[range])
                        if bytesEqual(spelled, wanted) {
                            found = child
                            continue
                        }
                        if !spelled.contains(where: { $0 >= 0x80 }) && !wanted.contains(where: { $0 >= 0x80 }) { continue }
                    }
                    if self.key(node, in: buffer) == key { found = child }
                }
                return found
            }
        }
    }

    // MARK: - Decoding

    /// The key of a dictionary member, decoded.
    public func key(of index: Int) -> String? {
        guard nodes[index].hasKey else { return nil }
        return bytes.withUnsafeBufferPointer { key(nodes[index], in: $0) }
    }

    /// The decoded value of a node and everything below it — on a large subtree and a machine
    /// with more than one core, in two halves at once (see `ValueBuilder`).
    public func value(at index: Int = SourceTree.root) -> PlistValue {
        value(at: index, splittingAbove: 400_000, threads: Cores.available)
    }

    /// The same, split in two when the subtree has more than `threshold` nodes and
    /// `threads > 1` (tests split small trees to compare the halves with one pass).
    package func value(at index: Int, splittingAbove threshold: Int, threads: Int) -> PlistValue {
        bytes.withUnsafeBufferPointer { buffer in
            ValueBuilder.value(of: self, at: index, in: buffer, splittingAbove: threshold, threads: threads)
        }
    }

    /// The decoded value of a leaf node (for containers, an empty container).
    public func scalar(at index: Int) -> PlistValue {
        bytes.withUnsafeBufferPointer { buffer in
            scalar(nodes[index], in: buffer)
        }
    }

    func scalar(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> PlistValue {
        format.syntax.decodeScalar(node, in: buffer)
    }

    /// A data node's length and its first `limit` bytes, without decoding the rest (what a
    /// printer shows of data): XML's base64 decoded only as far as the prefix, a binary
    /// plist's bytes read in place. Nil for other nodes and formats (decode them whole).
    package func dataSummary(of index: Int, limit: Int) -> (count: Int, prefix: [UInt8])? {
        let node = nodes[index]
        guard node.kind == .data else { return nil }
        return bytes.withUnsafeBufferPointer { b -> (count: Int, prefix: [UInt8])? in
            switch format {
            case .xml:
                let (start, end) = XMLPlistParser.content(of: node, in: b)
                return Base64.decodedPrefix(UnsafeBufferPointer(rebasing: b[start..<end]), limit: limit)
            case .binary:
                guard let h = try? BinaryPlistParser.header(b, at: Int(node.start), limit: b.count), h.payload + h.count <= b.count else { return nil }
                return (h.count, Array(b[h.payload..<(h.payload + min(h.count, limit))]))
            case .json, .jsonc, .openStep:
                return nil
            }
        }
    }

    func key(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        format.syntax.decodeKey(node, in: buffer)
    }

    // MARK: - Plain text

    /// Where a key's text is in `buffer` (the tree's bytes) when those bytes are exactly its
    /// UTF-8 — no entities, escapes, CDATA or UTF-16 to decode — so a search can compare them
    /// without building a string. Nil when the key must be decoded, or the node has none.
    public func plainKeyRange(of index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        Self.plainKeyRange(nodes[index], format: format, in: buffer)
    }

    /// The same for a node. Switched here rather than called through `format.syntax`: this
    /// runs for every key a printer, a guess or a lookup looks at, and a call through the
    /// format's type costs more than finding a short key's end.
    static func plainKeyRange(_ node: SourceNode, format: PlistFormat, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        switch format {
        case .json, .jsonc: JSONPlistParser.plainKeyRange(node, in: buffer)
        case .xml: XMLPlistParser.plainKeyRange(node, in: buffer)
        case .binary: BinaryPlistParser.plainKeyRange(node, in: buffer)
        case .openStep: OpenStepParser.plainKeyRange(node, in: buffer)
        }
    }

    /// Where a string node's text is in `buffer`, when it is plain (see `plainKeyRange`).
    public func plainStringRange(of index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        // Switched here, as `plainKeyRange` is: a guess asks this of every string.
        let node = nodes[index]
        switch format {
        case .json, .jsonc: return JSONPlistParser.plainStringRange(node, in: buffer)
        case .xml: return XMLPlistParser.plainStringRange(node, in: buffer)
        case .binary: return BinaryPlistParser.plainStringRange(node, in: buffer)
        case .openStep: return OpenStepParser.plainStringRange(node, in: buffer)
        }
    }

    /// A number as the file spells it (`1E3`, `0x1F`, `0.500`); nil in binary files, which
    /// store numbers as values.
    public func numberText(of index: Int) -> String? {
        bytes.withUnsafeBufferPointer { format.syntax.numberText(nodes[index], in: $0) }
    }

    /// A scalar as people and scripts see it: its plain text, except a JSON number beyond what
    /// property lists hold, which is shown as the file writes it (its decoded Double would be
    /// a different number).
    public func scalarText(at index: Int) -> String {
        if nodes[index].isWideNumber, let text = numberText(of: index) { return text }
        return scalar(at: index).plainText
    }

    /// The source bytes of the node (the XML element, the JSON token, the binary object).
    public func sourceBytes(of index: Int) -> ArraySlice<UInt8> { bytes[nodes[index].byteRange] }
}
