extension SourceTree {
    /// The file in `format`: its own format keeps the bytes exactly; another is written fresh
    /// from the values by that format's writer (what cannot be carried over is a warning, or
    /// an error with the key path).
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        if format == self.format { return bytes }
        // Only JSON has numbers wider than a value can hold.
        if self.format == .json, let wide = nodes.firstIndex(where: \.isWideNumber) {
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
        return try value().serialized(as: format, warnings: &warnings)
    }
}
