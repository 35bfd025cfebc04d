import Foundation
import State
import StateTestSupport
import Testing

/// Hostile and broken binary plists: every one is an error with a byte offset.
@Suite struct BinaryPlistTests {
    /// Builds a bplist00 from raw objects: offsets are computed, the trailer can be overridden.
    struct Builder {
        var objects: [[UInt8]]
        var refSize: UInt8 = 1
        var offsetSize: UInt8 = 1
        var top: UInt64 = 0
        var countOverride: UInt64?
        var tableOverride: UInt64?

        func build() -> [UInt8] {
            var out = Array("bplist00".utf8)
            var offsets: [Int] = []
            for o in objects {
                offsets.append(out.count)
                out += o
            }
            let table = out.count
            for o in offsets { out += be(UInt64(o), Int(offsetSize)) }
            out += [0, 0, 0, 0, 0, 0, offsetSize, refSize]
            out += be(countOverride ?? UInt64(objects.count), 8)
            out += be(top, 8)
            out += be(tableOverride ?? UInt64(table), 8)
            return out
        }

        func be(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
    }

    func expectError(_ bytes: [UInt8], _ message: String, at offset: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try SourceTree(parsing: bytes)
        } throws: { error in
            guard let error = error as? PlistError else { return false }
            #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
            if let offset { #expect(error.location == .byte(offset: offset), "\(error)", sourceLocation: sourceLocation) }
            return true
        }
    }

    /// A dictionary {"a": [1, "b"]}: objects 0 dict, 1 "a", 2 array, 3 int 1, 4 "b".
    var valid: Builder {
        Builder(objects: [[0xD1, 1, 2], [0x51, 0x61], [0xA2, 3, 4], [0x10, 1], [0x51, 0x62]])
    }

    @Test(.slow, .tags(.python)) func theBuilderMakesAValidFile() throws {
        let bytes = valid.build()
        #expect(try PlistValue(parsing: bytes) == ["a": [1, "b"]])
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("b.plist")
        try Data(bytes).write(to: url)
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(["a": [1, "b"]]))
    }

    @Test func truncatedFiles() {
        let bytes = valid.build()
        expectError(Array(bytes.prefix(20)), "too short", at: 20)
        // Every shorter prefix fails cleanly (trailer read from the wrong place).
        for n in 0..<bytes.count {
            #expect(throws: PlistError.self) { try SourceTree(parsing: Array(bytes.prefix(n))) }
        }
    }

    @Test func badTrailerFields() {
        var b = valid
        b.offsetSize = 0
        expectError(b.build(), "bad offset size 0", at: b.build().count - 32 + 6)
        // One field wrong at a time, each said by name.
        let cases: [(change: (inout Builder) -> Void, message: String)] = [
            ({ $0.refSize = 9 }, "bad object reference size 9"),
            ({ $0.countOverride = 1 << 40 }, "object count 1099511627776 does not fit"),
            ({ $0.top = 5 }, "top object 5 is out of range"),
            ({ $0.tableOverride = 1 << 62 }, "offset table at 4611686018427387904 does not fit"),
            // Fits, but the table is then too small for the references.
            ({ $0.countOverride = 2 }, "out of range"),
        ]
        for (change, message) in cases {
            var b = valid
            change(&b)
            expectError(b.build(), message)
        }
    }

    @Test func badOffsetsAndReferences() {
        var b = valid
        b.objects[0] = [0xD1, 1, 9]  // value ref 9 of 5 objects
        expectError(b.build(), "object reference 9 is out of range", at: 8 + 2)
        // An offset-table entry pointing into the trailer.
        var bytes = valid.build()
        let table = bytes.count - 32 - 5
        bytes[table + 3] = UInt8(bytes.count - 10)
        expectError(bytes, "outside the object area", at: table + 3)
    }

    @Test func referenceCycles() {
        let b = Builder(objects: [[0xA1, 1], [0xA1, 0]])
        expectError(b.build(), "reference cycle")
        let selfRef = Builder(objects: [[0xA1, 0]])
        expectError(selfRef.build(), "reference cycle: object 0 contains itself")
    }

    @Test func absurdCountsAndSizes() {
        // An array claiming 2^40 elements through an extended count.
        expectError(Builder(objects: [[0xAF, 0x13, 0, 0, 1, 0, 0, 0, 0, 0]]).build(), "larger than the file")
        // A string longer than the object area.
        expectError(Builder(objects: [[0x5E, 0x41]]).build(), "runs past the object area", at: 8)
        // A 32-byte integer marker.
        expectError(Builder(objects: [[0x15, 0]]).build(), "bad integer size", at: 8)
        expectError(Builder(objects: [[0x24, 0, 0, 0, 0, 0, 0, 0, 0]]).build(), "bad real size", at: 8)
        expectError(Builder(objects: [[0xF0]]).build(), "unknown object marker 0xf0", at: 8)
        expectError(Builder(objects: [[0x0F]]).build(), "unknown object marker 0xf", at: 8)
        expectError(Builder(objects: [[0x4F, 0x50]]).build(), "bad length marker", at: 9)
    }

    @Test func badKeysAndStrings() {
        expectError(Builder(objects: [[0xD1, 1, 1], [0x10, 1]]).build(), "dictionary key is not a string", at: 11)
        expectError(Builder(objects: [[0x52, 0x41, 0xC3]]).build(), "non-ASCII byte", at: 10)
        expectError(Builder(objects: [[0x61, 0xD8, 0x3C]]).build(), "unpaired UTF-16 surrogate", at: 9)
        // 0x7_ (UTF-8 strings) is refused by CoreFoundation in bplist00, valid UTF-8 or not.
        expectError(Builder(objects: [[0x72, 0xC3, 0x28]]).build(), "is not part of bplist00", at: 8)
        expectError(Builder(objects: [[0x72, 0x41, 0x42]]).build(), "object marker 0x72 (a UTF-8 string) is not part of bplist00", at: 8)
    }

    /// A set (0xC_) reads as an array, as CoreFoundation builds it into a property list.
    @Test func setsReadAsArrays() throws {
        let bytes = Builder(objects: [[0xC2, 1, 2], [0x10, 7], [0x51, 0x41]]).build()
        #expect(try PlistValue(parsing: bytes) == .array([.integer(7), .string("A")]))
    }

    /// A chain of arrays each holding the next one twice expands to 2^k leaves from a tiny file.
    @Test func sharedReferenceExplosionIsCapped() {
        var objects: [[UInt8]] = []
        let levels = 40
        for i in 0..<levels { objects.append([0xA2, UInt8(i + 1), UInt8(i + 1)]) }
        objects.append([0x10, 1])
        expectError(Builder(objects: objects).build(), "shared references expand to more than")
    }

    @Test func deepBinaryNestingIsAnError() {
        var objects: [[UInt8]] = []
        let depth = 600
        for i in 0..<depth { objects.append([0xA1] + [UInt8(truncatingIfNeeded: (i + 1) >> 8), UInt8(truncatingIfNeeded: i + 1)]) }
        objects.append([0x10, 1])
        var b = Builder(objects: objects)
        b.refSize = 2
        b.offsetSize = 2
        expectError(b.build(), "nesting deeper than 512")
    }

    @Test func integerWidthsAndUIDs() throws {
        let value: PlistValue = [
            .integer(Int128(UInt64.max)), .integer(Int128(Int64.min)), 255, 256, 65_536, -1, .uid(300), .uid(0),
        ]
        let bytes = try value.serialized(as: .binary)
        #expect(try PlistValue(parsing: bytes) == value)
        // Equal scalars are stored once: two "x" strings, one object.
        let shared = try PlistValue.array(["x", "x", "x"]).serialized(as: .binary)
        let single = try PlistValue.array(["x"]).serialized(as: .binary)
        #expect(shared.count - single.count == 2)  // two more one-byte references, no more objects
    }

    @Test func writingIsDeterministic() throws {
        let value = SampleValues.everything()
        #expect(try value.serialized(as: .binary) == value.serialized(as: .binary))
    }
}
