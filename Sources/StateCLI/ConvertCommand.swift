import ArgumentParser
import Foundation
import State
import StateDocument

/// `state convert FILE --to FORMAT -o OUT`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a model file to XML plist, binary plist or JSON.",
        discussion: """
            Converting to the file's own format copies it byte for byte. To JSON, dates become \
            ISO-8601 strings and data becomes base64 strings (with a warning); keyed-archive UIDs \
            cannot be converted. From JSON, null cannot be converted to a property list. Nothing \
            is written when the conversion fails, and OUT is replaced atomically.
            """
    )

    @Argument(help: "The file to convert; - reads standard input.")
    var file: String

    @Option(name: .long, help: "The format to write: xml (xml1), binary (binary1, bplist) or json.")
    var to: PlistFormat

    @Option(name: .shortAndLong, help: "Where to write; - for standard output.")
    var output: String

    func run() throws {
        let input = InputFile(file)
        let tree = try input.readTree()
        var warnings: [PlistWarning] = []
        let bytes: [UInt8]
        do {
            bytes = try tree.serialized(as: to, warnings: &warnings)
        } catch {
            throw CommandFailure.report(error, file: input.name, code: CommandFailure.conversion)
        }
        for warning in warnings { StandardStream.error.write("state: warning: \(warning)\n") }
        if output == "-" {
            StandardStream.output.write(bytes)
            return
        }
        do {
            let outcome = try AtomicFile.write(bytes, to: URL(fileURLWithPath: output))
            for note in outcome.notes { StandardStream.error.write("state: \(output): \(note)\n") }
        } catch {
            throw CommandFailure.report(error, file: output, code: CommandFailure.output)
        }
    }
}

extension PlistFormat: ExpressibleByArgument {
    /// The same names `:w FILE FORMAT` takes in the browser (`bplist`, `xml1`, …).
    public init?(argument: String) {
        self.init(name: argument)
    }
}
