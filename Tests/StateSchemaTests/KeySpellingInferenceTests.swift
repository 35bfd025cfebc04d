import Foundation
import State
import StateSchema
import StateTestSupport
import Testing

/// Inference reads keys as bytes where the file spells them plainly (colors by their channel
/// keys, enum shapes ruled out by a key's first byte, tag keys compared in place) and as
/// decoded strings otherwise. A key written with a JSON escape (`"\u0072ed"` for `red`) is
/// the same key, so a document whose every key is escaped — read the decoded way throughout —
/// must be guessed exactly as the same document spelled plainly.
@Suite struct KeySpellingInferenceTests {
    /// A JSON document with members as written (a key may come twice; the last counts).
    indirect enum Doc {
        case string(String), integer(Int), real(Double), bool(Bool)
        case array([Doc])
        case dictionary([(String, Doc)])

        func json(escapingKeys: Bool) -> String {
            switch self {
            case .string(let s): return "\"\(s)\""
            case .integer(let i): return String(i)
            case .real(let d): return String(d)
            case .bool(let b): return b ? "true" : "false"
            case .array(let items): return "[" + items.map { $0.json(escapingKeys: escapingKeys) }.joined(separator: ",") + "]"
            case .dictionary(let members):
                let written = members.map { key, value in
                    let spelled = escapingKeys ? key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined() : key
                    return "\"\(spelled)\":\(value.json(escapingKeys: escapingKeys))"
                }
                return "{" + written.joined(separator: ",") + "}"
            }
        }
    }

    @Test func escapedKeysAreGuessedAsPlainOnes() throws {
        var rng = SeededGenerator.fromEnvironment()
        var colors = 0
        var enums = 0
        var conformers = 0
        for round in 0..<150 {
            let doc = Doc.array((0..<12).map { _ in Self.randomDoc(&rng, depth: 0) })
            let plain = try SourceTree(parsing: Array(doc.json(escapingKeys: false).utf8))
            let escaped = try SourceTree(parsing: Array(doc.json(escapingKeys: true).utf8))
            try #require(plain.nodes.count == escaped.nodes.count)
            let plainRoles = SchemaInference.annotate(plain)
            let escapedRoles = SchemaInference.annotate(escaped)
            let lazy = LazyInference(plain)
            var differences: [String] = []
            for node in 0..<plain.nodes.count {
                let role = plainRoles.role(of: node)
                if role != escapedRoles.role(of: node) || lazy.role(of: node) != role {
                    differences.append("node \(node): \(String(describing: role)) ≠ \(String(describing: escapedRoles.role(of: node)))")
                }
                let detected = ColorSpelling.detectReading(node, in: plain)
                if detected != ColorSpelling.detectReading(node, in: escaped) { differences.append("node \(node): color \(String(describing: detected))") }
                switch role?.kind {
                case .color?: colors += 1
                case .enumValue?: enums += 1
                case .conformer?: conformers += 1
                default: break
                }
            }
            #expect(differences.isEmpty, "round \(round) (seed \(rng.seed)): \(differences.prefix(5))\n\(doc.json(escapingKeys: false))")
        }
        // Every shape the byte paths judge turned up (and not only as no-guesses).
        #expect(colors > 40 && enums > 100 && conformers > 200, "\(colors) colors, \(enums) enums, \(conformers) conformers")
    }

    /// Dictionaries are judged for tag evidence once per likeness (keys in order, and the text
    /// under keys that may name types): two with the same keys that name different types are
    /// both judged. Here `Shape` names both types over the key set `[x]`, so it is no tag key —
    /// judging only the first `[x]` dictionary would make it one.
    @Test func dictionariesAlikeButForTheTypeTheyNameAreBothJudged() throws {
        let doc = Doc.array([
            .dictionary([("Shape", .string("CircleShape")), ("x", .integer(1))]),
            .dictionary([("Shape", .string("SquareShape")), ("x", .integer(2))]),
            .dictionary([("Shape", .string("SquareShape")), ("side", .integer(3))]),
            .dictionary([("Shape", .string("CircleShape")), ("radius", .integer(4))]),
        ])
        for escaping in [false, true] {
            let tree = try SourceTree(parsing: Array(doc.json(escapingKeys: escaping).utf8))
            #expect(LazyInference(tree).tagKeys.isEmpty, "keys escaped: \(escaping)")
        }
        // Without the shared `[x]` key set it is one.
        let tagged = Doc.array([
            .dictionary([("Shape", .string("CircleShape")), ("x", .integer(1))]),
            .dictionary([("Shape", .string("SquareShape")), ("side", .integer(3))]),
        ])
        #expect(LazyInference(try SourceTree(parsing: Array(tagged.json(escapingKeys: false).utf8))).tagKeys == ["Shape"])
    }

    /// Colors of both number spellings, near misses, keys in any order and twice, enum shapes,
    /// conformers tagged by a key the document shows twice over, like items.
    static func randomDoc(_ rng: inout SeededGenerator, depth: Int) -> Doc {
        func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &rng)! }
        let leaf = depth >= 3
        switch Int.random(in: 0..<(leaf ? 4 : 9), using: &rng) {
        case 0: return .string(pick(["plain", "#FF8000", "Cold", "cold", "ColorAsset", ""]))
        case 1: return .integer(pick([0, 1, 2, 128, 255, 300, -1]))
        case 2: return .real(pick([0.0, 0.25, 0.5, 1.0, 1.5]))
        case 3: return .bool(Bool.random(using: &rng))
        case 4:
            // A color, or nearly: channels as bytes or fractions, alpha or not, a key twice,
            // in any order, sometimes a stray key.
            var members: [(String, Doc)] = []
            for key in ["red", "green", "blue", "alpha"] where key != "alpha" || Bool.random(using: &rng) {
                let value: Doc = Bool.random(using: &rng) ? .integer(pick([0, 1, 2, 128, 255, 256])) : .real(pick([0.0, 0.5, 1.0, 1.5]))
                members.append((key, value))
            }
            if Int.random(in: 0..<6, using: &rng) == 0 { members.append((pick(["red", "alpha", "green"]), .real(pick([0.25, 2.0])))) }
            if Int.random(in: 0..<8, using: &rng) == 0 { members.append((pick(["Red Component", "name", "components"]), .real(0.5))) }
            if Int.random(in: 0..<10, using: &rng) == 0 { members.removeFirst() }
            return .dictionary(members.shuffled(using: &rng))
        case 5:
            // Enum shapes and their near misses.
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return .dictionary([("value", .string("raw"))])
            case 1: return .dictionary([("Temperature", .string(pick(["cold", "hot", "Warm"])))])
            case 2: return .dictionary([("Temperature", .string(pick(["cold", "hot"]))), ("value", .integer(3))].shuffled(using: &rng))
            case 3: return .dictionary([(pick(["width", "value", "Value"]), .integer(1)), (pick(["height", "value", "Temperature"]), .string("cold"))])
            default: return .dictionary([("valuе", .string("x"))])  // a Cyrillic е: not `value`
            }
        case 6:
            // Conformers of one protocol, tagged (the tag sometimes written twice).
            let n = Int.random(in: 2...4, using: &rng)
            return .array(
                (0..<n).map { i in
                    var members: [(String, Doc)] =
                        i % 2 == 0
                        ? [("Shape", .string("CircleShape")), ("radius", .integer(i)), ("model_version", .integer(2))]
                        : [("Shape", .string("SquareShape")), ("side", .integer(i))]
                    if Int.random(in: 0..<5, using: &rng) == 0 { members.append(("Shape", .string(pick(["SquareShape", "lower"])))) }
                    return .dictionary(members.shuffled(using: &rng))
                })
        case 7:
            let n = Int.random(in: 1...3, using: &rng)
            return .array((0..<n).map { _ in .dictionary([("name", randomDoc(&rng, depth: depth + 1)), ("size", .integer(2))]) })
        default:
            let keys = ["employees", "items", "model_version", "colors", "x y", "model_type_key", "Shape", "value"].shuffled(using: &rng)
            return .dictionary(
                keys.prefix(Int.random(in: 0...4, using: &rng)).map { key in
                    (key, key == "model_type_key" ? .string(pick(["LegacyThing", "lower"])) : randomDoc(&rng, depth: depth + 1))
                })
        }
    }
}
