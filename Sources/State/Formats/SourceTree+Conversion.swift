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
        // Another format goes through the value tree, which costs more than the node list:
        // refuse up front rather than fail an allocation halfway (see MemoryBudget).
        let needed = UInt64(nodes.count) * MemoryBudget.bytesPerValue + UInt64(bytes.count)
        guard needed <= MemoryBudget.total / 2 else {
            throw PlistError(
                "converting \(nodes.count) values needs about \(needed >> 20) MB, more than half the \(MemoryBudget.total >> 20) MB this process may use",
                at: .byte(offset: 0))
        }
        if self.format == .jsonc {
            warnings.append(PlistWarning("comments and trailing commas are not kept: \(format) has none"))
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
}
