import Foundation

/// Copies extended attributes from one open file to another, so that a save that replaces a
/// file keeps its tags, quarantine flags and (on Linux, where they are attributes) its ACLs.
///
/// Darwin's module declares the calls; Glibc's module map leaves out `<sys/xattr.h>`, so on
/// Linux they are looked up in the C library at run time (every glibc and musl has them).
enum ExtendedAttributes {
    /// Copies every attribute of `source` to `destination`; returns the names that could not
    /// be copied (SELinux labels are left to the system, which gives new files their own).
    static func copy(from source: Int32, to destination: Int32) -> [String] {
        guard let names = names(of: source) else { return [] }
        var failed: [String] = []
        for name in names where name != "security.selinux" {
            guard let value = value(of: name, in: source), set(name, value, on: destination) else {
                failed.append(name)
                continue
            }
        }
        return failed
    }

    private static func names(of fd: Int32) -> [String]? {
        let size = list(fd, nil, 0)
        guard size > 0 else { return size == 0 ? [] : nil }
        var buffer = [CChar](repeating: 0, count: size)
        let filled = buffer.withUnsafeMutableBufferPointer { list(fd, $0.baseAddress, size) }
        guard filled > 0 else { return nil }
        return buffer[0..<filled].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    private static func value(of name: String, in fd: Int32) -> [UInt8]? {
        let size = get(fd, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(size, 1))
        let filled = buffer.withUnsafeMutableBytes { get(fd, name, $0.baseAddress, size) }
        guard filled >= 0 else { return nil }
        return Array(buffer[0..<filled])
    }

    #if canImport(Darwin)
        private static func list(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            flistxattr(fd, buffer, size, 0)
        }
        private static func get(_ fd: Int32, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
            fgetxattr(fd, name, buffer, size, 0, 0)
        }
        private static func set(_ name: String, _ value: [UInt8], on fd: Int32) -> Bool {
            value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, value.count, 0, 0) } == 0
        }
    #else
        private typealias ListCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
        private typealias GetCall = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        private typealias SetCall = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

        private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        private static let listCall = symbol("flistxattr", as: ListCall.self)
        private static let getCall = symbol("fgetxattr", as: GetCall.self)
        private static let setCall = symbol("fsetxattr", as: SetCall.self)

        private static func list(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            listCall?(fd, buffer, size) ?? 0
        }
        private static func get(_ fd: Int32, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
            getCall?(fd, name, buffer, size) ?? -1
        }
        private static func set(_ name: String, _ value: [UInt8], on fd: Int32) -> Bool {
            value.withUnsafeBytes { setCall?(fd, name, $0.baseAddress, value.count, 0) } == 0
        }
    #endif
}
