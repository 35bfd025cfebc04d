import Foundation
import State

/// Finds and loads schemas: Xcode data models or schema files, by what the path holds.
public enum SchemaLoader {
    /// Loads an Xcode model (`.xcdatamodeld`, `.xcdatamodel`, or `contents` XML) or a schema file.
    public static func load(_ url: URL) throws -> Schema {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw SchemaError("no such file or folder", file: url.path)
        }
        if isFolder.boolValue || ["xcdatamodeld", "xcdatamodel"].contains(url.pathExtension) || url.lastPathComponent == "contents" {
            return try XcodeModelLoader.load(url)
        }
        let bytes = try FileBytes.read(url)
        if bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("<model".utf8)) {
            return try XcodeModelLoader.load(contents: bytes, file: url.path)
        }
        return try SchemaFileParser.parse(contentsOf: url)
    }

    /// A schema from bytes that are not a file (standard input): Xcode model `contents` XML
    /// or schema-file text, told apart as `load(_:)` does; messages call it `name`.
    public static func load(bytes: [UInt8], name: String) throws -> Schema {
        if bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("<model".utf8)) {
            return try XcodeModelLoader.load(contents: bytes, file: name)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw SchemaError("the schema is not UTF-8 text", file: name) }
        return try SchemaFileParser.parse(text, file: name)
    }

    /// The schema that lies beside a data file, looked up next to it in order: `NAME.schema`
    /// (the file's name without its extension), `FILE.schema`, the only `.xcdatamodeld` or
    /// `.xcdatamodel` in the same folder, then the only `.schema` file there (so one schema
    /// serves a folder of files, such as `Themes/`). Nil when there is none. Whether it applies
    /// is `discover(for:tree:root:)`'s question.
    public static func schemaBeside(_ file: URL) -> URL? {
        let folder = file.deletingLastPathComponent()
        for candidate in namedCandidates(for: file) where FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let models = entries.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
        if models.count == 1 { return folder.appendingPathComponent(models[0]) }
        let schemaFiles = entries.filter { $0.hasSuffix(".schema") }
        return models.isEmpty && schemaFiles.count == 1 ? folder.appendingPathComponent(schemaFiles[0]) : nil
    }

    /// `NAME.schema` and `FILE.schema`: schemas named for the file, which always apply.
    static func namedCandidates(for file: URL) -> [URL] {
        [file.deletingPathExtension().appendingPathExtension("schema"), file.appendingPathExtension("schema")]
    }

    /// The schema for `file` when none was named: one named for the file applies (and must
    /// load); the folder's only schema or model applies only when it loads and its root type
    /// fits the file (`Schema.fits`); otherwise the file is read without one, and the result
    /// says which schema was passed over and why.
    public static func discover(for file: URL, tree: SourceTree, root: String? = nil) throws -> SchemaDiscovery {
        guard let url = schemaBeside(file) else { return .none }
        if namedCandidates(for: file).contains(url) { return .found(try load(url), url) }
        guard let schema = try? load(url) else { return .skipped(url, reason: "does not load") }
        guard schema.fits(tree, root: root) else { return .skipped(url, reason: "does not fit") }
        return .found(schema, url)
    }
}

/// What `SchemaLoader.discover` found beside a file.
public enum SchemaDiscovery: Sendable {
    /// No schema file beside the file.
    case none
    /// The schema that fits the file, and the file it was loaded from.
    case found(Schema, URL)
    /// A schema in the folder that was not used: it does not fit the file, or does not load.
    case skipped(URL, reason: String)
}
