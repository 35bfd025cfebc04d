import Foundation
import State
import StateTestSupport
import Testing

/// The original State framework's own test data, read by us and by Python.
@Suite struct FixtureTests {
    @Test(.slow, .tags(.python), arguments: ["Data.plist", "Data.json"])
    func valuesMatchPython(name: String) throws {
        let url = Fixtures.state(name)
        let tree = try SourceTree(contentsOf: url)
        #expect(PlistOracle.canonical(tree.value()) == (try PlistOracle.read(url)))
    }

    @Test func dataPlistHoldsTheExpectedModels() throws {
        let tree = try SourceTree(contentsOf: Fixtures.state("Data.plist"))
        #expect(tree.format == .xml)
        let value = tree.value()
        #expect(value["Users.t_imp.name"] == "John Doe")
        #expect(value["Users.t_imp.id"] == 10)
        #expect(value["Users.t_arr.2.email"] == "john@unit-testing.com")
        let root = try #require(tree.index(at: "Users.t_dic"))
        #expect(tree[root].kind == .dictionary)
        #expect(tree[root].count == 3)
        #expect(tree.children(of: root).map { tree.key(of: $0) } == ["item1", "item2", "item3"])
    }

    @Test func dataJSONKeepsItsKeyOrder() throws {
        let tree = try SourceTree(contentsOf: Fixtures.state("Data.json"))
        #expect(tree.format == .json)
        guard case .dictionary(let root) = tree.value() else {
            Issue.record("root is not a dictionary")
            return
        }
        #expect(Array(root.keys.prefix(4)) == ["t", "u", "x", "t_imp"])
        #expect(tree.value()["t.name"] == "John Doe")
    }

    @Test(arguments: ["Data.plist", "Data.json"])
    func resavingUneditedGivesIdenticalBytes(name: String) throws {
        let bytes = try FileBytes.read(Fixtures.state(name))
        let tree = try SourceTree(parsing: bytes)
        #expect(tree.bytes == bytes)
        #expect(tree.nodes[0].byteRange.count > 0)
    }

    /// The Xcode data model is XML but not a property list: refused with a clear message.
    @Test func xcodeDataModelIsNotAPlist() {
        #expect {
            _ = try SourceTree(contentsOf: Fixtures.state("TestModels.xcdatamodel.contents"))
        } throws: { error in
            (error as? PlistError)?.description == "line 2, column 1: unknown element <model>"
        }
    }

    @Test(arguments: ["Data.plist", "Data.json"], PlistFormat.valueFormats)
    func convertsToEveryFormatAndBack(name: String, format: PlistFormat) throws {
        let value = try SourceTree(contentsOf: Fixtures.state(name)).value()
        var warnings: [PlistWarning] = []
        let bytes = try value.serialized(as: format, warnings: &warnings)
        let back = try SourceTree(parsing: bytes)
        #expect(back.format == format)
        if format == .json, name == "Data.plist" {
            // Dates become strings in JSON, and say so.
            #expect(warnings.contains { $0.message.contains("date") })
            #expect(back.value()["Object.t_dic_imp.key1"] != nil)
        } else {
            #expect(back.value() == value)
        }
    }
}
