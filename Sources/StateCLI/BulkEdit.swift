import ArgumentParser
import Foundation
import State
import StateDocument

/// One edit on every value a key path names, in every file given: what `set`, `add` and
/// `delete` do with a pattern, several files or a folder.
///
/// Each file is its own edit — opened, changed in one step, checked against its schema, saved
/// atomically — so a file that does not parse, does not fit its schema or cannot be saved is
/// reported (with where) and the others are still done; the exit status is then that
/// failure's. Nothing lets one file's failure undo another's save: see DECISIONS.
struct BulkEdit {
    let arguments: KeyPathArguments
    let schemaOptions: SchemaOptions
    let dryRun: Bool
    let allowNoMatch: Bool
    /// Past tense for the summary: "set", "deleted", "added".
    let verb: String

    /// What one matched value becomes, in one file: the operations (empty: nothing to do for
    /// it), or nil when the match is not something this edit applies to (a non-color for a
    /// color adjustment), counted and reported as skipped.
    typealias Change = (_ edit: ScriptedEdit, _ node: Int, _ path: PlistPath) throws -> [EditOperation]?

    func run(_ pattern: PathPattern, skippedAs skippedNoun: String? = nil, change: Change) throws {
        let files = try Targets.resolve(arguments.files)
        var changedValues = 0, changedFiles = 0, matched = 0, skipped = 0
        var failure: ExitCode?
        for file in files {
            var edit: ScriptedEdit
            do {
                edit = try ScriptedEdit(file: file.argument, schemaOptions: schemaOptions, dryRun: dryRun, name: file.name)
            } catch let code as ExitCode {
                failure = failure ?? code
                continue
            }
            let nodes = pattern.matches(in: edit.tree)
            matched += nodes.count
            guard !nodes.isEmpty else {
                // A filter passes standard input on even when nothing in it matched.
                if edit.document == nil, !dryRun { StandardStream.output.write(edit.session.fileBytes) }
                continue
            }
            let links = NodeLinks(edit.tree)
            var operations: [EditOperation] = []
            var count = 0
            // Last first: an edit never moves a value an earlier one still has to find.
            for node in nodes.reversed() {
                guard let made = try change(edit, node, links.path(of: node, in: edit.tree)) else {
                    skipped += 1
                    continue
                }
                if !made.isEmpty {
                    count += 1
                    operations += made
                }
            }
            guard !operations.isEmpty else {
                if edit.document == nil, !dryRun { StandardStream.output.write(edit.session.fileBytes) }
                continue
            }
            do {
                if try edit.apply(operations) {
                    changedValues += count
                    changedFiles += 1
                }
            } catch let code as ExitCode {
                failure = failure ?? code
            }
        }
        if matched == 0, !allowNoMatch {
            let place = files.count == 1 ? files[0].name : "any of the \(files.count) files"
            StandardStream.error.write("state: no value matches \(pattern.text) in \(place)\n")
            throw failure ?? CommandFailure.badArguments
        }
        if let skippedNoun, skipped > 0 {
            StandardStream.error.write(
                "state: \(skipped) of the \(matched) values \(pattern.text) names \(skipped == 1 ? "is" : "are") not \(skippedNoun), left as \(skipped == 1 ? "it is" : "they are")\n"
            )
            if skipped == matched {
                throw failure ?? CommandFailure.badArguments
            }
        }
        if dryRun || arguments.namesMany(pattern) {
            let values = "\(changedValues) value\(changedValues == 1 ? "" : "s")"
            let inFiles = "in \(changedFiles) file\(changedFiles == 1 ? "" : "s")" + (files.count > changedFiles ? " (of \(files.count))" : "")
            StandardStream.error.write(dryRun ? "state: --dry-run: would have \(verb) \(values) \(inFiles); nothing written\n" : "state: \(verb) \(values) \(inFiles)\n")
        }
        if let failure { throw failure }
    }
}

/// The files FILE arguments name: each file as given, each folder's readable files.
enum Targets {
    struct File {
        /// The argument to open (a path, or - for standard input).
        let argument: String
        /// How messages name it: as given, or the folder as given plus the path in it.
        let name: String
    }

    static func resolve(_ arguments: [String]) throws -> [File] {
        var files: [File] = []
        for argument in arguments {
            guard argument != "-", FolderFiles.isFolder(URL(fileURLWithPath: argument)) else {
                files.append(File(argument: argument, name: InputFile(argument).name))
                continue
            }
            let listed: [(relativePath: String, url: URL)]
            do {
                listed = try FolderFiles.list(URL(fileURLWithPath: argument))
            } catch {
                throw CommandFailure.report(error, file: argument, code: CommandFailure.badInput)
            }
            guard !listed.isEmpty else {
                throw CommandFailure.report(
                    PlistError("\(argument): no file state reads in this folder (plist, JSON, strings, entitlements or project files)"), file: argument,
                    code: CommandFailure.badInput)
            }
            let folder = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            for entry in listed { files.append(File(argument: entry.url.path, name: folder + "/" + entry.relativePath)) }
        }
        return files
    }
}
