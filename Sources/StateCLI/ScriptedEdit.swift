import ArgumentParser
import Foundation
import State
import StateDocument
import StateSchema

/// What `state set`, `add` and `delete` share: open the file, make the edit, check it against
/// the schema (when there is one), and save atomically — or, on any failure, write nothing.
/// With `-` as FILE the document comes from standard input and the result goes to standard
/// output, as a filter (`… | state set - key value | …`).
struct ScriptedEdit {
    let file: String
    let schemaOptions: SchemaOptions
    /// The file saved to; nil for standard input.
    var document: OpenDocument?
    var session: EditSession
    let schema: Schema?
    /// `--dry-run`: print the change as a diff and write nothing.
    let dryRun: Bool

    /// `name`: how messages name the file (a folder's file by the folder and its path in it).
    init(file argument: String, schemaOptions: SchemaOptions, dryRun: Bool = false, name: String? = nil) throws {
        let input = InputFile(argument)
        self.file = name ?? input.name
        self.dryRun = dryRun
        self.schemaOptions = schemaOptions
        if let url = input.url {
            do {
                let tree: SourceTree
                (document, tree) = try OpenDocument.read(url)
                session = EditSession(tree: tree)
            } catch {
                throw CommandFailure.report(error, file: name ?? input.name, code: CommandFailure.badInput)
            }
        } else {
            document = nil
            session = EditSession(tree: try input.readTree())
        }
        schema = try schemaOptions.load(for: input.url, tree: session.tree)
    }

    var tree: SourceTree { session.tree }

    /// The node at `path`, or a bad-arguments failure naming it.
    func node(_ path: PlistPath) throws -> Int {
        guard let node = tree.index(at: path) else {
            throw CommandFailure.report(
                PlistError("no value at this key path: \(tree.missingPathReason(path) ?? "")", at: .keyPath(path.description)), file: file, code: CommandFailure.badArguments)
        }
        return node
    }

    /// Makes the operations (one step), refuses them when they add schema errors, and saves —
    /// or, dry, prints the diff. Returns whether the file changed.
    @discardableResult
    mutating func apply(_ operations: [EditOperation]) throws -> Bool {
        let before = schema.map { SchemaValidator(schema: $0).validate(tree, as: schemaOptions.root) }
        let scalars = EditOperation.setScalars(operations, in: tree)
        // The value whose subtree the edit changes (as the browser keeps its check).
        let changed = EditOperation.changedSubtree(of: operations)
        let nodeCount = tree.nodes.count
        do {
            try session.apply(operations)
        } catch {
            throw CommandFailure.report(error, file: file, code: CommandFailure.badArguments)
        }
        if let schema, let before {
            let validator = SchemaValidator(schema: schema)
            // Values set in a tree of the same shape are checked alone, and a changed subtree
            // alone, not the whole file again.
            let links = NodeLinks(tree)
            let after =
                scalars.flatMap { validator.revalidating(before, scalars: $0, in: tree, links: links) }
                ?? tree.index(at: changed).flatMap { validator.revalidating(before, subtree: $0, grown: tree.nodes.count - nodeCount, in: tree, links: links) }
                ?? validator.validate(tree, as: schemaOptions.root)
            let added = after.errorsAdded(since: before)
            if !added.isEmpty {
                for d in added { StandardStream.error.write("state: \(file): \(d)\n") }
                StandardStream.error.write("state: \(file): not written: the edit does not fit the schema\n")
                throw CommandFailure.invalid
            }
        }
        let edited = session.isDirty
        if dryRun {
            if edited { StandardStream.output.write(session.pendingChanges.unified(name: file)) }
            return edited
        }
        // A filter always passes the document on, changed or not.
        guard let document else {
            StandardStream.output.write(session.fileBytes)
            return edited
        }
        // Values set to what they are: nothing to write (and the file keeps its time).
        guard edited else { return false }
        do {
            let saved = try document.save(session.fileBytes)
            self.document = saved.document
            session.markSaved()
            for note in saved.notes { StandardStream.error.write("state: \(file): \(note)\n") }
        } catch {
            throw CommandFailure.report(error, file: file, code: CommandFailure.output)
        }
        return true
    }

    /// Reads `text` as `type`; without a type, as the kind `like` has (the value being
    /// replaced, a sibling), else as a string.
    func value(_ text: String, type: ValueEntry.Kind?, like: PlistValue?) throws -> PlistValue {
        let kind = type ?? like.map(ValueEntry.kind(of:)) ?? .string
        do {
            return try ValueEntry.parse(text, as: kind)
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badArguments)
        }
    }
}

extension ValueEntry.Kind: ExpressibleByArgument {}
