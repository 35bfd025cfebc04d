import Foundation

/// Runs a program to completion and captures its output.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: String

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

package enum ProcessRunner {
    package static func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String]? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: [UInt8](outData), stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    /// Runs `python3 -c script args…`.
    package static func python(_ script: String, _ arguments: [String], stdin: [UInt8] = []) throws -> ProcessResult {
        try SystemPackage.python3.require()
        return try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments, stdin: stdin)
    }
}
