extension SourceTree {
    /// The file in `format`: its own format keeps the bytes exactly; another is written fresh
    /// from the values by that format's writer (what cannot be carried over is a warning, or
    /// an error with the key path).
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        if format == self.format { return bytes }
        return try value().serialized(as: format, warnings: &warnings)
    }
}
