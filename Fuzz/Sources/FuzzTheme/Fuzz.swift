import StateBrowser

/// Any bytes as a theme file: read the model, then resolve it into a theme.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ThemeCheck.check(bytes: bytes)
    return 0
}
