import ArgumentParser
import Foundation
import State

/// Unbuffered writes to stdout/stderr, in bytes (model files are not always text-sized).
enum StandardStream {
    case output, error

    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) {
        let handle = self == .output ? FileHandle.standardOutput : FileHandle.standardError
        bytes.withUnsafeBytes { handle.write(Data($0)) }
    }
}
