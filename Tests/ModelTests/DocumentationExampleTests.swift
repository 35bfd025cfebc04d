// swift-format-ignore-file
// (The documentation's examples are copied from this file, aligned comments and all.)
import Foundation
import State
import StateTestSupport
import Testing

// The code of the DocC articles (Sources/State/State.docc), compiled and run here;
// `articlesShowThisCode` checks that the articles show exactly the text between the markers.

enum DocumentationExample {
    // README-DOCC-CIRCLE-BEGIN
    struct Circle: Model {
        var name: String
        var radius: Double
        var fill: RGBAColor?

        init(from store: Store) throws {
            name = try store.value(forKey: "name")
            radius = try store.value(forKey: "radius")
            fill = try store.value(forKey: "fill", using: ColorTransform())   // absent ⇄ nil
        }

        func write(to store: inout Store) throws {
            try store.set(name, forKey: "name")
            try store.set(radius, forKey: "radius")
            try store.set(fill, forKey: "fill", using: ColorTransform())
        }
    }
    // README-DOCC-CIRCLE-END

    // README-DOCC-CONTACT-BEGIN
    struct Contact: Model {
        var name: String
        var age: Int?

        init(from store: Store) throws {                 // sees data of version 3 only
            name = try store.value(forKey: "name")
            age = try store.value(forKey: "age")
        }

        func write(to store: inout Store) throws {
            try store.set(name, forKey: "name")
            try store.set(age, forKey: "age")
        }

        static var version: Int? { 3 }                    // written as model_version
        static var migrations: [Migration] {
            [
                Migration(from: 1) { $0.renameKey("fullName", to: "name") },
                Migration(from: 2) { store in
                    if case .integer(let year)? = store.removeValue(forKey: "birthYear") {
                        store["age"] = .integer(2026 - year)
                    }
                },
            ]
        }
    }
    // README-DOCC-CONTACT-END

    static func migrations() throws -> (Contact, String, String) {
        // README-DOCC-MIGRATE-BEGIN
        let old = try Contact(string: #"{"fullName": "Ada", "birthYear": 1990}"#)   // no model_version: 1
        print(old.name, old.age ?? 0)                                     // Ada 36
        print(try old.string(format: .json))                              // … "model_version" : 3 …

        do {
            _ = try Contact(string: #"{"name": "Ada", "model_version": 4}"#)
        } catch let error as ModelError {
            print(error)   // (root): data is Contact version 4, newer than this code's version 3
        }
        // README-DOCC-MIGRATE-END
        var tooNew = ""
        do { _ = try Contact(string: #"{"name": "Ada", "model_version": 4}"#) } catch { tooNew = "\(error)" }
        return (old, try old.string(format: .json), tooNew)
    }

    static func files(_ circle: Circle, url: URL) throws -> Circle {
        // README-DOCC-FILES-BEGIN
        try circle.write(to: url, format: .binary)          // or .xml, .json
        let again = try Circle(contentsOf: url)
        // README-DOCC-FILES-END
        return again
    }
}

extension DocumentationExample.Circle {
    init(name: String, radius: Double, fill: RGBAColor? = nil) {
        self.name = name
        self.radius = radius
        self.fill = fill
    }
}

@Suite struct DocumentationExampleTests {
    @Test func theGettingStartedCodeRuns() throws {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("circle.plist")
        let again = try DocumentationExample.files(DocumentationExample.Circle(name: "sun", radius: 4, fill: RGBAColor(hex: "#FFB300")), url: url)
        #expect(again.name == "sun" && again.radius == 4 && again.fill?.hex == "#FFB300")
        let expected: PlistValue = ["name": "sun", "radius": .real(4), "fill": ["red": .real(1), "green": .real(179.0 / 255), "blue": .real(0), "alpha": .real(1)]]
        #expect(try PlistOracle.read(url) == PlistOracle.canonical(expected))
    }

    @Test func theMigrationCodeRuns() throws {
        let (old, json, tooNew) = try DocumentationExample.migrations()
        #expect(old.name == "Ada" && old.age == 36)
        // Written back at the current version, keys in write(to:)'s order.
        let written = try PlistValue(parsing: Array(json.utf8))
        #expect(written == ["name": "Ada", "age": 36, "model_version": 3])
        #expect(tooNew == "(root): data is Contact version 4, newer than this code's version 3")
    }

    @Test func articlesShowThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/GettingStarted.md"), encoding: .utf8)
        for name in ["DOCC-CIRCLE", "DOCC-FILES"] {
            let code = "```swift\n" + (try ReadmeSnippet.between(name, in: source)) + "\n```"
            #expect(article.contains(code), "GettingStarted.md's \(name) code differs from DocumentationExampleTests.swift")
        }
        let versions = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/VersionsAndMigrations.md"), encoding: .utf8)
        for name in ["DOCC-CONTACT", "DOCC-MIGRATE"] {
            let code = "```swift\n" + (try ReadmeSnippet.between(name, in: source)) + "\n```"
            #expect(versions.contains(code), "VersionsAndMigrations.md's \(name) code differs from DocumentationExampleTests.swift")
        }
    }
}
