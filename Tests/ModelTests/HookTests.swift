import OrderedCollections
import State
import Testing

/// A model that keeps the keys it does not know, through the read and write hooks, so data
/// written by a newer app survives a round trip through an older one.
struct KeepsExtras: Model, Equatable {
    var name: String
    var extras: OrderedDictionary<String, PlistValue> = [:]

    init(name: String) { self.name = name }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
    }

    mutating func finishReading(from store: Store) throws {
        for (key, value) in store.values where key != "name" { extras[key] = value }
    }

    func finishWriting(to store: inout Store) throws {
        for (key, value) in extras where store[key] == nil { store[key] = value }
    }
}

@Suite struct HookTests {
    @Test func hooksRunAfterReadingAndLastWhenWriting() throws {
        let data: PlistValue = ["name": "n", "future": ["a": 1], "flag": true]
        let model = try KeepsExtras(plistValue: data)
        #expect(model.name == "n")
        #expect(model.extras == ["future": ["a": 1], "flag": true])
        #expect(try model.storedValue() == data)
        // Inside collections too.
        let many = try [KeepsExtras](plistValue: [data, ["name": "m"]])
        #expect(try many.storedValue() == [data, ["name": "m"]])
    }

    @Test func hookFailuresPropagate() throws {
        struct Picky: Model {
            init(from store: Store) throws {}
            func write(to store: inout Store) throws {}
            mutating func finishReading(from store: Store) throws {
                if store.contains("forbidden") { throw store.context.appending("forbidden").error(.invalidValue("not allowed")) }
            }
        }
        let error = try #require(throws: ModelError.self) { let _: [Picky] = try Store(["list": [[:], ["forbidden": 1]]]).value(forKey: "list") }
        #expect(error.description == "list.1.forbidden: not allowed")
    }
}
