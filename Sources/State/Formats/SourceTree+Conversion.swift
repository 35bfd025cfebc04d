extension SourceTree {
    /// The file in `format`: its own format keeps the bytes exactly; another is written fresh
    /// from the values by that format's writer (what cannot be carried over is a warning, or
    /// an error with the key path).
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        // A JSON file is a JSONC file as it is.
        if format == self.format || (self.format == .json && format == .jsonc) { return fileBytes }
        // Only JSON has numbers wider than a value can hold.
        if self.format.isJSON, let wide = nodes.firstIndex(where: \.isWideNumber) {
            let text = numberText(of: wide) ?? ""
            throw PlistError(
                "the number \(text) is beyond what property lists hold (64-bit integers and Doubles); only JSON keeps it",
                at: .keyPath(NodeLinks(self).path(of: wide, in: self).description))
        }
        if self.format == .jsonc, format != .jsonc {
            warnings.append(PlistWarning("comments and trailing commas are not kept: \(format) has none"))
        }
        // Written straight from the spans where it can be; a dictionary with a key twice (and
        // OpenStep output) goes through the value tree.
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

    /// The file written in `format` from the span tree, without a value tree; nil when only
    /// the value tree can say what to write (see `SpanSource`).
    private func writtenFromSpans(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8]? {
        var written: [PlistWarning] = []
        let bytes: [UInt8]? = try self.bytes.withUnsafeBufferPointer { buffer in
            let source = SpanSource(tree: self, buffer: buffer)
            do {
                let bytes: [UInt8]
                switch format {
                case .xml: bytes = try XMLPlistWriter.document { writer, out in try writer.write(SourceTree.root, of: source, into: &out) }
                case .json, .jsonc:
                    bytes = try JSONWriter.document(warnings: &written) { writer, out in try writer.write(SourceTree.root, of: source, into: &out) }
                case .binary: bytes = try BinaryPlistWriter.document(source)
                default: return nil
                }
                if let lost = source.precisionWarning(for: format) { written.append(lost) }
                return bytes
            } catch is SpanSource.NeedsValueTree {
                return nil
            }
        }
        if bytes != nil { warnings += written }
        return bytes
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
}
