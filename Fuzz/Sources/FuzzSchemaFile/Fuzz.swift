import StateSchema

/// Any text as a schema file; a schema that loads must export a file that loads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let schema = try? SchemaFileParser.parse(text, file: "fuzz") else { return 0 }
    let exported = SchemaFileWriter.render(schema)
    guard (try? SchemaFileParser.parse(exported, file: "exported")) != nil else { fatalError("exported schema does not load back:\n\(exported)") }
    return 0
}
