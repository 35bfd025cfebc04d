/// One file format as the span tree sees it: how to parse it, decode a node's scalar or key,
/// find text that needs no decoding, and read a number as the file spells it.
///
/// `PlistFormat.syntax` names the type for each format — the one place that switches on the
/// format — so adding a format adds a type, not a branch in every function of `SourceTree`.
protocol SourceSyntax {
    static func parse(_ bytes: [UInt8]) throws -> SourceTree
    static func decodeScalar(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> PlistValue
    static func decodeKey(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String
    /// Where a key's text lies when its bytes are exactly its UTF-8 (see `SourceTree.plainKeyRange`).
    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>?
    /// Where a string's text lies when its bytes are exactly its UTF-8.
    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>?
    /// The text of a number node as written (`1E3`, `0x1F`), or nil when the format has none.
    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String?
    /// Whether a one-entry `CF$UID` dictionary is how the format spells a keyed-archive UID.
    static var spellsUIDsAsDictionaries: Bool { get }
}

extension PlistFormat {
    /// The type that reads this format.
    var syntax: any SourceSyntax.Type {
        switch self {
        case .xml: XMLPlistParser.self
        case .json: JSONPlistParser.self
        case .jsonc: JSONCSyntax.self
        case .openStep: OpenStepParser.self
        case .binary: BinaryPlistParser.self
        }
    }
}

extension XMLPlistParser: SourceSyntax {
    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.hasKey, node.flags & SourceNode.Flags.keyEscaped == 0, let (gt, selfClosing) = keyTagEnd(buffer, keyStart: Int(node.keyStart)) else { return nil }
        if selfClosing { return gt..<gt }
        let lt = ByteScan.firstIndex(of: UInt8(ascii: "<"), in: buffer.baseAddress!, from: gt + 1, end: buffer.count)
        return lt < buffer.count ? (gt + 1)..<lt : nil
    }

    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.kind == .string, node.flags & SourceNode.Flags.escaped == 0 else { return nil }
        let (start, end) = content(of: node, in: buffer)
        return start..<max(start, end)
    }

    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        let (start, end) = trimmed(buffer, content(of: node, in: buffer).0, content(of: node, in: buffer).1)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<max(start, end)]), as: UTF8.self)
    }

    static var spellsUIDsAsDictionaries: Bool { true }
}

extension JSONPlistParser: SourceSyntax {
    static func decodeKey(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        decodeString(at: Int(node.keyStart), escaped: node.flags & SourceNode.Flags.keyEscaped != 0, in: buffer)
    }

    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.hasKey, node.flags & SourceNode.Flags.keyEscaped == 0, let base = buffer.baseAddress else { return nil }
        // A plain key holds no quote: its end is the next one.
        let from = Int(node.keyStart) + 1
        let close = ByteScan.firstIndex(of: UInt8(ascii: "\""), in: base, from: from, end: buffer.count)
        return close < buffer.count ? from..<close : nil
    }

    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.kind == .string, node.flags & SourceNode.Flags.escaped == 0 else { return nil }
        return (Int(node.start) + 1)..<(Int(node.end) - 1)
    }

    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[node.byteRange]), as: UTF8.self)
    }

    static var spellsUIDsAsDictionaries: Bool { false }
}

/// JSONC reads as JSON does, and stays JSONC when parsed again after an edit.
enum JSONCSyntax: SourceSyntax {
    static func parse(_ bytes: [UInt8]) throws -> SourceTree { try JSONPlistParser.parse(bytes, as: .jsonc) }
    static func decodeScalar(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> PlistValue { JSONPlistParser.decodeScalar(node, in: buffer) }
    static func decodeKey(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String { JSONPlistParser.decodeKey(node, in: buffer) }
    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? { JSONPlistParser.plainKeyRange(node, in: buffer) }
    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? { JSONPlistParser.plainStringRange(node, in: buffer) }
    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String? { JSONPlistParser.numberText(node, in: buffer) }
    static var spellsUIDsAsDictionaries: Bool { false }
}

extension OpenStepParser: SourceSyntax {
    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.hasKey, node.flags & SourceNode.Flags.keyEscaped == 0, let base = buffer.baseAddress else { return nil }
        let start = Int(node.keyStart)
        let c = buffer[start]
        guard c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") else { return start..<stringEnd(at: start, in: buffer) }
        // Not escaped: no backslash, the first quote like the opening one closes it.
        return (start + 1)..<ByteScan.firstIndex(of: c, in: base, from: start + 1, end: buffer.count)
    }

    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.kind == .string, node.flags & SourceNode.Flags.escaped == 0 else { return nil }
        return unquoted(node.byteRange, in: buffer)
    }

    /// A string token's text without its quotes.
    static func unquoted(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let c = buffer[range.lowerBound]
        guard c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") else { return range }
        return (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1)
    }

    /// OpenStep has no numbers: every one is a string.
    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String? { nil }

    static var spellsUIDsAsDictionaries: Bool { false }
}

extension BinaryPlistParser: SourceSyntax {
    static func decodeKey(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        (try? decodeKey(at: Int(node.keyStart), in: buffer)) ?? ""
    }

    static func plainKeyRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        node.hasKey ? plainRange(at: Int(node.keyStart), in: buffer) : nil
    }

    static func plainStringRange(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard node.kind == .string, node.flags & SourceNode.Flags.escaped == 0 else { return nil }
        return plainRange(at: Int(node.start), in: buffer)
    }

    /// A binary ASCII (or UTF-8) string object's payload. A length in the marker (under 15
    /// bytes: most keys) is read right there; a longer one through `header` (a call and a
    /// throwing path per key were a visible part of printing and guessing a binary file).
    @inline(__always) static func plainRange(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard offset < buffer.count else { return nil }
        let marker = buffer[offset]
        guard marker >> 4 == 0x5 || marker >> 4 == 0x7 else { return nil }
        if marker & 0x0F != 0x0F { return (offset + 1)..<(offset + 1 + Int(marker & 0x0F)) }
        guard let h = try? header(buffer, at: offset, limit: buffer.count) else { return nil }
        return h.payload..<(h.payload + h.count)
    }

    /// Binary numbers are stored as values: there is no spelling to keep.
    static func numberText(_ node: SourceNode, in buffer: UnsafeBufferPointer<UInt8>) -> String? { nil }

    static var spellsUIDsAsDictionaries: Bool { false }
}
