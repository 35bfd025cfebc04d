import AssetLibraryExample
import Foundation
import StateBrowser
import TerminalCore

/// Drives the browser through the in-memory backend the way a user does, timing each key
/// from input to the frame written (update, render, diff).
enum BrowserBenchmark {
    static var schemaURL: URL {
        AssetLibrary.sampleFileURL.deletingLastPathComponent().appendingPathComponent("AssetLibrary.schema")
    }

    static func state(_ document: BrowserDocument, _ backend: MemoryBackend) -> BrowserState {
        BrowserState(document: document, width: backend.size.width, height: backend.size.height, theme: try! BuiltInThemes.dark.theme(), colorDepth: backend.colorDepth)
    }

    /// Median keystroke time over a navigation session on the fully expanded tree, plus p99,
    /// max and the one-off costs (expand all, a whole-tree search) in `details`.
    static func keystrokes(_ document: BrowserDocument) -> (median: Double, details: [String: Double]) {
        let backend = MemoryBackend(width: 160, height: 50, colorDepth: .palette256)
        var app = BrowserApp(state: state(document, backend), backend: backend)
        func time(_ keys: [Key]) -> [Double] {
            keys.map { key in
                backend.send(.key(key))
                let start = Measurement.now()
                app.step()
                return Measurement.now() - start
            }
        }
        var details: [String: Double] = ["nodes": Double(document.nodeCount)]
        details["expandAll"] = time([.character("e")])[0]
        var samples: [Double] = []
        samples += time(Array(repeating: .character("j"), count: 300))
        samples += time(Array(repeating: .pageDown, count: 200))
        samples += time(Array(repeating: .control("d"), count: 100))
        samples += time([.character("G")] + Array(repeating: .character("k"), count: 200) + Array(repeating: .pageUp, count: 100))
        samples += time(Array(repeating: .character("J"), count: 50) + Array(repeating: .character("K"), count: 50))
        samples += time(Array(repeating: .character("p"), count: 5) + [.character("h"), .character("l"), .enter, .enter])
        samples += time([.character("g")] + Array(repeating: .character("j"), count: 100))
        let searchKeys: [Key] = [.character("/")] + "Accent".map { .character($0) }
        samples += time(searchKeys)
        details["search"] = time([.enter])[0]
        samples += time(Array(repeating: .character("n"), count: 50) + Array(repeating: .character("N"), count: 20))
        details["collapseAll"] = time([.character("c")])[0]
        samples.sort()
        details["p99"] = samples[samples.count * 99 / 100]
        details["max"] = samples.last!
        return (samples[samples.count / 2], details)
    }
}
