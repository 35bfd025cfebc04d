import ArgumentParser
import Foundation
import State
import StateSchema

/// `state validate FILE --schema SCHEMA`: every problem as `keypath: message`; exit 1 when
/// there is an error.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a model file against its schema; list problems as `keypath: message`.",
        discussion: "Exit status: 0 valid (warnings allowed), 1 errors found or the file cannot be read, 64 bad arguments or no schema."
    )

    @Argument(help: "The file to check (XML or binary plist, JSON, JSONC, OpenStep); - reads standard input.")
    var file: String

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(help: "Print the diagnostics as JSON (an array of {path, severity, kind, message}).")
    var json = false

    func run() throws {
        let input = InputFile(file)
        let tree = try input.readTree()
        guard let schema = try schemaOptions.load(for: input.url, tree: tree, notingSkipped: true) else {
            let why = input.isStandardInput ? "none given (--schema)" : "none given, and none found beside it that fits (see --help for where state looks)"
            StandardStream.error.write("state: \(input.name): no schema to validate against: \(why)\n")
            throw ExitCode(64)
        }
        let document = SchemaValidator(schema: schema).validate(tree, as: schemaOptions.root)
        if json {
            let items: [PlistValue] = document.diagnostics.map {
                ["path": .string($0.path.description), "severity": .string($0.severity.rawValue), "kind": .string($0.kind.rawValue), "message": .string($0.message)]
            }
            StandardStream.output.write(try PlistValue.array(items).serialized(as: .json))
        } else {
            for d in document.diagnostics { StandardStream.output.write(d.description + "\n") }
        }
        if !document.errors.isEmpty { throw ExitCode(1) }
    }
}
