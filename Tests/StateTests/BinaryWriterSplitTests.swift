import Foundation
import OrderedCollections
import StateTestSupport
import Testing

@testable import State

/// A binary plist flattened on two threads (the second taking the split container's children
/// from the cut on, merged afterwards) and written in two halves is byte for byte the file of
/// one thread: the same objects, stored once, numbered in the same order.
@Suite struct BinaryWriterSplitTests {
    /// The file on one thread, and on two with every split taken, a filter of `filterBits`.
    func expectSameFile(_ value: PlistValue, keepingNull: Bool = false, filterBits: Int = 22, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let one = Result { try BinaryPlistWriter.document(value, keepingNull: keepingNull, threads: 1) }
        let two = Result {
            try BinaryPlistWriter.document(value, keepingNull: keepingNull, threads: 2, splitWeight: 0, splitObjects: 0, filterBits: filterBits)
        }
        expectSame(one, two, name, sourceLocation: sourceLocation)
    }

    /// The same file from one thread and two, or the same first error (at the same path,
    /// wherever the cut fell).
    func expectSame(_ one: Result<[UInt8], Error>, _ two: Result<[UInt8], Error>, _ name: String, sourceLocation: SourceLocation) {
        switch (one, two) {
        case (.success(let a), .success(let b)):
            // Not `#expect(a == b)`: it would print both files whole.
            if a != b {
                let at = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                Issue.record("\(name): the files differ from byte \(at) (\(a.count) and \(b.count) bytes)", sourceLocation: sourceLocation)
            }
        case (.failure(let a), .failure(let b)):
            #expect("\(a)" == "\(b)", "\(name)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(name): one thread \(one), two \(two)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomValuesSplitAnywhere() throws {
        var rng = SeededGenerator.fromEnvironment()
        for round in 0..<400 {
            let value = SpanConversionTests.randomValue(&rng, depth: 0)
            expectSameFile(value, "round \(round) (seed \(rng.seed))")
            expectSameFile(value, keepingNull: true, filterBits: 6, "round \(round), nulls kept, small filter (seed \(rng.seed))")
        }
    }

    /// Many distinct numbers and strings, some in both halves and in what follows the split
    /// container (found through the merged share's tables), with filters from tiny (almost
    /// every answer a wrong "maybe") to the real size.
    @Test func distinctScalarsOnBothSidesOfTheCutAndAfterIt() throws {
        var rng = SeededGenerator.fromEnvironment()
        func record(_ i: Int) -> PlistValue {
            let shared = Int.random(in: 0..<50, using: &rng)
            return [
                "name": .string("item \(i)"), "shared": .string("shared \(shared)"), "real": .real(Double(i) / 7),
                "common": .real(Double(shared) / 4), "date": .date(Date(timeIntervalSinceReferenceDate: Double(i * 37))),
                "count": .integer(Int128(i % 300)), "big": .integer(Int128(UInt64.max) - Int128(i % 3)), "flag": .bool(i % 2 == 0),
                "uid": .uid(UInt64(i % 40)), "blob": .data(Data([UInt8(i % 256)])), "tags": .array([.string("t\(i % 9)"), .string("item \(i / 2)")]),
            ]
        }
        let records = PlistValue.array((0..<3000).map(record))
        let tail: PlistValue = [
            "again": .string("item 2999"), "early": .string("item 1"), "new": .string("only here"), "realLate": .real(2999.0 / 7),
            "realEarly": .real(1.0 / 7), "dateLate": .date(Date(timeIntervalSinceReferenceDate: 2999 * 37)), "fresh": .real(-1),
        ]
        let value: PlistValue = ["head": ["version": 3, "name": "item 2500"], "records": records, "tail": tail]
        for bits in [6, 10, 16, 22] { expectSameFile(value, filterBits: bits, "filter of 2^\(bits) bits") }
        // And readable by another reader, equal to the value.
        let file = try BinaryPlistWriter.document(value, threads: 2, splitWeight: 0, splitObjects: 0, filterBits: 8)
        #expect(try PlistValue(parsing: file) == value)
    }

    @Test func nullsAreRefusedAtTheSamePathOnEitherSide() throws {
        let items = PlistValue.array((0..<100).map { .integer(Int128($0)) })
        for position in [0, 10, 60, 99] {
            guard case .array(var list) = items else { return }
            list[position] = ["inner": .null]
            expectSameFile(["a": 1, "list": .array(list)], "null at \(position)")
            expectSameFile(["a": 1, "list": .array(list)], keepingNull: true, "null kept at \(position)")
        }
        expectSameFile(["before": .null, "list": items], "null before the split container")
        expectSameFile(["list": items, "after": .null], "null after the split container")
    }

    @Test func theCutGoesDownToWhereTheBulkIs() throws {
        let group: PlistValue = ["name": "g", "assets": .array((0..<200).map { ["n": .integer(Int128($0)), "c": [1.0, 0.5]] })]
        let groups = PlistValue.dictionary(OrderedDictionary(uniqueKeysWithValues: (0..<50).map { ("Group \($0)", group) }))
        let library: PlistValue = ["name": "lib", "domains": ["Default": ["groups": groups]], "version": 1]
        let split = try #require(BinaryPlistWriter.Split.find(in: library, minimum: 1000))
        #expect(split.path == [1, 0, 0])
        #expect(split.container == groups)
        #expect(split.cut == 25)
        // A lone array: cut at its middle; a scalar or a container of one scalar: no cut.
        #expect(BinaryPlistWriter.Split.find(in: .array((0..<10).map { .integer(Int128($0)) }), minimum: 0)?.cut == 5)
        #expect(BinaryPlistWriter.Split.find(in: "alone", minimum: 0) == nil)
        #expect(BinaryPlistWriter.Split.find(in: .array(["one"]), minimum: 0) == nil)
    }

    /// A span tree written to binary (`state convert`) on two threads, with every split
    /// taken: the file of one thread, or the same error.
    func expectSameSpanFile(_ tree: SourceTree, at node: Int = SourceTree.root, filterBits: Int = 22, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func written(threads: Int) -> Result<[UInt8], Error> {
            tree.bytes.withUnsafeBufferPointer { buffer in
                Result {
                    let source = SpanSource(tree: tree, buffer: buffer, root: node)
                    var out = OutputBuffer()
                    defer { out.deallocate() }
                    try BinaryPlistWriter.document(source, into: &out, threads: threads, splitAbove: 0, splitObjects: 0, filterBits: filterBits)
                    return out.bytes
                }
            }
        }
        expectSame(written(threads: 1), written(threads: 2), name, sourceLocation: sourceLocation)
    }

    @Test func spanTreesOfEveryFormatSplitAnywhere() throws {
        var rng = SeededGenerator.fromEnvironment()
        for (round, format, bytes) in SpanConversionTests.randomFiles(150, using: &rng) {
            let tree = try SourceTree(parsing: bytes)
            expectSameSpanFile(tree, "round \(round), \(format) (seed \(rng.seed))")
            expectSameSpanFile(tree, filterBits: 6, "round \(round), \(format), small filter (seed \(rng.seed))")
            // A subtree written on its own (`state get … --format binary`) splits inside it.
            let inner = Int.random(in: 0..<tree.nodes.count, using: &rng)
            expectSameSpanFile(tree, at: inner, "round \(round), \(format), node \(inner) (seed \(rng.seed))")
        }
    }

    /// Distinct and shared scalars on both sides of the cut and after the split container,
    /// escaped strings (decoded, not plain), wide integers, booleans first met by the second
    /// thread, a JSON null and a key written twice (written once, as one thread does), in a
    /// member and in the container the split would cut.
    @Test func spanTreesWithDistinctScalarsNullsAndRepeatedKeys() throws {
        var records: [String] = []
        for i in 0..<400 {
            let flag = i < 300 ? "" : ", \"flag\": \(i % 2 == 0)"
            let escaped = i < 200 ? "tab\\t\(i % 7)" : "tab\\tlate \(i)"
            records.append(
                "{\"name\": \"item \(i)\", \"esc\": \"\(escaped)\", \"real\": \(Double(i) / 8), \"wide\": \(UInt64.max - UInt64(i % 3)), \"n\": \(i % 50)\(flag)}")
        }
        let body = records.joined(separator: ", ")
        let json =
            "{\"head\": {\"v\": 1, \"n\": \"item 399\"}, \"records\": [\(body)], \"tail\": {\"again\": \"item 1\", \"late\": \"item 399\", \"later\": \"item 398\", \"esc\": \"tab\\t3\", \"escLate\": \"tab\\tlate 398\", \"r\": 49.875, \"t\": true, \"w\": \(UInt64.max)}}"
        for bits in [6, 12, 22] { expectSameSpanFile(try SourceTree(parsing: Array(json.utf8)), filterBits: bits, "filter of 2^\(bits) bits") }
        for format in [PlistFormat.xml, .binary] {
            var warnings: [PlistWarning] = []
            let converted = try SourceTree(parsing: Array(json.utf8)).serialized(as: format, warnings: &warnings)
            expectSameSpanFile(try SourceTree(parsing: converted), "as \(format)")
        }
        let withNull = json.replacingOccurrences(of: "\"n\": 42}", with: "\"n\": null}")
        expectSameSpanFile(try SourceTree(parsing: Array(withNull.utf8)), "a null in the second half")
        let twice = json.replacingOccurrences(of: "\"n\": 41}", with: "\"n\": 41, \"n\": 2}")
        expectSameSpanFile(try SourceTree(parsing: Array(twice.utf8)), "a key written twice in the second half")
        // A key twice in the container the split would cut: written on one thread.
        let members = (0..<400).map { "\"k\($0)\": {\"n\": \($0), \"s\": \"item \($0)\"}" }.joined(separator: ", ")
        for extra in [", \"k3\": [1, 2]", ", \"k390\": \"late\"", ""] {
            let tree = try SourceTree(parsing: Array("{\(members)\(extra)}".utf8))
            expectSameSpanFile(tree, "a key twice in the split container: \(extra)")
            var warnings: [PlistWarning] = []
            #expect(try tree.serialized(as: .binary, warnings: &warnings) == tree.value().serialized(as: .binary, warnings: &warnings))
        }
    }

    /// The first thread does the work itself when no other has begun it, and settling after
    /// a walk that stopped early leaves no thread at work.
    @Test func theShareIsTakenByWhoeverComesFirst() throws {
        let container = PlistValue.array((0..<10).map { .string("s\($0 % 4)") })
        let unstarted = BinaryPlistWriter.handoff(container: container, cut: 4, keepsNull: false)
        let share = try unstarted.take().get()
        #expect(share.roots.count == 6)
        #expect(share.flattener.entries.count == 4)
        let started = BinaryPlistWriter.handoff(container: container, cut: 4, keepsNull: false)
        started.start()
        #expect(try started.take().get().roots.count == 6)
        started.settle()
        let abandoned = BinaryPlistWriter.handoff(container: container, cut: 4, keepsNull: false)
        abandoned.start()
        abandoned.settle()
        abandoned.settle()
        // An error is the taker's, on whichever thread the work ran.
        struct Refused: Error {}
        let failing = Handoff<Int> { throw Refused() }
        failing.start()
        #expect(throws: Refused.self) { try failing.take().get() }
    }
}
