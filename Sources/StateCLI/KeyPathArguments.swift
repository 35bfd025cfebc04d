import ArgumentParser

/// `FILE KEYPATH`, as `get`, `set`, `add` and `delete` take them.
struct KeyPathArguments: ParsableArguments {
    @Argument(help: "The file (XML or binary plist, JSON, JSONC, OpenStep); - reads standard input (and set, add and delete write the result to standard output).")
    var file: String

    @Argument(help: "The key path in plutil's dot syntax (domains.Game.groups.Palette.assets.0.name); see the command's discussion for what it names.")
    var keyPath: String
}
