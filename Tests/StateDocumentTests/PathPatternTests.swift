import Foundation
import OrderedCollections
import State
import StateDocument
import StateTestSupport
import Testing

/// Key paths that name many values: how they read, and what they match — against a second,
/// naive evaluator over the value tree on random documents and random patterns.
@Suite struct PathPatternTests {
    @Test func plainPathsAreExactlyPlutilPaths() throws {
        for text in ["", "a", "a.b", "a.0.b", "a\\.b.c", "a..b", "0", "a\\\\b", "a[0]", "a[b]", "01"] {
            let pattern = try PathPattern(parsing: text)
            #expect(pattern.plainPath == PlistPath(parsing: text), "\(text)")
            #expect(!pattern.isPattern, "\(text)")
        }
    }

    @Test func wildcardsFiltersAndEscapes() throws {
        let p = try PathPattern(parsing: "colors.*[appearances.*.value=dark].color")
        #expect(p.parts.map(\.step) == [.component(.key("colors")), .anyChild, .component(.key("color"))])
        #expect(p.parts[1].filters.count == 1)
        #expect(p.parts[1].filters[0].test == .equals("dark"))
        #expect(p.parts[1].filters[0].path.parts.map(\.step) == [.component(.key("appearances")), .anyChild, .component(.key("value"))])
        #expect(try PathPattern(parsing: "**.color").parts.map(\.step) == [.anyDepth, .component(.key("color"))])
        #expect(try PathPattern(parsing: "\\*.\\*\\*").plainPath == PlistPath([.key("*"), .key("**")]))
        #expect(try PathPattern(parsing: "a\\[b=c]").plainPath == PlistPath([.key("a[b=c]")]))
        #expect(try PathPattern(parsing: "a[name=\"A. B]\"]").parts[0].filters[0].test == .equals("A. B]"))
        #expect(try PathPattern(parsing: "a[name!='x']").parts[0].filters[0].test == .differs("x"))
        #expect(try PathPattern(parsing: "a[?b.c]").parts[0].filters[0].test == .exists)
        #expect(try PathPattern(parsing: "[info.author=xcode].colors").parts.map(\.step) == [.this, .component(.key("colors"))])
        #expect(try PathPattern(parsing: "a.*[=x]").parts[1].filters[0].path.parts.isEmpty)
    }

    @Test func mistakesSayWhere() {
        for (text, message, offset) in [
            ("a[b=\"c]", "the quoted value is not closed", 4),
            ("a[b=c", "the filter is not closed with \"]\"", 1),
            ("a[b=c]d", "a filter ends its part of the key path: \".\" or another [filter] must follow \"]\"", 6),
            ("a.b\\", "a backslash ends the key path; write \\\\ for a backslash", 3),
            ("a[?b=c]", "[?PATH] tests that PATH exists; it takes no value", 4),
        ] {
            #expect(throws: PathPattern.SyntaxError(message: message, offset: offset), "\(text)") { try PathPattern(parsing: text) }
        }
    }

    @Test func matchesOnARealCatalogFile() throws {
        let tree = try SourceTree(contentsOf: Fixtures.realShaped("Assets.xcassets/Colors/Brand/Primary.colorset/Contents.json"))
        let links = NodeLinks(tree)
        func paths(_ text: String) throws -> [String] {
            try PathPattern(parsing: text).matches(in: tree).map { links.path(of: $0, in: tree).description }
        }
        #expect(try paths("colors.*[appearances.*.value=dark].color") == ["colors.1.color", "colors.3.color"])
        #expect(try paths("colors.*[appearances.*.value!=dark][?appearances].idiom") == ["colors.2.idiom"])
        #expect(try paths("**.appearance").count == 4)
        #expect(try paths("**[value=high]") == ["colors.2.appearances.0", "colors.3.appearances.1"])
        #expect(try paths("info.version[=1]") == ["info.version"])
        #expect(try paths("info.version[=1.0]") == ["info.version"])
        #expect(try paths("**.**.author") == ["info.author"])
        #expect(try paths("nothing.*").isEmpty)
    }

    // MARK: - Against a naive evaluator

    /// The same semantics, written over values with paths instead of node indices.
    static func naive(_ pattern: PathPattern, in value: PlistValue, at path: PlistPath = PlistPath()) -> [PlistPath] {
        var current: [(PlistPath, PlistValue)] = [(path, value)]
        for part in pattern.parts {
            var next: [(PlistPath, PlistValue)] = []
            for (p, v) in current {
                switch part.step {
                case .component(let c):
                    if let child = v[c] {
                        // The key as the tree names it (a digit key of a dictionary stays a key).
                        let component: PlistPath.Component = if case .dictionary = v, case .index(let i) = c { .key(String(i)) } else { c }
                        next.append((p.appending(component), child))
                    }
                case .anyChild: next += children(p, v)
                case .anyDepth: next += descendants(p, v)
                case .this: next.append((p, v))
                }
            }
            var seen: Set<PlistPath> = []
            next = next.filter { seen.insert($0.0).inserted }
            next = next.filter { _, v in part.filters.allSatisfy { holds($0, v) } }
            current = next
        }
        return current.map(\.0)
    }

    static func children(_ p: PlistPath, _ v: PlistValue) -> [(PlistPath, PlistValue)] {
        switch v {
        case .dictionary(let d): d.map { (p.appending(.key($0.key)), $0.value) }
        case .array(let a): a.enumerated().map { (p.appending(.index($0.offset)), $0.element) }
        default: []
        }
    }

    static func descendants(_ p: PlistPath, _ v: PlistValue) -> [(PlistPath, PlistValue)] {
        [(p, v)] + children(p, v).flatMap { descendants($0.0, $0.1) }
    }

    static func holds(_ filter: PathPattern.Filter, _ v: PlistValue) -> Bool {
        let found = naive(filter.path, in: v).compactMap { v[$0] }
        func equal(_ x: PlistValue, _ text: String) -> Bool {
            switch x {
            case .dictionary, .array: false
            case .integer, .real: x.plainText == text || (Double(text).map { $0 == x.doubleValue } ?? false)
            default: x.plainText == text
            }
        }
        switch filter.test {
        case .exists: return !found.isEmpty
        case .equals(let t): return found.contains { equal($0, t) }
        case .differs(let t): return !found.contains { equal($0, t) }
        }
    }

    @Test func randomPatternsMatchWhatANaiveEvaluatorFinds() throws {
        var random = SeededGenerator.fromEnvironment()
        let keys = ["a", "b", "c", "0", "1"]
        func document(_ depth: Int) -> PlistValue {
            if depth == 0 || Int.random(in: 0..<4, using: &random) == 0 {
                return [PlistValue.string(keys.randomElement(using: &random)!), .integer(Int128(Int.random(in: 0..<3, using: &random))), .bool(true), .real(1)]
                    .randomElement(using: &random)!
            }
            if Bool.random(using: &random) {
                return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in document(depth - 1) })
            }
            var d = OrderedDictionary<String, PlistValue>()
            for _ in 0..<Int.random(in: 0..<4, using: &random) { d[keys.randomElement(using: &random)!] = document(depth - 1) }
            return .dictionary(d)
        }
        func patternText(_ depth: Int) -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ -> String in
                var part = ["*", "**", "a", "b", "0", "1", "c"].randomElement(using: &random)!
                if depth > 0, Int.random(in: 0..<3, using: &random) == 0 {
                    let value = ["a", "b", "1", "true", "1.0"].randomElement(using: &random)!
                    let op = ["=", "!=", "?"].randomElement(using: &random)!
                    part += op == "?" ? "[?\(patternText(depth - 1))]" : "[\(patternText(depth - 1))\(op)\(value)]"
                }
                return part
            }.joined(separator: ".")
        }
        var nonEmpty = 0
        for round in 0..<1000 {
            let value = document(4)
            let bytes = try value.serialized(as: [.json, .xml, .binary][round % 3])
            let tree = try SourceTree(parsing: bytes)
            let links = NodeLinks(tree)
            let text = patternText(1)
            let pattern = try PathPattern(parsing: text)
            let ours = pattern.matches(in: tree).map { links.path(of: $0, in: tree) }
            let theirs = Self.naive(pattern, in: tree.value())
            let json = String(decoding: try value.serialized(as: .json), as: UTF8.self)
            #expect(Set(ours) == Set(theirs), "seed \(random.seed) round \(round): \(text) in \(json)")
            #expect(ours.count == Set(ours).count, "each match once: \(text)")
            if !ours.isEmpty { nonEmpty += 1 }
        }
        // Not vacuous: enough patterns match something. (About 12–15 % do; one seed gave
        // 112 of 1000, so the floor is well below that rather than at the usual rate.)
        #expect(nonEmpty > 50, "the random patterns should match something often (seed \(random.seed))")
    }
}
