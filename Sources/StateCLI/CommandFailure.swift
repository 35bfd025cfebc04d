import ArgumentParser
import Foundation
import State

/// Exit codes shared by every subcommand, so scripts can tell failures apart.
enum CommandFailure {
    /// The input file cannot be read or parsed.
    static let badInput = ExitCode(1)
    /// The value cannot be represented in the requested format.
    static let conversion = ExitCode(2)
    /// The output cannot be written.
    static let output = ExitCode(3)
    /// The edit does not fit the schema (EX_DATAERR); nothing was written.
    static let invalid = ExitCode(65)
    /// The arguments are wrong: a key path that is not there, a value that does not parse
    /// (ArgumentParser's own usage errors use the same code).
    static let badArguments = ExitCode(64)

    /// Reads and parses the file a command was given, or fails with `badInput` naming it.
    /// Prints `state: FILE: message` to stderr and returns the exit code to throw.
    static func report(_ error: Error, file: String?, code: ExitCode) -> ExitCode {
        let message = (error as? PlistError)?.description ?? "\(error)"
        // Messages from the file layer name the path themselves: say it once.
        let named = file.map { $0 != "-" && (message.contains($0) || message.contains(URL(fileURLWithPath: $0).path)) } ?? true
        StandardStream.error.write("state: \(named ? "" : "\(file!): ")\(message)\n")
        return code
    }
}
