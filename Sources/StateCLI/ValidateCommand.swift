import ArgumentParser
import Foundation
import State
import StateDocument
import StateSchema

/// `state validate FILE --schema SCHEMA`: every problem as `keypath: message`; exit 1 when
/// there is an error.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a model file against its schema; list problems as `keypath: message`.",
        discussion: "Exit status: 0 valid (warnings allowed), 1 errors found or the file cannot be read, 64 bad arguments or no schema."
    )

    @Argument(
        help:
            "The file to check (XML or binary plist, JSON, JSONC, OpenStep), or a folder (each file in it that has a schema, its problems as FILE: keypath: message); - reads standard input."
    )
    var file: String

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(help: "Print the diagnostics as JSON (an array of {path, severity, kind, message}).")
    var json = false

    func run() throws {
        guard file != "-", FolderFiles.isFolder(URL(fileURLWithPath: file)) else { return try validate(InputFile(file), name: nil) }
        var failure: ExitCode?
        var checked = 0, withoutSchema = 0
        var items: [PlistValue] = []
        for target in try Targets.resolve([file]) {
            let input = InputFile(target.argument)
            do {
                let tree = try input.readTree(name: target.name)
                guard let schema = try schemaOptions.load(for: input.url, tree: tree) else {
                    withoutSchema += 1
                    continue
                }
                checked += 1
                let document = SchemaValidator(schema: schema).validate(tree, as: schemaOptions.root)
                for d in document.diagnostics {
                    if json {
                        items.append([
                            "file": .string(target.name), "path": .string(d.path.description), "severity": .string(d.severity.rawValue), "kind": .string(d.kind.rawValue),
                            "message": .string(d.message),
                        ])
                    } else {
                        StandardStream.output.write("\(target.name): \(d.description)\n")
                    }
                }
                if !document.errors.isEmpty { failure = failure ?? ExitCode(1) }
            } catch let code as ExitCode {
                failure = failure ?? code
            }
        }
        if json { StandardStream.output.write(try PlistValue.array(items).serialized(as: .json)) }
        StandardStream.error.write("state: checked \(checked) file\(checked == 1 ? "" : "s") against a schema; \(withoutSchema) without one\n")
        if checked == 0 {
            StandardStream.error.write("state: \(file): no file in this folder has a schema to validate against (given with --schema, or found beside it)\n")
            throw failure ?? ExitCode(64)
        }
        if let failure { throw failure }
    }

    func validate(_ input: InputFile, name: String?) throws {
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
