import State
import StateDocument

/// Any bytes as a property list or JSON file: parse, decode every value, and edit it — a
/// located error is fine, a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tree = try? SourceTree(parsing: bytes) else { return 0 }
    // A file read is stored back as it was (UTF-16 is transcoded both ways).
    guard tree.fileBytes == bytes else { fatalError("\(tree.encoding) text does not store back as read") }
    _ = tree.value()
    var session = EditSession(tree: tree)
    var warnings: [PlistWarning] = []
    if (try? session.apply(.set(PlistPath(parsing: "fuzz"), "x"))) != nil {
        // An edited UTF-16 file is still UTF-16 and reads back.
        guard (try? SourceTree(parsing: session.fileBytes))?.encoding == tree.encoding else { fatalError("an edit changed the encoding") }
    }
    for encoding in [TextEncoding.utf16(bigEndian: true, byteOrderMark: true), .utf8] {
        if let out = try? tree.serialized(as: .xml, encoding: encoding, warnings: &warnings) {
            guard (try? SourceTree(parsing: out))?.encoding == encoding else { fatalError("XML in \(encoding) does not read back") }
        }
    }
    for format in [PlistFormat.xml, .json, .binary] {
        if let out = try? tree.serialized(as: format, warnings: &warnings) {
            // What is written must read back.
            guard (try? SourceTree(parsing: out)) != nil else { fatalError("\(format) output does not read back") }
        }
    }
    return 0
}
