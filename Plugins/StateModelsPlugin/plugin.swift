import Foundation
import PackagePlugin

/// Generates Swift model code on every build from the schemas in a target: `*.schema` files
/// and Xcode data models — `*.xcdatamodeld` and `*.xcdatamodel` folders as Xcode saves them
/// (SwiftPM hands each folder over as one file of unknown type), their `contents` file, or a
/// `*.xcdatamodel.contents` file. Each schema gives one Swift file in the plugin's work
/// folder, compiled with the target. Model-like inputs it cannot use are warned about, never
/// skipped in silence.
@main
struct StateModelsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "state-generate")
        // A model folder also lists its `contents` inside when SwiftPM walks into it: the
        // folder is the one input.
        let folders = target.sourceFiles.map(\.url).filter { ["xcdatamodeld", "xcdatamodel"].contains($0.pathExtension) }
        return target.sourceFiles.compactMap { file -> Command? in
            let url = file.url
            let name = url.lastPathComponent
            if folders.contains(where: { url.path.hasPrefix($0.path + "/") }) { return nil }
            let base: String
            var inputs = [url]
            switch url.pathExtension {
            case "schema":
                base = String(name.prefix { $0 != "." })
            case "xcdatamodeld", "xcdatamodel":
                base = url.deletingPathExtension().lastPathComponent
                inputs = Self.modelFiles(in: url)
                guard !inputs.isEmpty else {
                    Diagnostics.warning("\(name): no model inside (no contents file); no models generated from it")
                    return nil
                }
            case "xcmappingmodel":
                Diagnostics.warning("\(name): a Core Data mapping model describes a migration, not a schema; skipped")
                return nil
            default:
                if name.hasSuffix(".xcdatamodel.contents") {
                    base = String(name.prefix { $0 != "." })
                } else if name == "contents" && url.deletingLastPathComponent().pathExtension == "xcdatamodel" {
                    base = url.deletingLastPathComponent().deletingPathExtension().lastPathComponent
                } else {
                    return nil
                }
            }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(base)+Models.swift")
            return .buildCommand(
                displayName: "Generating models from \(name)",
                executable: tool.url,
                arguments: [url.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }

    /// The files of a model folder the generated code depends on: every version's `contents`
    /// and the current-version marker, so that editing any of them regenerates.
    static func modelFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where url.lastPathComponent == "contents" || url.lastPathComponent == ".xccurrentversion" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
