import ArgumentParser
import Foundation
import State

/// Unbuffered writes to stdout/stderr, in bytes (model files are not always text-sized).
enum StandardStream {
    case output, error

    func write(_ text: String) { write(Array(text.utf8)) }

    /// Writes everything; a closed pipe ends the process quietly (`LocalProcess.writeAll`).
    func write(_ bytes: [UInt8]) {
        LocalProcess.writeAll(bytes, to: self == .output ? STDOUT_FILENO : STDERR_FILENO)
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        LocalProcess.writeAll(UnsafeRawBufferPointer(bytes), to: self == .output ? STDOUT_FILENO : STDERR_FILENO)
    }
}
