import ArgumentParser
import Foundation
import State
import StateSchema

/// `--schema` and `--root`, shared by the commands that read a file through a schema.
struct SchemaOptions: ParsableArguments {
    @Option(help: "The schema: a schema file, an Xcode model (.xcdatamodeld, .xcdatamodel or its contents). Default: NAME.schema or FILE.schema next to FILE, or the only Xcode model in its folder.")
    var schema: String?

    @Option(help: "The type of the file's root value (default: the schema's `root`, else the best-fitting struct).")
    var root: String?

    /// The schema to use for `file`: the one given, or the one found beside it; nil when there
    /// is none.
    func load(for file: URL) throws -> Schema? {
        guard let url = schema.map({ URL(fileURLWithPath: $0) }) ?? SchemaLoader.schemaBeside(file) else { return nil }
        do {
            return try SchemaLoader.load(url)
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badInput)
        }
    }
}
