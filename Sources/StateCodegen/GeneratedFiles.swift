import Foundation
import State
import StateSchema

/// Writing generated code: machine files replaced (only when their text changed, so an
/// unchanged schema does not make the build recompile), human files created once.
package enum GeneratedFiles {
    package struct Report: Sendable, Equatable {
        package var written: [String] = []
        package var unchanged: [String] = []
        /// Human files that were already there and were left alone.
        package var kept: [String] = []
    }

    /// Generates the files for the schema at `schemaURL` into `folder` (created if needed).
    package static func generate(schema schemaURL: URL, into folder: URL, macros: Bool = false) throws -> Report {
        let generator = SwiftGenerator(schema: try SchemaLoader.load(schemaURL), schemaName: schemaURL.lastPathComponent, macros: macros)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var report = Report()
        for file in try generator.files() {
            let url = folder.appendingPathComponent(file.name)
            let exists = FileManager.default.fileExists(atPath: url.path)
            if !file.isMachineFile, exists {
                report.kept.append(file.name)
            } else if try writeIfChanged(file.contents, to: url) {
                report.written.append(file.name)
            } else {
                report.unchanged.append(file.name)
            }
        }
        return report
    }

    /// Writes `text` atomically unless the file already holds it; true when it wrote.
    @discardableResult
    package static func writeIfChanged(_ text: String, to url: URL) throws -> Bool {
        let bytes = Array(text.utf8)
        if let existing = try? FileBytes.read(url), existing == bytes { return false }
        try AtomicFile.write(bytes, to: url)
        return true
    }
}
