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

    /// The schema that belongs to a data file by convention, looked up next to it in order:
    /// `NAME.schema` (the file's name without its extension), `FILE.schema`, the only
    /// `.xcdatamodeld` or `.xcdatamodel` in the same folder, then the only `.schema` file there
    /// (so one schema serves a folder of files, such as `Themes/`). Nil when there is none.
    public static func schemaBeside(_ file: URL) -> URL? {
        let folder = file.deletingLastPathComponent()
        let candidates = [
            file.deletingPathExtension().appendingPathExtension("schema"),
            file.appendingPathExtension("schema"),
        ]
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let models = entries.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
        if models.count == 1 { return folder.appendingPathComponent(models[0]) }
        let schemaFiles = entries.filter { $0.hasSuffix(".schema") }
        return models.isEmpty && schemaFiles.count == 1 ? folder.appendingPathComponent(schemaFiles[0]) : nil
    }
}
