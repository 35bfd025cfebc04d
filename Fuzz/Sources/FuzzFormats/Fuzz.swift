import State
import StateDocument

/// Any bytes as a property list or JSON file: parse, decode every value, and edit it — a
/// located error is fine, a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tree = try? SourceTree(parsing: bytes) else { return 0 }
    _ = tree.value()
    var session = EditSession(tree: tree)
    _ = try? session.apply(.set(PlistPath(parsing: "fuzz"), "x"))
    var warnings: [PlistWarning] = []
    for format in [PlistFormat.xml, .json, .binary] {
        if let out = try? tree.serialized(as: format, warnings: &warnings) {
            // What is written must read back.
            guard (try? SourceTree(parsing: out)) != nil else { fatalError("\(format) output does not read back") }
        }
    }
    return 0
}
