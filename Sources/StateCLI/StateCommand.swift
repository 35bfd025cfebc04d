import ArgumentParser

/// `state`: browse, edit and script model files (XML plist, binary plist, JSON).
package struct StateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Browse, edit and script State model files (XML plist, binary plist, JSON).",
        discussion: """
            `state [FILE]` opens FILE, or the bundled Asset Library example when no file is given.
            Formats are detected from the content, never from the file name.
            Exit status: 0 success, 1 the input file cannot be read or parsed, 2 the value cannot \
            be converted to the requested format, 3 the output cannot be written, 64 bad arguments (including a key path that is not there), 65 an edit that does not fit the schema.
            """,
        version: StateCommand.version,
        subcommands: [
            OpenCommand.self, PrintCommand.self, GetCommand.self, SetCommand.self, AddCommand.self, DeleteCommand.self, ConvertCommand.self, SchemaCommand.self,
            ValidateCommand.self, GenerateCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// `state --version`: this release.
    package static let version = "0.6.0"

    package init() {}
}
