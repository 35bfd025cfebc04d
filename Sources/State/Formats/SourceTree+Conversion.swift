extension SourceTree {
    /// The file in `format`: its own format keeps the bytes exactly; another is written fresh
    /// from the values by that format's writer (what cannot be carried over is a warning, or
    /// an error with the key path).
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        // A JSON file is a JSONC file as it is.
        if format == self.format || (self.format == .json && format == .jsonc) { return fileBytes }
        try refuseWideNumbers()
        if self.format == .jsonc, format != .jsonc {
            warnings.append(PlistWarning("comments and trailing commas are not kept: \(format) has none"))
        }
        // Written straight from the spans (a key twice written as the value tree holds it, see
        // `SpanSource.repeatedKeys`); OpenStep output goes through the value tree.
        if let bytes = try writtenFromSpans(as: format, warnings: &warnings) { return bytes }
        // Another format goes through the value tree, which costs more than the node list:
        // refuse up front rather than fail an allocation halfway (see MemoryBudget).
        let needed = UInt64(nodes.count) * MemoryBudget.bytesPerValue + UInt64(bytes.count)
        guard needed <= MemoryBudget.total / 2 else {
            throw PlistError(
                "converting \(nodes.count) values needs about \(needed >> 20) MB, more than half the \(MemoryBudget.total >> 20) MB this process may use",
                at: .byte(offset: 0))
        }
        return try value().serialized(as: format, warnings: &warnings)
    }

    /// The file in `format`, its text stored in `encoding` (nil: the file's own encoding for
    /// its own format, else UTF-8). XML and OpenStep are written in UTF-16 too; JSON is UTF-8
    /// (RFC 8259) and a binary property list has no text encoding.
    public func serialized(as format: PlistFormat, encoding: TextEncoding?, warnings: inout [PlistWarning]) throws -> [UInt8] {
        guard let encoding else { return try serialized(as: format, warnings: &warnings) }
        if format == self.format, encoding == self.encoding { return fileBytes }
        switch format {
        case .binary:
            throw PlistError("a binary property list has no text encoding; \(encoding) applies to XML")
        case .json where !encoding.isUTF8, .jsonc where !encoding.isUTF8:
            throw PlistError("JSON is written in UTF-8 (RFC 8259); \(encoding) applies to XML")
        case .json, .jsonc:
            return format == self.format ? bytes : try serialized(as: format, warnings: &warnings)
        case .openStep:
            // `.strings` files are often UTF-16; OpenStep has no declaration to change.
            return encoding.bytes(fromUTF8: format == self.format ? bytes : try serialized(as: format, warnings: &warnings))
        case .xml:
            // The same format keeps its text (comments, layout) and changes only the encoding.
            let text = format == self.format ? bytes : try serialized(as: format, warnings: &warnings)
            return encoding.xmlBytes(fromUTF8: text)
        }
    }

    /// The file written in `format` from the span tree, without a value tree; nil for a
    /// format only the value tree's writer writes (OpenStep).
    private func writtenFromSpans(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8]? {
        guard Self.spanFormats.contains(format) else { return nil }
        var out = OutputBuffer(capacity: format == .binary ? bytes.count / 2 + 64 : bytes.count + 64)
        defer { out.deallocate() }
        do {
            try write(as: format, into: &out, warnings: &warnings)
        } catch is NotStreamable {
            return nil
        }
        return out.bytes
    }

    /// The formats written straight from the span tree.
    private static let spanFormats: Set<PlistFormat> = [.xml, .json, .jsonc, .binary]

    /// The value at `node` (and below it) as a whole file in `format` — `value(at:)` written
    /// by that format's writer (even in the file's own format: written fresh, not copied), but
    /// from the spans where it can be (`state get` of a subtree).
    public func serialized(at node: Int, as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        if Self.spanFormats.contains(format), !nodes[node...(node + Int(nodes[node].size))].contains(where: \.isWideNumber) {
            var out = OutputBuffer()
            defer { out.deallocate() }
            do {
                try write(node, as: format, into: &out, warnings: &warnings)
                return out.bytes
            } catch is NotStreamable {}
        }
        return try value(at: node).serialized(as: format, warnings: &warnings)
    }

    /// Writes the value at `node` in `format` into `out` from the spans; warnings only when it
    /// succeeds.
    private func write(_ node: Int = SourceTree.root, as format: PlistFormat, into out: inout OutputBuffer, warnings: inout [PlistWarning]) throws {
        var written: [PlistWarning] = []
        try bytes.withUnsafeBufferPointer { buffer in
            let source = SpanSource(tree: self, buffer: buffer, root: node)
            switch format {
            case .xml: try XMLPlistWriter.document(into: &out) { writer, out in try writer.write(node, of: source, into: &out) }
            case .json, .jsonc:
                try JSONWriter.document(into: &out, warnings: &written) { writer, out in try writer.write(node, of: source, into: &out) }
            case .binary: try BinaryPlistWriter.document(source, into: &out)
            case .openStep: throw NotStreamable()
            }
            if let lost = source.precisionWarning(for: format) { written.append(lost) }
        }
        warnings += written
    }

    /// A conversion that can only be written whole (see `stream(as:warnings:to:)`).
    public struct NotStreamable: Error {}

    /// Writes the file in `format` to `sink` in pieces of about a megabyte as it walks the
    /// span tree, so that neither a value tree nor the whole output is ever in memory.
    ///
    /// Throws `NotStreamable` — possibly after handing `sink` some bytes, which the caller
    /// must discard — when the file can only be written whole: OpenStep output.
    /// `serialized(as:warnings:)` writes it. Other errors are the same as
    /// `serialized`'s, and may also come after some bytes.
    public func stream(as format: PlistFormat, warnings: inout [PlistWarning], to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if format == self.format || (self.format == .json && format == .jsonc) {
            try fileBytes.withUnsafeBufferPointer { try sink($0) }
            return
        }
        guard Self.spanFormats.contains(format) else { throw NotStreamable() }
        try refuseWideNumbers()
        if self.format == .jsonc, format != .jsonc {
            warnings.append(PlistWarning("comments and trailing commas are not kept: \(format) has none"))
        }
        try withoutActuallyEscaping(sink) { sink in
            var out = OutputBuffer(sink: sink)
            defer { out.deallocate() }
            try write(as: format, into: &out, warnings: &warnings)
            try out.finish()
        }
    }

    /// Only JSON has numbers wider than a value can hold: refused for every other format.
    private func refuseWideNumbers() throws {
        guard self.format.isJSON, let wide = nodes.firstIndex(where: \.isWideNumber) else { return }
        let text = numberText(of: wide) ?? ""
        throw PlistError(
            "the number \(text) is beyond what property lists hold (64-bit integers and Doubles); only JSON keeps it",
            at: .keyPath(NodeLinks(self).path(of: wide, in: self).description))
    }
}
