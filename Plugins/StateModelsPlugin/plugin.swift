import Foundation
import PackagePlugin

/// Generates Swift model code on every build from the schemas in a target: `*.schema` files
/// and Xcode data models (`*.xcdatamodel/contents`, or a `*.xcdatamodel.contents` file). Each
/// schema gives one Swift file in the plugin's work folder, compiled with the target.
@main
struct StateModelsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "state-generate")
        return target.sourceFiles.compactMap { file -> Command? in
            let url = file.url
            let name = url.lastPathComponent
            let isSchema =
                url.pathExtension == "schema" || name.hasSuffix(".xcdatamodel.contents")
                || (name == "contents" && url.deletingLastPathComponent().pathExtension == "xcdatamodel")
            guard isSchema else { return nil }
            let base = name == "contents" ? url.deletingLastPathComponent().deletingPathExtension().lastPathComponent : String(name.prefix { $0 != "." })
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(base)+Models.swift")
            return .buildCommand(
                displayName: "Generating models from \(name)",
                executable: tool.url,
                arguments: [url.path, output.path],
                inputFiles: [url],
                outputFiles: [output]
            )
        }
    }
}
