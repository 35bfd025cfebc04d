import StateSchema

/// Any bytes as an Xcode model's contents; a model that loads must export a schema file that
/// loads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let schema = try? XcodeModelLoader.load(contents: bytes, file: "fuzz") else { return 0 }
    let exported = SchemaFileWriter.render(schema)
    guard (try? SchemaFileParser.parse(exported, file: "exported")) != nil else { fatalError("exported schema does not load back:\n\(exported)") }
    return 0
}
