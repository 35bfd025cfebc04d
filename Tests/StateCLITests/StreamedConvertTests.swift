import Foundation
import State
import StateTestSupport
import Testing

/// `state convert FILE -o OUT` writes OUT as it walks the span tree (`SourceTree.stream`); what
/// lands is what the whole-output path writes, and a conversion that fails halfway leaves OUT
/// as it was, with no temporary file beside it.
@Suite struct StreamedConvertTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    /// Large enough to hand its output on in several pieces (the buffer holds 1 MB).
    static func largeLibrary() -> PlistValue {
        var items: [PlistValue] = []
        for i in 0..<12_000 {
            items.append([
                "name": .string("item \(i) <&> \"quoted\""), "id": .integer(Int128(i)), "ratio": .real(Double(i) / 7),
                "when": .date(Date(timeIntervalSinceReferenceDate: Double(i) * 3600)), "blob": .data(Data([UInt8(i % 256), 1, 2])),
                "color": ["red": 0.5, "green": .real(Double(i % 10) / 10), "blue": 1, "alpha": 1], "tags": ["a", .string("t\(i % 13)")],
            ])
        }
        return ["items": .array(items), "unicode": "日本語 🍎"]
    }

    @Test(arguments: ["xml", "binary", "json"])
    func streamedEqualsWhole(from source: String) throws {
        let folder = try Fixtures.temporaryFolder()
        var warnings: [PlistWarning] = []
        let input = folder.appendingPathComponent("library.\(source)")
        let value = Self.largeLibrary()
        try Data(try value.serialized(as: PlistFormat(rawValue: source)!, warnings: &warnings)).write(to: input)
        let tree = try SourceTree(contentsOf: input)
        for target in ["xml", "binary", "json"] where target != source {
            let out = folder.appendingPathComponent("out.\(target)")
            let result = try state("convert", input.path, "--to", target, "-o", out.path)
            #expect(result.status == 0, "\(result.stderr)")
            let whole = try tree.serialized(as: PlistFormat(rawValue: target)!, warnings: &warnings)
            #expect(whole.count > 1 << 20)
            #expect(try FileBytes.read(out) == whole, "\(source) → \(target)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["library.\(source)", "out.\(target)"].sorted())
            try FileManager.default.removeItem(at: out)
        }
    }

    @Test func aConversionThatFailsHalfwayLeavesTheOutputAsItWas() throws {
        let folder = try Fixtures.temporaryFolder()
        // A null far into the file: megabytes have been written when the binary writer meets it.
        var items = (0..<20_000).map { i -> PlistValue in ["name": .string("item \(i)"), "n": .integer(Int128(i))] }
        items.append(["name": "last", "n": .null])
        var warnings: [PlistWarning] = []
        let input = folder.appendingPathComponent("nulls.json")
        try Data(try PlistValue.dictionary(["items": .array(items)]).serialized(as: .json, warnings: &warnings)).write(to: input)
        let out = folder.appendingPathComponent("out.plist")
        try Data("the old content".utf8).write(to: out)
        let result = try state("convert", input.path, "--to", "xml", "-o", out.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("items.20000.n: null cannot be stored in a property list"), "\(result.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "the old content")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["nulls.json", "out.plist"])
    }

    /// A key twice is written once, as the value tree holds it (first place, last value) —
    /// streamed like any other file.
    @Test func aKeyTwiceIsWrittenAsTheValueTreeHasIt() throws {
        let folder = try Fixtures.temporaryFolder()
        let input = folder.appendingPathComponent("twice.json")
        let filler = (0..<30_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        try Data("{\(filler), \"a\": 1, \"b\": 2, \"a\": 3}".utf8).write(to: input)
        let out = folder.appendingPathComponent("twice.plist")
        let result = try state("convert", input.path, "--to", "xml", "-o", out.path)
        #expect(result.status == 0, "\(result.stderr)")
        let back = try PlistValue(parsing: try FileBytes.read(out))
        #expect(back.dictionaryValue?["a"] == 3)
        #expect(back.dictionaryValue.map { Array($0.keys.suffix(2)) } == ["a", "b"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["twice.json", "twice.plist"])
    }
}
