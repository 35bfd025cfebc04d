import ArgumentParser
import Foundation
import StateCodegen

/// `state generate --schema SCHEMA -o DIR`: Swift model code from a schema.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift model code from a schema (Xcode data model or schema file).",
        discussion: """
            For each type: _Name.swift, the declaration with its reading and writing code, \
            rewritten every time (only when its text changes); and Name.swift, an extension for \
            your own code, created once and never overwritten. In a package, the StateModels \
            build plugin does the same on every build.
            """
    )

    @Option(help: "The schema: an Xcode data model (.xcdatamodel or its contents file) or a .schema file.")
    var schema: String

    @Option(name: [.short, .long], help: "The folder to write the Swift files to.")
    var output: String

    @Flag(help: "Write structs as @StateModel declarations (their coding written by the macro; the package then needs the StateMacros product).")
    var macros = false

    func run() throws {
        let report: GeneratedFiles.Report
        do {
            report = try GeneratedFiles.generate(schema: URL(fileURLWithPath: schema), into: URL(fileURLWithPath: output), macros: macros)
        } catch {
            throw CommandFailure.report(error, file: schema, code: CommandFailure.badInput)
        }
        for name in report.written { print("wrote \(output)/\(name)") }
        for name in report.kept { print("kept  \(output)/\(name) (yours)") }
        if !report.unchanged.isEmpty { print("\(report.unchanged.count) file\(report.unchanged.count == 1 ? "" : "s") unchanged") }
    }
}
