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

    /// Labels guessed on other threads, chunk by chunk (`LabelPipeline`), are one thread's,
    /// whichever thread guessed which chunk: tiny chunks, so that every fixture is cut in many.
    @Test func labelsGuessedOnOtherThreadsAreOneThreads() throws {
        let sample = Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.plist")
        var urls = [sample]
        for folder in [Fixtures.realShaped(""), Fixtures.state("")] {
            urls += try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        }
        var compared = 0
        for url in urls {
            guard let bytes = try? FileBytes.read(url), let tree = try? SourceTree(parsing: bytes) else { continue }
            let tagKeys = LazyInference(tree).tagKeys
            for (workers, chunkSize) in [(1, 7), (3, 16), (2, 64)] where tree.nodes.count > 2 * chunkSize {
                let one = PrintCommand.guessedLabels(tree)
                let piped = LabelPipeline.start(nodeCount: tree.nodes.count, workers: workers, chunkSize: chunkSize) {
                    PrintCommand.guessedLabels(tree, inference: LazyInference(tree, tagKeys: tagKeys), swatches: .none)
                }
                let differences = (0..<tree.nodes.count).filter { piped($0) != one($0) }
                #expect(differences.isEmpty, "\(url.lastPathComponent), \(workers) workers, chunks of \(chunkSize): nodes \(differences.prefix(5))")
                compared += 1
            }
        }
        #expect(compared > 10)
    }
}
