import Foundation
import State
import StateTestSupport
import Testing

/// `BinaryPlistBuilder`: objects made children first, the root named at the end.
@Suite struct BinaryPlistBuilderTests {
    @Test func aBuiltFileReadsAsItsValues() throws {
        var builder = BinaryPlistBuilder()
        let one = builder.scalar(1)
        let name = builder.scalar("name")
        #expect(builder.scalar("name") == name, "equal scalars are one object")
        let list = builder.array([one, builder.scalar(2.5), builder.scalar(true), name])
        let root = builder.dictionary(keys: ["list", "name", "empty"], values: [list, name, builder.dictionary(keys: [], values: [])])
        let bytes = builder.document(root: root)
        let expected: PlistValue = ["list": [1, 2.5, true, "name"], "name": "name", "empty": [:]]
        #expect(try SourceTree(parsing: bytes).value() == expected)
        // The same as the value writer's file says, to CoreFoundation's reader in Python.
        let url = try Fixtures.temporaryFolder().appendingPathComponent("built.plist")
        try Data(bytes).write(to: url)
        #expect(PlistOracle.difference(PlistOracle.canonical(expected), try PlistOracle.read(url)) == nil)
    }
}
