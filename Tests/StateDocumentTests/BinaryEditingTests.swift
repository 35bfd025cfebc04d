import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// A binary plist's value is set by patching a few bytes of its object graph
/// (`SourceTree.binaryEdits`), not by writing the file anew; the tree that follows must be the
/// one parsing the whole new file gives, every reader must agree on the values, and undo must
/// give back the file byte for byte.
@Suite struct BinaryEditingTests {
    static let replacements: [PlistValue] = [
        0, 7, 255, 256, 70_000, -1, -123_456_789, .integer(Int128(UInt64.max)), .integer(Int128(Int64.min)), 0.5, -2.25e-8, 1e300, true, false,
        "", "x", "a longer string with spaces", "日本語 🍎 e\u{301}", "item 3", "name",
        .date(Date(timeIntervalSinceReferenceDate: 784_111_777)), .data(Data([1, 2, 3, 250])), .data(Data(repeating: 7, count: 40)),
    ]

    /// Records whose values repeat (a writer stores equal scalars once, and a string value
    /// may be the same object as a key), with every kind of scalar.
    static let library = library(records: 40)

    static func library(records: Int) -> PlistValue {
        [
            "items": .array((0..<records).map { ["n": .integer(Int128($0 % 5)), "name": .string("item \($0 % 7)"), "on": .bool($0 % 2 == 0), "ratio": .real(Double($0) / 4)] }),
            "name": "name", "all": SampleValues.everything(includeUID: true),
        ]
    }

    /// The same library in our writer's layout and in Python plistlib's.
    static func files(records: Int = 40) throws -> [(String, [UInt8])] {
        let library = library(records: records)
        let ours = try BinaryPlistWriter.document(library)
        let folder = try Fixtures.temporaryFolder()
        let xml = folder.appendingPathComponent("library.plist")
        try Data(try library.serialized(as: .xml)).write(to: xml)
        // XML spells a UID as a `CF$UID` dictionary: plistlib writes it back as a UID.
        let script = """
            import plistlib, sys
            def uids(v):
                if isinstance(v, dict):
                    if list(v) == ['CF$UID']: return plistlib.UID(v['CF$UID'])
                    return {k: uids(x) for k, x in v.items()}
                if isinstance(v, list): return [uids(x) for x in v]
                return v
            value = uids(plistlib.load(open(sys.argv[1], 'rb')))
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
            """
        let converted = try ProcessRunner.python(script, [xml.path])
        try #require(converted.status == 0, "\(converted.stderr)")
        return [("ours", ours), ("plistlib", converted.stdout)]
    }

    /// Random edits (`pick` makes each from the tree, nil to skip) on each writer's file: after
    /// each, the values are the value edit's and the tree is a whole parse's; at the end,
    /// Python reads the values, undo walks back through every state byte for byte and redo
    /// forward again. Returns, per writer, the patches made and the operations the file was
    /// written whole for.
    func randomEdits(
        steps: Int, records: Int = 40, using rng: inout SeededGenerator, _ pick: (SourceTree, Int, inout SeededGenerator) -> EditOperation?
    ) throws -> [(writer: String, patches: [SourcePatch], whole: [String])] {
        let folder = try Fixtures.temporaryFolder()
        var results: [(writer: String, patches: [SourcePatch], whole: [String])] = []
        for (writer, original) in try Self.files(records: records) {
            var session = EditSession(tree: try SourceTree(parsing: original))
            var expected = session.tree.value()
            var states: [[UInt8]] = [original]
            var patches: [SourcePatch] = []
            var whole: [String] = []
            for step in 0..<steps {
                guard session.tree.nodes.count > 10, let operation = pick(session.tree, step, &rng) else { continue }
                let size = session.bytes.count
                guard let patch = try? session.apply(operation) else { continue }
                try expected.apply(operation)
                #expect(session.tree.value() == expected, "\(writer) step \(step): \(operation) (seed \(rng.seed))")
                #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes, "\(writer) step \(step): \(operation) (seed \(rng.seed))")
                #expect(session.tree.invariantViolations().isEmpty)
                guard !patch.edits.isEmpty else { continue }
                states.append(session.bytes)
                if patch.edits.count == 1 && patch.edits[0].range == 0..<size { whole.append("\(operation)") } else { patches.append(patch) }
            }
            let url = folder.appendingPathComponent("\(writer).plist")
            try Data(session.bytes).write(to: url)
            let difference = PlistOracle.difference(PlistOracle.canonical(expected), try PlistOracle.read(url))
            #expect(difference == nil, "\(writer): \(difference ?? "")")
            for state in states.reversed().dropFirst() {
                try session.undo()
                #expect(session.bytes == state, "\(writer): undo")
                #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes)
            }
            #expect(session.bytes == original && !session.isDirty, "\(writer): all undone")
            while session.canRedo { try session.redo() }
            #expect(session.bytes == states.last!, "\(writer): all redone")
            results.append((writer, patches, whole))
        }
        return results
    }

    @Test(.tags(.python))
    func randomValueSetsArePatchesThatEqualAWholeParse() throws {
        var rng = SeededGenerator.fromEnvironment()
        let results = try randomEdits(steps: 150, using: &rng) { tree, _, rng in
            let scalars = (0..<tree.nodes.count).filter { !tree[$0].kind.isContainer }
            let node = scalars.randomElement(using: &rng)!
            return .set(NodeLinks(tree).path(of: node, in: tree), Self.replacements.randomElement(using: &rng)!)
        }
        for (writer, patches, whole) in results {
            // Nearly every set is a patch of a few small edits (zeroing the old object, the new
            // one, an entry, the trailer); a file whose references are full is written whole.
            #expect(patches.count > 100 && whole.count < 5, "\(writer): \(patches.count) patched, \(whole.count) written whole")
            #expect(patches.allSatisfy { $0.rereading != nil && $0.edits.allSatisfy { $0.replacement.count <= 1024 && $0.range.count <= 1024 } }, "\(writer)")
        }
    }

    /// Deletes, moves, renames, inserts and duplicates rewrite only the container they change.
    @Test(.tags(.python))
    func structuralEditsRewriteOneContainer() throws {
        var rng = SeededGenerator.fromEnvironment()
        // Enough records for two-byte references: new objects always fit them.
        let results = try randomEdits(steps: 60, records: 200, using: &rng) { tree, step, rng in
            let links = NodeLinks(tree)
            // Not a value holding most of the file (the list of all records): deleting it
            // left too few nodes for the rest of the steps (a seed did, once).
            var node = Int.random(in: 1..<tree.nodes.count, using: &rng)
            while Int(tree[node].size) > tree.nodes.count / 4 { node = Int.random(in: 1..<tree.nodes.count, using: &rng) }
            let path = links.path(of: node, in: tree)
            guard let parent = links.parent(of: node) else { return nil }
            let isMember = tree[node].hasKey
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1: return .delete(path)
            case 2: return .move(path, to: Int.random(in: 0..<Int(tree[parent].count), using: &rng))
            case 3: return isMember ? .rename(path, to: "renamed \(step)") : nil
            case 4: return .duplicate(path, key: isMember ? "copy \(step)" : nil)
            default:
                // Into a container: a scalar, or a small dictionary with an array inside.
                let containers = (0..<tree.nodes.count).filter { tree[$0].kind.isContainer }
                let container = containers.randomElement(using: &rng)!
                let value: PlistValue = Bool.random(using: &rng) ? Self.replacements.randomElement(using: &rng)! : ["n": 1, "list": [true, "x", 2.5], "empty": [:]]
                let at = Int.random(in: 0...Int(tree[container].count), using: &rng)
                let key = tree[container].kind == .dictionary ? "added \(step)" : nil
                return .insert(into: links.path(of: container, in: tree), key: key, at: at, value: value)
            }
        }
        for (writer, patches, whole) in results {
            #expect(whole.isEmpty && patches.count > 10, "\(writer): \(patches.count) patched, written whole: \(whole)")
        }
    }

    /// A deleted value leaves no trace in the file; one another value shares stays.
    @Test func aDeletedSecretIsGoneFromTheBytes() throws {
        let file = try BinaryPlistWriter.document(["token": "s3cr3t-t0ken", "name": "shared", "alias": "shared", "keep": 1])
        var session = EditSession(tree: try SourceTree(parsing: file))
        let patch = try session.apply(.delete("token"))
        #expect(patch.edits.count > 1, "a patch, not the file written anew")
        #expect(!session.bytes.contains(subsequence: Array("s3cr3t-t0ken".utf8)))
        #expect(!session.bytes.contains(subsequence: Array("token".utf8)), "its key, used by nothing else, is gone too")
        try session.apply(.delete("alias"))
        #expect(session.bytes.contains(subsequence: Array("shared".utf8)), "name still uses it")
        #expect(session.tree.value() == ["name": "shared", "keep": 1])
        try session.undo()
        try session.undo()
        #expect(session.bytes == file)
    }

    /// Each way a value is patched, seen in the bytes.
    @Test func aValueIsOverwrittenMovedOrGivenANewObject() throws {
        let file = try BinaryPlistWriter.document(["a": 1, "b": 1, "c": "one", "d": "longer text"])
        let count = { (bytes: [UInt8]) in Int(bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | UInt64($1) }) }
        // `a` and `b` share the object 1: setting `a` adds an object, and `b` keeps 1.
        var session = EditSession(tree: try SourceTree(parsing: file))
        try session.apply(.set("a", 2))
        #expect(count(session.bytes) == count(file) + 1)
        #expect(session.bytes.count == file.count + 2 + 1)
        #expect(session.tree.value() == ["a": 2, "b": 1, "c": "one", "d": "longer text"])
        // `c` is its own: a string of the same length is overwritten where it is.
        try session.apply(.set("c", "two"))
        #expect(count(session.bytes) == count(file) + 1)
        #expect(session.bytes.count == file.count + 3)
        // `d` is its own, and longer now: it moves to the end, its old bytes are zeroed.
        let before = session.bytes
        try session.apply(.set("d", "a much bigger text than before"))
        #expect(count(session.bytes) == count(file) + 1)
        #expect(!session.bytes.contains(subsequence: Array("longer text".utf8)))
        #expect(session.bytes.count == before.count + 33)
        // Moved once, it is the last object: a new length replaces it there.
        try session.apply(.set("d", "short"))
        #expect(session.bytes.count == before.count + 6)
        #expect(session.tree.value() == ["a": 2, "b": 1, "c": "two", "d": "short"])
        #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes)
        for _ in 0..<4 { try session.undo() }
        #expect(session.bytes == file)
    }

    /// When no patch fits (one-byte references are all taken), the file is written whole, and
    /// the values are still right.
    @Test func aFileWithFullReferencesIsWrittenWhole() throws {
        // The root, three keys, the array and 250 numbers (`x` and `y` share the first two):
        // 255 objects, addressed with one-byte references.
        let original: PlistValue = ["v": .array((0..<250).map { .integer(Int128($0 + 1000)) }), "x": 1000, "y": 1001]
        let file = try BinaryPlistWriter.document(original)
        #expect(file[file.count - 32 + 7] == 1 && file[(file.count - 24)..<(file.count - 16)] == [0, 0, 0, 0, 0, 0, 0, 255])
        var session = EditSession(tree: try SourceTree(parsing: file))
        // A shared value gets a new object: the 256th, the last one-byte references reach.
        let first = try session.apply(.set("x", 5))
        #expect(first.rereading != nil)
        // The 257th would not fit: the file is written whole.
        let size = session.bytes.count
        let second = try session.apply(.set("y", 6))
        #expect(second.rereading == nil && second.edits.count == 1 && second.edits[0].range == 0..<size)
        // Written anew, `v.0` is its own and is patched again.
        let third = try session.apply(.set("v.0", 7))
        #expect(third.rereading != nil)
        var expected = original
        for operation: EditOperation in [.set("x", 5), .set("y", 6), .set("v.0", 7)] { try expected.apply(operation) }
        #expect(session.tree.value() == expected)
        #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes)
        for _ in 0..<3 { try session.undo() }
        #expect(session.bytes == file)
    }

    /// A root that is one scalar is patched through the trailer's top object.
    @Test func aScalarRootIsPatched() throws {
        let file = try BinaryPlistWriter.document("hello")
        var session = EditSession(tree: try SourceTree(parsing: file))
        let patch = try session.apply(.set(PlistPath(), "a longer greeting"))
        #expect(patch.rereading == 0)
        #expect(session.tree.value() == "a longer greeting")
        #expect(try SourceTree(parsing: session.bytes).nodes == session.tree.nodes)
        try session.undo()
        #expect(session.bytes == file)
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
    }
}

extension BinaryEditingTests {
    /// A member deleted from a binary plist leaves nothing of its own in the file (its
    /// objects are zeroed), while what it shared with the rest — its key, equal values — stays
    /// readable: random documents, every member deleted in turn, against the value expected.
    @Test func aDeletedMemberLeavesNothingOfItsOwnAndKeepsWhatItShared() throws {
        var rng = SeededGenerator.fromEnvironment()
        for round in 0..<12 {
            let count = Int.random(in: 3...40, using: &rng)
            let extra = (0..<count).map { _ in Bool.random(using: &rng) ? Int.random(in: 0..<4, using: &rng) : nil }
            /// The document, less the victim's secret or the victim itself.
            func document(droppingSecretOf secretless: Int? = nil, droppingRecord dropped: Int? = nil) -> PlistValue {
                let records: [PlistValue] = (0..<count).filter { $0 != dropped }.map { i in
                    var record: [(String, PlistValue)] = [("kind", .string(["cat", "dog", "owl"][i % 3]))]
                    if i != secretless { record.append(("secret", .string("secret-\(round)-\(i)-x"))) }
                    if let n = extra[i] { record.append(("n", .integer(Int128(n)))) }
                    return .dictionary(.init(uniqueKeysWithValues: record))
                }
                return ["records": .array(records), "kind": "cat"]
            }
            let file = try document().serialized(as: .binary)
            let victim = Int.random(in: 0..<count, using: &rng)
            for (path, expected) in [("records.\(victim).secret", document(droppingSecretOf: victim)), ("records.\(victim)", document(droppingRecord: victim))] {
                var session = EditSession(tree: try SourceTree(parsing: file))
                try session.apply([.delete(PlistPath(parsing: path))])
                let what = "round \(round): \(path) deleted (seed \(rng.seed))"
                #expect(try SourceTree(parsing: session.tree.bytes).value() == expected, "\(what)")
                let text = String(decoding: session.tree.bytes.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                #expect(!text.contains("secret-\(round)-\(victim)-x"), "\(what): the deleted string is still in the file")
                for i in 0..<count where i != victim { #expect(text.contains("secret-\(round)-\(i)-x"), "\(what): \(i) lost") }
            }
        }
    }
}
