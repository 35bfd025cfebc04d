import Foundation
import OrderedCollections
import State
import Testing

/// A model with no hand-written coding: `Codable` provides it.
struct Settings: Model, Codable, Equatable {
    enum Mode: String, Codable { case light, dark }
    struct Window: Codable, Equatable {
        var width: Int16
        var height: Int16
    }

    var title: String
    var mode: Mode
    var scale: Float
    var opened: Date
    var icon: Data
    var home: URL
    var windows: [Window]
    var recent: [String: Int]
    var note: String?
    var limit: Decimal

    static var version: Int? { 2 }
    static var migrations: [Migration] { [Migration(from: 1) { $0.renameKey("name", to: "title") }] }
}

@Suite struct CodableTests {
    let settings = Settings(
        title: "Main", mode: .dark, scale: 1.5, opened: Date(timeIntervalSinceReferenceDate: 800_000_000),
        icon: Data([1, 2, 3]), home: URL(string: "file:///home")!,
        windows: [.init(width: 800, height: 600)], recent: ["a": 1], note: nil, limit: Decimal(string: "9.99")!
    )

    @Test func codableModelsUseTheNativeForms() throws {
        let stored = try settings.storedValue()
        let keys = try #require(stored.dictionaryValue?.keys.elements)
        #expect(keys == ["title", "mode", "scale", "opened", "icon", "home", "windows", "recent", "limit", "model_version"])
        #expect(stored["opened"] == .date(settings.opened))
        #expect(stored["icon"] == .data(Data([1, 2, 3])))
        #expect(stored["home"] == "file:///home")
        #expect(stored["limit"] == 9.99)
        #expect(stored["scale"] == 1.5)
        #expect(stored["windows.0.width"] == 800)
        #expect(stored["note"] == nil)  // nil is absent, not null
        for format in PlistFormat.valueFormats {
            #expect(try Settings(bytes: settings.bytes(format: format)) == settings, "\(format)")
        }
    }

    @Test func codableModelsMigrate() throws {
        var old = try settings.storedEntries()
        old.removeValue(forKey: "model_version")
        old.renameKey("title", to: "name")
        #expect(old.keys.first == "name")
        let read = try Settings(plistValue: old.plistValue)
        #expect(read == settings)
    }

    @Test func codableErrorsNameTheirPath() throws {
        var stored = try settings.storedValue().dictionaryValue!
        stored["windows"] = [["width": 800, "height": 70000]]
        let range = try #require(throws: ModelError.self) { try Settings(plistValue: .dictionary(stored)) }
        #expect(range.description == "windows.0.height: 70000 is outside the range of Int16 (-32768…32767)")
        stored["windows"] = [["width": 800]]
        let missing = try #require(throws: ModelError.self) { try Settings(plistValue: .dictionary(stored)) }
        #expect(missing.description == "windows.0: required key \"height\" is missing")
        stored["windows"] = [["width": 800, "height": 600]]
        stored["mode"] = "sepia"
        let badEnum = try #require(throws: ModelError.self) { try Settings(plistValue: .dictionary(stored)) }
        #expect(badEnum.path == "mode")
    }

    @Test func codableValuesInAHandWrittenStore() throws {
        var store = Store()
        try store.encode(Settings.Window(width: 1, height: 2), forKey: "window")
        try store.encode(nil as Settings.Window?, forKey: "none")
        try store.encode([1, 2, 3], forKey: "list")
        #expect(store["window"] == ["width": 1, "height": 2])
        #expect(store["none"] == nil)
        #expect(try store.decode(Settings.Window.self, forKey: "window") == .init(width: 1, height: 2))
        #expect(try store.decodeIfPresent(Settings.Window.self, forKey: "none") == nil)
        #expect(try store.decode([Int].self, forKey: "list") == [1, 2, 3])
        let error = try #require(throws: ModelError.self) { try store.decode(Settings.Window.self, forKey: "absent") }
        #expect(error.reason == .missingKey("absent"))
        let encoder = PlistValueEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode([nil, 1] as [Int?]) }
        #expect(try PlistValueDecoder().decode([Int?].self, from: [.null, 1]) == [nil, 1])
    }
}
