import Foundation
import OrderedCollections
import State
import StateTestSupport
import Testing

@Suite struct ConformerTests {
    let employee = Employee(name: "Test Employee", title: "Manager")
    var conformer1: TestProtocolConformer {
        TestProtocolConformer(age: 19, ss_number: "12345", isReady: true, employee: employee, children: [employee, Employee(name: "B")])
    }
    let conformer2 = TestProtocolConformer2(name: "Test Conformer", ss_number: "1111111")

    var container: TestProtocolContainer {
        TestProtocolContainer(
            testProtocol: conformer1,
            testProtocols: [conformer1, conformer2],
            testProtocolsDict: ["Conformer 1": conformer1, "Conformer 2": conformer2]
        )
    }

    @Test func valuesAreTaggedWithTheRootProtocolFirst() throws {
        let stored = try container.storedValue()
        let one = try #require(stored["testProtocol"]?.dictionaryValue)
        // TestProtocol inherits from TestParentProtocol: the tag key is the root's name.
        #expect(one.keys.first == "TestParentProtocol")
        #expect(one["TestParentProtocol"] == "TestProtocolConformer")
        #expect(one["TestProtocol"] == nil)
        #expect(stored["testProtocols.1.TestParentProtocol"] == "TestProtocolConformer2")
        #expect(stored["testProtocolsDict.Conformer 2.TestParentProtocol"] == "TestProtocolConformer2")
    }

    @Test func containersRoundTripThroughEveryFormat() throws {
        let folder = try Fixtures.temporaryFolder()
        for format in PlistFormat.valueFormats {
            let url = folder.appendingPathComponent("protocols.\(format.rawValue)")
            try container.write(to: url, format: format)
            let back = try TestProtocolContainer(contentsOf: url)
            #expect(back.testProtocol as? TestProtocolConformer == conformer1)
            #expect(back.testProtocols.count == 2)
            #expect(back.testProtocols[0] as? TestProtocolConformer == conformer1)
            #expect(back.testProtocols[1] as? TestProtocolConformer2 == conformer2)
            #expect(Array(back.testProtocolsDict.keys) == ["Conformer 1", "Conformer 2"])
            #expect(back.testProtocolsDict["Conformer 2"] as? TestProtocolConformer2 == conformer2)
        }
    }

    @Test func olderTagKeyIsAccepted() throws {
        let stored: PlistValue = [
            "model_type_key": "TestProtocolConformer2", "name": "Old", "ss_number": "9",
        ]
        let value = try Conformers.parent.read(stored, context: ReadContext())
        #expect(value as? TestProtocolConformer2 == TestProtocolConformer2(name: "Old", ss_number: "9"))
    }

    @Test func unknownAndMissingTagsAreClearErrors() throws {
        var stored = try container.storedValue()
        stored = try replacing(stored, "testProtocols.1.TestParentProtocol", with: "Martian")
        let error = try #require(throws: ModelError.self) { try TestProtocolContainer(plistValue: stored) }
        #expect(
            error.description
                == "testProtocols.1.TestParentProtocol: \"Martian\" is not a known TestParentProtocol conformer (known: TestProtocolConformer, TestProtocolConformer2)")

        let untagged: PlistValue = ["name": "x", "ss_number": "1"]
        let missing = try #require(throws: ModelError.self) { try Conformers.parent.read(untagged, context: ReadContext().appending("p")) }
        #expect(missing.reason == .missingTypeTag(protocol: "TestParentProtocol"))
        #expect(missing.path == "p")

        let wrongType: PlistValue = ["TestParentProtocol": 7]
        let notString = try #require(throws: ModelError.self) { try Conformers.parent.read(wrongType, context: ReadContext()) }
        #expect(notString.description == "TestParentProtocol: expected a conformer name (string), found integer 7")

        // A conformer of the root that is not a TestProtocol is refused where a TestProtocol is wanted.
        let elsewhere: Conformers<any TestProtocol> = Conformers(root: "TestParentProtocol", TestProtocolConformer2.self)
        let stored2 = try Conformers.parent.write(conformer2)
        #expect(throws: ModelError.self) { try elsewhere.read(stored2, context: ReadContext()) }
    }

    @Test func lenientCollectionsDropUnknownConformers() throws {
        var stored = try container.storedValue()
        stored = try replacing(stored, "testProtocols.0.TestParentProtocol", with: "Martian")
        stored = try replacing(stored, "testProtocolsDict.Conformer 2.ss_number", with: 12)
        let decoded = try TestProtocolContainer.read(value: stored, mode: .lenient)
        #expect(decoded.value.testProtocols.count == 1)
        #expect(decoded.value.testProtocols[0] is TestProtocolConformer2)
        #expect(Array(decoded.value.testProtocolsDict.keys) == ["Conformer 1"])
        #expect(
            decoded.dropped.map(\.description) == [
                "testProtocols.0.TestParentProtocol: \"Martian\" is not a known TestParentProtocol conformer (known: TestProtocolConformer, TestProtocolConformer2)",
                "testProtocolsDict.Conformer 2.ss_number: expected a string, found integer 12",
            ])
        // Strict reading of the same data fails on the first problem.
        #expect(throws: ModelError.self) { try TestProtocolContainer(plistValue: stored) }
    }

    @Test func writingAnUnregisteredConformerFails() throws {
        let onlyFirst: Conformers<any TestParentProtocol> = Conformers(root: "TestParentProtocol", TestProtocolConformer.self)
        var store = Store()
        let error = try #require(throws: ModelError.self) {
            try store.set([conformer2] as [any TestParentProtocol], forKey: "x", in: onlyFirst)
        }
        #expect(error.reason == .unknownConformer("TestProtocolConformer2", protocol: "TestParentProtocol", known: ["TestProtocolConformer"]))
        // A write says where, as a read does; and so does `localizedDescription`, which is
        // what most callers show.
        let second = try #require(throws: ModelError.self) {
            try store.set([conformer1, conformer2] as [any TestParentProtocol], forKey: "employees", in: onlyFirst)
        }
        #expect(second.path.description == "employees.1")
        #expect(second.localizedDescription == "employees.1: \"TestProtocolConformer2\" is not a known TestParentProtocol conformer (known: TestProtocolConformer)")
        #expect((second as Error).localizedDescription == second.description)
    }

    @Test func missingTagMessagesReadAsEnglish() {
        #expect(ModelError(.missingTypeTag(protocol: "Employee")).message.hasPrefix("an Employee value needs a type tag"))
        #expect(ModelError(.missingTypeTag(protocol: "Shape")).message.hasPrefix("a Shape value needs a type tag"))
    }

    @Test func optionalAndDictionaryForms() throws {
        var store = Store()
        try store.set(nil as (any TestParentProtocol)?, forKey: "none", in: .parent)
        try store.set(["b": conformer2, "a": conformer2] as [String: any TestParentProtocol], forKey: "dict", in: .parent)
        #expect(store["none"] == nil)
        #expect(store["dict"]?.dictionaryValue?.keys.elements == ["a", "b"])  // sorted: stable output
        let none: (any TestParentProtocol)? = try store.value(forKey: "none", in: .parent)
        #expect(none == nil)
        let dict: [String: any TestParentProtocol] = try store.value(forKey: "dict", in: .parent)
        #expect(dict.count == 2)
        #expect(throws: ModelError.self) { let _: [any TestParentProtocol] = try store.value(forKey: "dict", in: .parent) }
    }

    /// `value` with the node at `path` replaced.
    func replacing(_ value: PlistValue, _ path: PlistPath, with replacement: PlistValue) throws -> PlistValue {
        func go(_ v: PlistValue, _ rest: ArraySlice<PlistPath.Component>) throws -> PlistValue {
            guard let first = rest.first else { return replacement }
            switch (v, first) {
            case (.dictionary(var d), .key(let k)):
                d[k] = try go(try #require(d[k]), rest.dropFirst())
                return .dictionary(d)
            case (.dictionary(var d), .index(let i)):
                d[String(i)] = try go(try #require(d[String(i)]), rest.dropFirst())
                return .dictionary(d)
            case (.array(var a), .index(let i)):
                a[i] = try go(a[i], rest.dropFirst())
                return .array(a)
            default:
                throw ModelError(.invalidValue("no \(path)"))
            }
        }
        return try go(value, path.components[...])
    }
}
