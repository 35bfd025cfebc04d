import ArgumentParser
import Foundation
import State
import StateDocument

/// `state delete FILE... KEYPATH`: remove the entries or items a key path names.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete the dictionary entry or array item at a key path, with its separator and nothing else.",
        discussion: "With a schema, deleting a required field is refused (exit 65). Exit status as for `state set`."
    )

    @Argument(help: KeyPathArguments.help(value: false))
    var words: [String] = []

    @OptionGroup var editing: EditOptions
    var dryRun: Bool { editing.dryRun }
    var allowNoMatch: Bool { editing.allowNoMatch }

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        _ = try KeyPathArguments(words, takesValue: false)
    }

    func run() throws {
        let arguments = try KeyPathArguments(words, takesValue: false)
        let pattern = try arguments.pattern
        guard !arguments.namesMany(pattern), !allowNoMatch, let path = pattern.plainPath else {
            let bulk = BulkEdit(arguments: arguments, schemaOptions: schemaOptions, dryRun: dryRun, allowNoMatch: allowNoMatch, verb: "deleted")
            return try bulk.run(pattern) { _, node, path in node == SourceTree.root ? nil : [.delete(path)] }
        }
        var edit = try ScriptedEdit(file: arguments.files[0], schemaOptions: schemaOptions, dryRun: dryRun)
        _ = try edit.node(path)
        let changed = try edit.apply([.delete(path)])
        if dryRun { StandardStream.error.write("state: --dry-run: would have \(changed ? "deleted 1 value" : "changed nothing"); nothing written\n") }
    }
}
