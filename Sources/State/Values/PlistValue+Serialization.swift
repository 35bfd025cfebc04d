/// Reading and writing whole values in any of the three formats.
extension PlistValue {
    /// Parses a file's bytes, detecting the format from the content.
    public init(parsing bytes: [UInt8]) throws {
        self = try SourceTree(parsing: bytes).value()
    }

    /// Serializes the value as a complete file. Warnings (dates and data written to JSON as
    /// strings) are appended to `warnings`.
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        let bytes =
            switch format {
            case .xml: try XMLPlistWriter.document(self)
            case .binary: try BinaryPlistWriter.document(self)
            case .json, .jsonc: try JSONWriter.document(self, warnings: &warnings)
            case .openStep: try OpenStepWriter.document(self)
            }
        if let lost = precisionWarning(for: format) { warnings.append(lost) }
        return bytes
    }

    /// Serializes the value as a complete file, ignoring warnings.
    public func serialized(as format: PlistFormat) throws -> [UInt8] {
        var warnings: [PlistWarning] = []
        return try serialized(as: format, warnings: &warnings)
    }
}
