import Foundation
import State
import StateTestSupport
import Testing

/// A user-defined transform: a temperature stored as degrees Celsius.
struct Temperature: Equatable { var kelvin: Double }

struct CelsiusTransform: ValueTransform {
    func apply(_ value: Temperature) throws -> Double? {
        guard value.kelvin >= 0 else { throw TransformError("below absolute zero") }
        return value.kelvin - 273.15
    }
    func reverse(_ stored: Double?) throws -> Temperature {
        guard let stored else { throw TransformError("no temperature") }
        guard stored >= -273.15 else { throw TransformError("\(stored) °C is below absolute zero") }
        return Temperature(kelvin: stored + 273.15)
    }
}

@Suite struct TransformTests {
    @Test func colorsAreFourRealsInOrder() throws {
        var store = Store()
        let orange = try #require(RGBAColor(hex: "#FF8000"))
        try store.set(orange, forKey: "color", using: ColorTransform())
        let stored = try #require(store["color"]?.dictionaryValue)
        #expect(Array(stored.keys) == ["red", "green", "blue", "alpha"])
        #expect(stored["red"] == 1.0)
        #expect(stored["green"] == .real(128.0 / 255.0))
        #expect(stored["alpha"] == 1.0)
        #expect(try store.value(forKey: "color", using: ColorTransform()) == orange)
        #expect(orange.hex == "#FF8000")
        #expect(RGBAColor(hex: "0a84ffcc")?.hex == "#0A84FFCC")
        #expect(RGBAColor(hex: "#12345") == nil)
        #expect(RGBAColor(hex: "#GG0000") == nil)
    }

    @Test func badColorsNameTheChannel() throws {
        let store = Store([
            "outside": ["red": 1.5, "green": 0, "blue": 0, "alpha": 1],
            "partial": ["red": 1, "green": 0, "blue": 0],
            "text": "#FF0000",
        ])
        let outside = try #require(throws: ModelError.self) { try store.value(forKey: "outside", using: ColorTransform()) }
        #expect(outside.description == "outside.red: red 1.5 is outside 0…1")
        let partial = try #require(throws: ModelError.self) { try store.value(forKey: "partial", using: ColorTransform()) }
        #expect(partial.description == "partial: required key \"alpha\" is missing")
        let text = try #require(throws: ModelError.self) { try store.value(forKey: "text", using: ColorTransform()) }
        #expect(text.description == "text: expected a dictionary, found string \"#FF0000\"")
        let absent = try #require(throws: ModelError.self) { let _: RGBAColor = try store.value(forKey: "none", using: ColorTransform()) }
        #expect(absent.reason == .missingKey("none"))
        let optional: RGBAColor? = try store.value(forKey: "none", using: ColorTransform())
        #expect(optional == nil)
        var out = Store()
        #expect(throws: ModelError.self) { try out.set(RGBAColor(red: -0.1, green: 0, blue: 0), forKey: "c", using: ColorTransform()) }
    }

    @Test func urlsAndUInt64() throws {
        var store = Store()
        let url = try #require(URL(string: "http://facebook.com/a%20b?q=1"))
        try store.set(url, forKey: "url", using: URLTransform())
        try store.set(UInt64.max, forKey: "big", using: UInt64Transform())
        #expect(store["url"] == "http://facebook.com/a%20b?q=1")
        #expect(store["big"] == .integer(Int128(UInt64.max)))
        #expect(try store.value(forKey: "url", using: URLTransform()) == url)
        #expect(try store.value(forKey: "big", using: UInt64Transform()) == UInt64.max)
        store["bad"] = ""
        store["negative"] = -1
        #expect(throws: ModelError.self) { try store.value(forKey: "bad", using: URLTransform()) }
        let negative = try #require(throws: ModelError.self) { try store.value(forKey: "negative", using: UInt64Transform()) }
        #expect(negative.description == "negative: -1 is outside the range of UInt64 (0…18446744073709551615)")
    }

    @Test func dissolverLeavesEmptyCollectionsOut() throws {
        let empty = Company(name: "State llc", yearFounded: 2015)
        let stored = try empty.storedValue()
        #expect(stored == ["name": "State llc", "yearFounded": 2015.0])
        #expect(try Company(plistValue: stored) == empty)
        var staffed = empty
        staffed.employees = [Employee(name: "Joe", title: "CEO")]
        staffed.phoneNumber = "888-888-8888"
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("company.plist")
        try staffed.write(to: url)
        #expect(try Company(contentsOf: url) == staffed)
        // Dictionaries and sets dissolve too.
        var store = Store()
        try store.set([String: Int](), forKey: "d", using: Dissolver())
        try store.set(Set<String>(), forKey: "s", using: Dissolver())
        #expect(store.values.isEmpty)
        #expect(try store.value(forKey: "d", using: Dissolver<[String: Int]>()) == [:])
        // A wrong type under a dissolver is still an error.
        store["d"] = "x"
        #expect(throws: ModelError.self) { try store.value(forKey: "d", using: Dissolver<[String: Int]>()) }
    }

    @Test func customTransformsReportFailuresWithTheirName() throws {
        var store = Store()
        try store.set(Temperature(kelvin: 300), forKey: "t", using: CelsiusTransform())
        #expect(store["t"]?.doubleValue.map { abs($0 - 26.85) < 1e-9 } == true)
        #expect(try store.value(forKey: "t", using: CelsiusTransform()).kelvin == 300)
        store["cold"] = -300.0
        let error = try #require(throws: ModelError.self) { try store.value(forKey: "cold", using: CelsiusTransform()) }
        #expect(error.description == "cold: CelsiusTransform: -300.0 °C is below absolute zero")
        let writeError = try #require(throws: ModelError.self) { try store.set(Temperature(kelvin: -1), forKey: "w", using: CelsiusTransform()) }
        #expect(writeError.description == "w: CelsiusTransform: below absolute zero")
    }

    @Test func registryFindsTransformsByName() throws {
        let registry = TransformRegistry.shared
        for name in ["ColorTransform", "UIColorTransform", "URLTransform", "UInt64Transform", "DissolverTransform"] {
            #expect(registry.transform(named: name) != nil, "\(name)")
        }
        let color = try #require(registry.transform(named: "UIColorTransform"))
        try color.validate(["red": 0, "green": 0.5, "blue": 1, "alpha": 1])
        let error = try #require(throws: ModelError.self) {
            try color.validate(["red": 0, "green": 0.5, "blue": 1], context: ReadContext().appending("tint"))
        }
        #expect(error.description == "tint: required key \"alpha\" is missing")
        #expect(throws: ModelError.self) { try color.validate(nil) }
        try registry.transform(named: "DissolverTransform")?.validate(nil)

        let local = TransformRegistry()
        #expect(local.transform(named: "CelsiusTransform") == nil)
        local.register(CelsiusTransform())
        let celsius = try #require(local.transform(named: "CelsiusTransform"))
        try celsius.validate(20.5)
        let cold = try #require(throws: ModelError.self) { try celsius.validate(-500) }
        #expect(cold.reason == .transformFailed(transform: "CelsiusTransform", message: "-500.0 °C is below absolute zero"))
        #expect(local.names == ["CelsiusTransform"])
    }
}
