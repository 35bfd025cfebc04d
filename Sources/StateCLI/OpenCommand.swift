import ArgumentParser
import AssetLibraryExample
import Foundation

/// `state [FILE]` (the default subcommand): open a model file, or the bundled Asset Library
/// example when no file is given.
///
/// Until the interactive browser lands, opening prints the file's tree as `state print` does.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a model file (default: the bundled Asset Library example)."
    )

    @Argument(help: "The model file to open (XML plist, binary plist or JSON).")
    var file: String?

    func run() throws {
        // Parsed rather than built, so its option groups are initialized.
        let print = try PrintCommand.parse([try file ?? Self.sampleFile().path])
        try print.run()
    }

    /// The Asset Library sample: the checked-in file when running from a checkout, otherwise a
    /// copy written from the example code into the temporary folder.
    static func sampleFile() throws -> URL {
        let checkedIn = AssetLibrary.sampleFileURL
        if FileManager.default.fileExists(atPath: checkedIn.path) { return checkedIn }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-sample")
        let url = folder.appendingPathComponent("AssetLibrary.plist")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AssetLibrary.sample.write(to: url)
        } catch {
            throw CommandFailure.report(error, file: url.path, code: CommandFailure.output)
        }
        return url
    }
}
