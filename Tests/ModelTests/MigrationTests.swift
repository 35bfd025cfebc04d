import Foundation
import State
import StateTestSupport
import Testing

/// Version 1 stored `fullName` and `birthYear`; version 2 renamed `fullName` to `name`;
/// version 3 replaced `birthYear` with `age` (in 2026).
struct Person: Model, Equatable {
    var name: String
    var age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        age = try store.value(forKey: "age")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(age, forKey: "age")
    }

    static var version: Int? { 3 }
    static var migrations: [Migration] {
        [
            Migration(from: 1) { $0.renameKey("fullName", to: "name") },
            Migration(from: 2) { store in
                guard let year = store.removeValue(forKey: "birthYear")?.integerValue else {
                    throw TransformError("birthYear is missing")
                }
                store["age"] = .integer(Int128(2026 - year))
            },
        ]
    }
}

/// `TestMigration` from the fixture model (`versionHashModifier` 2.0): version 2 added `age`.
struct TestMigration: Model {
    var name: String
    var age: Int?

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        age = try store.value(forKey: "age")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(age, forKey: "age")
    }

    static var version: Int? { 2 }
    static var migrations: [Migration] { [Migration(from: 1) { $0["age"] = 10 }] }
}

@Suite struct MigrationTests {
    @Test func versionedModelsWriteTheirVersionLast() throws {
        let stored = try Person(name: "Ann", age: 30).storedValue()
        #expect(stored == ["name": "Ann", "age": 30, "model_version": 3])
        #expect(stored.dictionaryValue?.keys.last == "model_version")
        // Unversioned models write no version.
        #expect(try Employee(name: "Joe").storedValue()["model_version"] == nil)
    }

    @Test func migrationsChainAcrossVersions() throws {
        // No model_version: the first version.
        let v1: PlistValue = ["fullName": "Ann", "birthYear": 1990, "nickname": "A"]
        #expect(try Person(plistValue: v1) == Person(name: "Ann", age: 36))
        let v2: PlistValue = ["name": "Bo", "birthYear": 2000, "model_version": 2]
        #expect(try Person(plistValue: v2) == Person(name: "Bo", age: 26))
        let v3: PlistValue = ["name": "Cy", "age": 5, "model_version": 3]
        #expect(try Person(plistValue: v3) == Person(name: "Cy", age: 5))
        // Xcode's version hash modifiers are strings such as "2.0".
        #expect(try Person(plistValue: ["name": "Di", "birthYear": 2010, "model_version": "2.0"]) == Person(name: "Di", age: 16))
    }

    @Test func migratedDataWritesTheCurrentVersion() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("person.json")
        try Data(#"{"fullName": "Ann", "birthYear": 1990, "model_version": 1}"#.utf8).write(to: url)
        let person = try Person(contentsOf: url)
        try person.write(to: url, format: .json)
        let again = try PlistValue(parsing: FileBytes.read(url))
        #expect(again == ["name": "Ann", "age": 36, "model_version": 3])
    }

    @Test func fixtureMigrationAddsAge() throws {
        let old = try TestMigration(plistValue: ["name": "Old"])
        #expect(old.age == 10)
        let current = try TestMigration(plistValue: ["name": "New", "model_version": 2])
        #expect(current.age == nil)
    }

    @Test func versionProblemsAreReported() throws {
        let newer = try #require(throws: ModelError.self) { try Person(plistValue: ["name": "Z", "age": 1, "model_version": 4]) }
        #expect(newer.description == "(root): data is Person version 4, newer than this code's version 3")
        let bad = try #require(throws: ModelError.self) { try Person(plistValue: ["name": "Z", "model_version": "two"]) }
        #expect(bad.description == "model_version: model_version must be a whole number, found string \"two\"")
        // A failing step is reported at the model's path, through the store that holds it.
        let people = Store(["people": [["name": "Z", "model_version": 2]]])
        let failing = try #require(throws: ModelError.self) { let _: [Person] = try people.value(forKey: "people") }
        #expect(failing.description == "people.0: Person migration from version 2: birthYear is missing")
    }

    @Test func aMissingStepIsAnError() throws {
        struct Gap: Model {
            init(from store: Store) throws {}
            func write(to store: inout Store) throws {}
            static var version: Int? { 3 }
            static var migrations: [Migration] { [Migration(from: 1) { _ in }] }
        }
        let error = try #require(throws: ModelError.self) { try Gap(plistValue: [:]) }
        #expect(error.description == "(root): Gap has no migration from version 2")
    }
}
