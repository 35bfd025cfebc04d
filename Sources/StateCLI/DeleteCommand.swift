import ArgumentParser
import Foundation
import State
import StateDocument

/// `state delete FILE KEYPATH`: remove one entry or item.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete the dictionary entry or array item at a key path, with its separator and nothing else.",
        discussion: "With a schema, deleting a required field is refused (exit 65). Exit status as for `state set`."
    )

    @OptionGroup var target: KeyPathArguments
    var file: String { target.file }
    var keyPath: String { target.keyPath }

    @OptionGroup var schemaOptions: SchemaOptions

    func run() throws {
        var edit = try ScriptedEdit(file: file, schemaOptions: schemaOptions)
        let path = PlistPath(parsing: keyPath)
        _ = try edit.node(path)
        try edit.apply([.delete(path)])
    }
}
