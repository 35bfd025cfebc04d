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

    /// The browser on `document` after its first screen is drawn (a key queued so that the
    /// first step draws and returns), with its in-memory terminal.
    static func firstScreen(_ document: BrowserDocument) -> (BrowserApp, MemoryBackend) {
        let backend = MemoryBackend(width: 160, height: 50, colorDepth: .palette256)
        var app = BrowserApp(state: state(document, backend), backend: backend)
        backend.send(.key(.character("q")))
        app.step()
        return (app, backend)
    }

    /// Median keystroke time over a navigation session on the fully expanded tree, plus p99,
    /// max (of every key, expand all and collapse all included) and the time a whole-tree
    /// search takes to deliver its matches, in `details`.
    /// Edit, undo and redo latency, key to redrawn screen: a number deep in the library is
    /// changed (`i`, a digit, Enter), taken back (`u`) and made again (Ctrl-R), `rounds` times.
    static func edits(_ document: BrowserDocument, at path: String = "domains.Default.groups.Group 0.assets.0.color.red", rounds: Int = 15) -> [String: Double] {
        let backend = MemoryBackend(width: 160, height: 50, colorDepth: .palette256)
        var app = BrowserApp(state: state(document, backend), backend: backend)
        func press(_ keys: [Key]) -> Double {
            var last = 0.0
            for key in keys {
                backend.send(.key(key))
                let start = Measurement.now()
                app.step()
                last = Measurement.now() - start
            }
            return last
        }
        _ = press([.character(":")] + path.map { .character($0) } + [.enter])
        var samples: [String: [Double]] = [:]
        for round in 0..<rounds {
            samples["edit", default: []].append(press([.character("i"), .character(Character(String(round % 10))), .enter]))
            samples["undo", default: []].append(press([.character("u")]))
            samples["redo", default: []].append(press([.control("r")]))
            _ = app.waitForJobs()
        }
        // A structural edit: the value deleted (a scalar: no question asked), then back.
        for _ in 0..<3 {
            samples["delete", default: []].append(press([.character("x")]))
            samples["undo delete", default: []].append(press([.character("u")]))
            _ = app.waitForJobs()
        }
        precondition(app.state.session.canUndo)
        var details: [String: Double] = [:]
        for (name, values) in samples {
            let sorted = values.sorted()
            details[name + " median"] = sorted[sorted.count / 2]
            details[name + " p99"] = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            details[name + " max"] = sorted.last!
        }
        return details
    }

    static func keystrokes(_ document: BrowserDocument) -> (median: Double, details: [String: Double]) {
        let backend = MemoryBackend(width: 160, height: 50, colorDepth: .palette256)
        var app = BrowserApp(state: state(document, backend), backend: backend)
        var details: [String: Double] = ["nodes": Double(document.nodeCount)]
        func time(_ keys: [Key]) -> [Double] {
            keys.map { key in
                backend.send(.key(key))
                let start = Measurement.now()
                app.step()
                let seconds = Measurement.now() - start
                // The slowest time of each key, to find what a bad worst case comes from.
                details["max " + key.name] = max(details["max " + key.name] ?? 0, seconds)
                return seconds
            }
        }
        var samples: [Double] = time([.character("e")])
        details["expandAll"] = samples[0]
        samples += time(Array(repeating: .character("j"), count: 300))
        samples += time(Array(repeating: .pageDown, count: 200))
        samples += time(Array(repeating: .control("d"), count: 100))
        samples += time([.character("G")] + Array(repeating: .character("k"), count: 200) + Array(repeating: .pageUp, count: 100))
        samples += time(Array(repeating: .character("J"), count: 50) + Array(repeating: .character("K"), count: 50))
        samples += time(Array(repeating: .character("p"), count: 5) + [.character("h"), .character("l"), .enter, .enter])
        samples += time([.character("g")] + Array(repeating: .character("j"), count: 100))
        let searchKeys: [Key] = [.character("/")] + "sound-4".map { .character($0) }
        samples += time(searchKeys)
        // Enter starts the search in the background: the keystroke itself is cheap, and the
        // matches arrive when the whole tree has been searched.
        let searchStart = Measurement.now()
        samples += time([.enter])
        app.waitForJobs()
        details["search"] = Measurement.now() - searchStart
        precondition(app.state.search.current?.matches.isEmpty == false)
        samples += time(Array(repeating: .character("n"), count: 50) + Array(repeating: .character("N"), count: 20))
        samples += time([.character("c")])
        details["collapseAll"] = samples.last!
        // Collapsed containers preview their first entries on every visible row.
        samples += time([.character("3")] + Array(repeating: .pageDown, count: 50) + Array(repeating: .character("j"), count: 100))
        // Line mode (its index built on the first L), the detail pane's scroll, the value view.
        samples += time([.character("L")] + Array(repeating: .character("j"), count: 50) + [.character("L")])
        samples += time(Array(repeating: .character("}"), count: 20) + [.character("v"), .escape])
        // The wheel over the tree.
        for kind in Array(repeating: MouseEvent.Kind.wheelDown, count: 50) + Array(repeating: .wheelUp, count: 20) {
            backend.send(.mouse(MouseEvent(kind, x: 10, y: 10)))
            let start = Measurement.now()
            app.step()
            let seconds = Measurement.now() - start
            details["max wheel"] = max(details["max wheel"] ?? 0, seconds)
            samples.append(seconds)
        }
        samples.sort()
        details["p99"] = samples[samples.count * 99 / 100]
        details["max"] = samples.last!
        return (samples[samples.count / 2], details)
    }
}
