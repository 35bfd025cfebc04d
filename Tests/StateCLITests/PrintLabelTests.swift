import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

@testable import StateCLI

/// `state print` without a schema labels nodes as it writes them, asking the lazy guess only
/// where a label can come of it; every label must be the whole-document guess's.
@Suite struct PrintLabelTests {
    @Test func guessedLabelsAreTheWholeGuesses() throws {
        var checked = 0
        var labelled = 0
        for folder in [Fixtures.realShaped(""), Fixtures.state("")] {
            for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                guard let bytes = try? FileBytes.read(url), let tree = try? SourceTree(parsing: bytes) else { continue }
                let whole = SchemaInference.annotate(tree)
                let guessed = PrintCommand.guessedLabels(tree)
                var differences: [String] = []
                for node in 0..<tree.nodes.count {
                    let label = guessed(node)
                    if label != nil { labelled += 1 }
                    let expected = PrintCommand.label(node, in: whole, tree: tree)
                    if label != expected, differences.count < 5 { differences.append("node \(node): \(label ?? "nil") ≠ \(expected ?? "nil")") }
                }
                #expect(differences.isEmpty, "\(url.lastPathComponent): \(differences)")
                checked += 1
            }
        }
        // Colors of every spelling, models, conformers and enums are among the fixtures.
        #expect(checked > 10 && labelled > 50, "\(checked) files, \(labelled) labels")
    }
}
