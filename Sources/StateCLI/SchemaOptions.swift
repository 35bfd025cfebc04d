import ArgumentParser
import Foundation
import State
import StateSchema

/// `--schema` and `--root`, shared by the commands that read a file through a schema.
struct SchemaOptions: ParsableArguments {
    @Option(
        help:
            "The schema: a schema file, an Xcode model (.xcdatamodeld, .xcdatamodel or its contents). Default: NAME.schema or FILE.schema next to FILE; else the only Xcode model, or the only .schema file, in its folder when its root type fits the file (otherwise the file is read without a schema)."
    )
    var schema: String?

    @Option(help: "The type of the file's root value (default: the schema's `root`, else the best-fitting struct).")
    var root: String?

    @Flag(name: .customLong("no-schema"), help: "Do not look for a schema beside the file.")
    var noSchema = false

    /// The schema to use for `file` (whose span tree is `tree`): the one given, or the one
    /// found beside it when it applies; nil when there is none. A schema that lies beside the
    /// file but does not fit it is not used; with `notingSkipped` (a command that needs a
    /// schema) stderr names it.
    func load(for file: URL?, tree: SourceTree, notingSkipped: Bool = false) throws -> Schema? {
        do {
            if let schema { return try SchemaLoader.load(URL(fileURLWithPath: schema)) }
            // Standard input has no folder to find a schema in.
            guard !noSchema, let file else { return nil }
            switch try SchemaLoader.discover(for: file, tree: tree, root: root) {
            case .found(let schema, _): return schema
            case .skipped(let url, let reason):
                guard notingSkipped else { return nil }
                StandardStream.error.write(
                    "state: note: \(url.lastPathComponent) beside \(file.lastPathComponent) \(reason); reading it without a schema (--schema uses it anyway)\n")
                return nil
            case .none: return nil
            }
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badInput)
        }
    }
}
