import Foundation
import StateCodegen
import StateSchema

// The build plugin's tool: `state-generate SCHEMA OUTPUT.swift` writes all machine code of a
// schema into one file (a build command must name its outputs before the schema is read).
// Kept apart from `state` so a package using the plugin does not build the browser.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: state-generate SCHEMA OUTPUT.swift\n".utf8))
    exit(64)
}
let schemaURL = URL(fileURLWithPath: arguments[1])
do {
    let generator = SwiftGenerator(schema: try SchemaLoader.load(schemaURL), schemaName: schemaURL.lastPathComponent)
    try GeneratedFiles.writeIfChanged(try generator.combinedMachineFile(), to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("\(schemaURL.path): error: \(error)\n".utf8))
    exit(1)
}
