/// What every format's parser is: made over the file's bytes, run once, leaving the node
/// table. `parsed(_:as:with:)` runs one over a byte array.
protocol NodeParser {
    init(buffer: UnsafeBufferPointer<UInt8>) throws
    mutating func run() throws
    var nodes: [SourceNode] { get }
}

extension SourceTree {
    /// `bytes` parsed by `parser` into a tree of `format`.
    static func parsed<Parser: NodeParser>(_ bytes: [UInt8], as format: PlistFormat, with parser: Parser.Type) throws -> SourceTree {
        let nodes = try bytes.withUnsafeBufferPointer { buffer in
            var parser = try Parser(buffer: buffer)
            try parser.run()
            return parser.nodes
        }
        return SourceTree(bytes: bytes, format: format, nodes: nodes)
    }
}
