import AssetLibraryExample
import Foundation
import OrderedCollections
import State
import StateSchema
import StateTestSupport
import Testing

/// `LazyInference` (what `state print` uses) guesses exactly what the whole-document pass does.
@Suite struct LazyInferenceTests {
    /// Every node's role, asked in document order, against `SchemaInference.annotate`.
    func expectSameRoles(_ tree: SourceTree, skipping skip: (Int) -> Bool = { _ in false }, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = SchemaInference.annotate(tree)
        let lazy = LazyInference(tree)
        var differences: [String] = []
        for node in 0..<tree.nodes.count where !skip(node) {
            let role = lazy.role(of: node)
            if role != whole.role(of: node), differences.count < 5 {
                differences.append("node \(node): \(String(describing: role)) ≠ \(String(describing: whole.role(of: node)))")
            }
        }
        #expect(differences.isEmpty, "\(name): \(differences)", sourceLocation: sourceLocation)
    }

    @Test func fixturesInEveryFormat() throws {
        var files: [(String, [UInt8])] = [("AssetLibrary", try AssetLibrary.sample.bytes(format: .xml))]
        for folder in [Fixtures.realShaped(""), Fixtures.state("")] {
            for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                guard let bytes = try? FileBytes.read(url), (try? SourceTree(parsing: bytes)) != nil else { continue }
                files.append((url.lastPathComponent, bytes))
            }
        }
        #expect(files.count > 10)
        for (name, bytes) in files {
            let tree = try SourceTree(parsing: bytes)
            expectSameRoles(tree, name)
            // The same values in the other formats they can be written in.
            var warnings: [PlistWarning] = []
            for format in PlistFormat.valueFormats where format != tree.format {
                guard let other = try? tree.serialized(as: format, warnings: &warnings) else { continue }
                expectSameRoles(try SourceTree(parsing: other), "\(name) as \(format)")
            }
        }
    }

    @Test func randomDocumentsAskedWholeOrWithSkips() throws {
        var rng = SeededGenerator.fromEnvironment()
        for round in 0..<60 {
            let value = Self.randomDocument(&rng, depth: 0)
            let format = PlistFormat.valueFormats.randomElement(using: &rng)!
            var warnings: [PlistWarning] = []
            let tree = try SourceTree(parsing: value.serialized(as: format, warnings: &warnings))
            expectSameRoles(tree, "round \(round) (\(format), seed \(rng.seed))")
            let skipped = Set((0..<tree.nodes.count).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 })
            expectSameRoles(tree, skipping: skipped.contains, "round \(round) with skips (seed \(rng.seed))")
        }
    }

    @Test func askingForAnEarlierNodeStartsOver() throws {
        let tree = try SourceTree(parsing: AssetLibrary.sample.bytes(format: .json))
        let whole = SchemaInference.annotate(tree)
        let lazy = LazyInference(tree)
        for node in [tree.nodes.count - 1, 5, 4, tree.nodes.count / 2, 1, 0] {
            #expect(lazy.role(of: node) == whole.role(of: node))
        }
    }

    /// Past its budget the tag evidence is a sample of the document; conformers that recur
    /// through it are still found.
    @Test func tagKeysFromASampleOfALargeDocument() throws {
        var assets: [PlistValue] = []
        for i in 0..<3000 {
            assets.append(
                i % 2 == 0
                    ? ["Asset": "ColorAsset", "name": .string("c\(i)"), "color": ["red": 1, "green": 0.5, "blue": 0, "alpha": 1]]
                    : ["Asset": "SoundAsset", "name": .string("s\(i)"), "duration": 1.5, "volume": 0.5])
        }
        let tree = try SourceTree(parsing: PlistValue.dictionary(["assets": .array(assets)]).serialized(as: .binary))
        #expect(tree.nodes.count > 19_000)
        let sampled = LazyInference(tree, evidenceBudget: 640)
        #expect(sampled.tagKeys == ["Asset"])
        let node = try #require(tree.index(at: "assets.2999"))
        #expect(sampled.role(of: node)?.kind == .conformer("SoundAsset", protocolName: "Asset"))
    }

    // MARK: - Random documents with every shape inference knows

    static func randomDocument(_ rng: inout SeededGenerator, depth: Int) -> PlistValue {
        let leaf = depth >= 4
        switch Int.random(in: 0..<(leaf ? 5 : 10), using: &rng) {
        case 0: return .string(["plain", "#FF8000", "#abc", "0x11223344", "Cold", "cold", "ColorAsset", ""].randomElement(using: &rng)!)
        case 1: return .integer(Int128(Int.random(in: -3...300, using: &rng)))
        case 2: return .real(Double(Int.random(in: 0...10, using: &rng)) / 10)
        case 3: return .bool(Bool.random(using: &rng))
        case 4: return ["red": .real(0.5), "green": .real(0.25), "blue": .integer(1), "alpha": .integer(1)]
        case 5: return ["Temperature": .string(["cold", "hot", "Warm"].randomElement(using: &rng)!), "value": .integer(3)]
        case 6: return ["value": .string("raw")]
        case 7:
            // Conformers of one protocol, tagged, with fields of their own.
            let n = Int.random(in: 2...4, using: &rng)
            return .array(
                (0..<n).map { i in
                    i % 2 == 0
                        ? ["Shape": "CircleShape", "radius": .integer(Int128(i)), "model_version": 2]
                        : ["Shape": "SquareShape", "side": .integer(Int128(i)), "backgroundColor": "#00FF00"]
                })
        case 8:
            // An array of like dictionaries (named after its key when in a dictionary).
            let n = Int.random(in: 1...3, using: &rng)
            return .array((0..<n).map { _ in ["name": randomDocument(&rng, depth: depth + 1), "size": .integer(2)] })
        default:
            var d = OrderedDictionary<String, PlistValue>()
            for key in ["employees", "items", "model_version", "Shape", "colors", "x y", "model_type_key"].shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)) {
                d[key] = key == "model_type_key" ? "LegacyThing" : randomDocument(&rng, depth: depth + 1)
            }
            return .dictionary(d)
        }
    }
}
