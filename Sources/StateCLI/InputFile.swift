import Foundation
import State

/// A FILE argument: a path, or `-` for standard input (`cat f.plist | state print -`).
struct InputFile {
    let argument: String

    init(_ argument: String) {
        self.argument = argument
    }

    var isStandardInput: Bool { argument == "-" }

    /// How messages name it.
    var name: String { isStandardInput ? "<stdin>" : argument }

    /// The file on disk (for schema discovery and saving); nil for standard input.
    var url: URL? { isStandardInput ? nil : URL(fileURLWithPath: argument) }

    /// Reads and parses it, or reports why not (exit 1) naming it `name` (default: as given).
    func readTree(name: String? = nil) throws -> SourceTree {
        do {
            return try url.map { try SourceTree(contentsOf: $0) } ?? SourceTree(parsing: try FileBytes.readStandardInput())
        } catch {
            throw CommandFailure.report(error, file: name ?? self.name, code: CommandFailure.badInput)
        }
    }
}
