import ArgumentParser
import Foundation
import State
import StateDocument

/// `FILE... KEYPATH [VALUE]`, as `get`, `set`, `add` and `delete` take them: one or more files
/// or folders (or `-` for standard input), then the key path, then — for set and add — the
/// value.
///
/// One array of words, split here, because ArgumentParser allows a repeated positional only
/// last; words that are no option (`-5`, `-inf`) are values, and everything after `--` is the
/// value as given.
struct KeyPathArguments {
    var files: [String]
    var keyPath: String
    var value: String?

    /// Splits `words`; `takesValue`: whether the last word is a VALUE (set and add without
    /// --color and its adjustments).
    init(_ words: [String], takesValue: Bool) throws {
        var before = words
        var after: [String]?
        if let dashes = words.firstIndex(of: "--") {
            before = Array(words[..<dashes])
            after = Array(words[(dashes + 1)...])
        }
        if after == nil || !takesValue, let option = before.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option '\(option)'" + (takesValue ? " (a value that starts with -- goes after --: state set FILE KEYPATH -- \(option))" : ""))
        }
        if takesValue {
            if let after {
                guard after.count == 1 else {
                    throw ValidationError(
                        after.isEmpty
                            ? "Missing expected argument '<value>' after --"
                            : "one VALUE, not \(after.count) (\(after.map { "'\($0)'" }.joined(separator: " "))); quote a value with spaces")
                }
                value = after[0]
            } else {
                guard before.count >= 3 else {
                    throw ValidationError(before.count < 2 ? "Missing expected arguments: FILE KEYPATH VALUE" : "Missing expected argument '<value>'")
                }
                value = before.removeLast()
            }
        } else if let after {
            guard after.isEmpty else { throw ValidationError("unexpected words after --: \(after.joined(separator: " "))") }
        }
        guard before.count >= 2, let keyPath = before.popLast() else {
            throw ValidationError(before.isEmpty ? "Missing expected arguments: FILE KEYPATH" : "Missing expected argument '<key-path>' (after the file)")
        }
        self.keyPath = keyPath
        files = before
        // A word after the first that is no file or folder is most likely a value's words
        // unquoted (`state set f.json name Ada Lovelace`): said so before anything is changed.
        if let missing = files.indices.dropFirst().first(where: { !FileManager.default.fileExists(atPath: files[$0]) }) {
            let rest = Array(words[(missing + 1)...].filter { $0 != "--" })
            if takesValue {
                throw ValidationError(
                    "one VALUE, not \(rest.count) (\(rest.map { "'\($0)'" }.joined(separator: " "))); quote a value with spaces (or, if '\(files[missing])' is meant as a file, it does not exist)"
                )
            }
            throw ValidationError("'\(files[missing])' is not a file or folder (only the last word is the key path)")
        }
        if files.count > 1, files.contains("-") {
            throw ValidationError("standard input (-) is read alone, not with other files")
        }
    }

    /// The key path, read as a pattern (a plain plutil path is one too), or a bad-arguments
    /// failure saying where it does not parse.
    var pattern: PathPattern {
        get throws {
            do {
                return try PathPattern(parsing: keyPath)
            } catch {
                throw CommandFailure.report(error, file: nil, code: CommandFailure.badArguments)
            }
        }
    }

    /// Whether the command may touch more than one value: a pattern, several files, a folder.
    func namesMany(_ pattern: PathPattern) -> Bool {
        pattern.isPattern || files.count > 1 || files.contains { $0 != "-" && FolderFiles.isFolder(URL(fileURLWithPath: $0)) }
    }

    /// The help for the words, shared by the commands.
    static func help(value: Bool) -> ArgumentHelp {
        ArgumentHelp(
            "One or more files or folders (- reads standard input), the key path\(value ? ", then the value" : "").",
            discussion: """
                Files: XML or binary plist, JSON, JSONC, OpenStep; a folder means every file in it \
                (and below) with a plist, json, strings, entitlements or project extension. The key \
                path is plutil's dot syntax (domains.Game.groups.Palette.assets.0.name), and may name \
                many values: * any key or index at one level, ** any depth, [PATH=VALUE] only values \
                whose PATH holds VALUE ([PATH!=VALUE], [?PATH] exists) — see the README.
                """,
            valueName: value ? "file... key-path value" : "file... key-path")
    }
}

/// The options `set`, `add` and `delete` share for edits on many values.
struct EditOptions: ParsableArguments {
    @Flag(help: "Print what would change as a diff, and write nothing.")
    var dryRun = false

    @Flag(help: "No value matching the key path is not an error.")
    var allowNoMatch = false
}
