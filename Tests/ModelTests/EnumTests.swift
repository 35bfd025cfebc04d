import Foundation
import State
import StateTestSupport
import Testing

@Suite struct EnumTests {
    @Test func rawValueEnumsAreStoredUnderValue() throws {
        #expect(try TestRawEnum.ready.storedValue() == ["value": "Ready"])
        #expect(try Gender.female.storedValue() == ["value": "female"])
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("raw.plist")
        try TestRawEnum.ready.write(to: url)
        #expect(try TestRawEnum(contentsOf: url) == .ready)
        let error = try #require(throws: ModelError.self) { try TestRawEnum(plistValue: ["value": "ready"]) }
        #expect(error.description == "value: \"ready\" is not a case of TestRawEnum")
    }

    @Test func plainEnumsAreStoredUnderTheirName() throws {
        #expect(try TestRegEnum.cold.storedValue() == ["TestRegEnum": "cold"])
        #expect(try TestRegEnum(plistValue: ["TestRegEnum": "hot"]) == .hot)
        let error = try #require(throws: ModelError.self) { try TestRegEnum(plistValue: ["TestRegEnum": "warm"]) }
        #expect(error.description == "TestRegEnum: \"warm\" is not a case of TestRegEnum")
        let missing = try #require(throws: ModelError.self) { try TestRegEnum(plistValue: ["value": "hot"]) }
        #expect(missing.reason == .missingKey("TestRegEnum"))
    }

    /// A case name of the enum's own (a legacy spelling) is what is read and written; the
    /// default names are kept per type, so two enums with the same Swift case names and a
    /// renamed model do not see each other's.
    enum Mood: CaseModel, Equatable {
        case calm, stormy
        var caseName: String { self == .calm ? "Calm" : "Stormy" }
        static var modelName: String { "Weather" }
    }

    enum Tide: CaseModel, Equatable { case calm, stormy }

    /// Many cases, some with raw values: the case name is looked up from the value's bytes.
    enum Weather: String, CaseModel {
        case sun = "S", rain = "R", snow, fog, hail, sleet, wind
    }

    /// A plain struct can be a `CaseModel` too: it is described each time.
    struct Level: CaseModel, Equatable {
        var value: Int
        var label: String
        static let allCases = [Level(value: 1, label: "low"), Level(value: 2, label: "high")]
        init(value: Int, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The default case name is the Swift case name (what `String(describing:)` gives) for every
    /// case, the first time and from the table after.
    @Test func defaultCaseNamesAreTheSwiftNames() throws {
        for _ in 0..<2 {
            for weather in Weather.allCases {
                #expect(weather.caseName == String(describing: weather))
                #expect(try Weather(plistValue: try weather.storedValue()) == weather)
            }
            #expect(Weather.allCases.map(\.caseName) == ["sun", "rain", "snow", "fog", "hail", "sleet", "wind"])
            for cold in TestRegEnum.allCases { #expect(cold.caseName == String(describing: cold)) }
            for level in Level.allCases { #expect(level.caseName == String(describing: level)) }
            #expect(Level(value: 3, label: "none").caseName == String(describing: Level(value: 3, label: "none")))
        }
    }

    @Test func ownCaseNamesAndModelNamesAreReadAndWritten() throws {
        #expect(try Mood.stormy.storedValue() == ["Weather": "Stormy"])
        #expect(try Mood(plistValue: ["Weather": "Calm"]) == .calm)
        #expect(throws: ModelError.self) { try Mood(plistValue: ["Weather": "calm"]) }
        #expect(try Tide(plistValue: ["Tide": "stormy"]) == .stormy)
        #expect(try Tide.calm.storedValue() == ["Tide": "calm"])
        #expect(throws: ModelError.self) { try Tide(plistValue: ["Tide": "Calm"]) }
    }

    @Test func associatedValuesOfEveryKindRoundTripThroughBinary() throws {
        let thumbnail = try FileBytes.read(Fixtures.state("Data.plist"))
        let cases: [TestAssociatedEnum] = [
            .stringType("Hello World"), .intType(10), .floatType(0.1235), .doubleType(-12.34),
            .booleanType(true), .binaryType(Data(thumbnail)), .decimalType(Decimal(string: "0.8976")!),
            .dateType(Date(timeIntervalSince1970: 10000)),
            .transformableColorType(RGBAColor(red: 0, green: 0, blue: 1)),
            .decodableToManyType([Employee(name: "Joe", title: "Manager"), Employee(name: "Ann")]),
            .decodableToOneType(Employee(name: "Joe", title: "Manager")),
            .none,
        ]
        for value in cases {
            let bytes = try value.bytes(format: .binary)
            #expect(try TestAssociatedEnum(bytes: bytes) == value)
            let json = try value.bytes(format: .json)
            #expect(try TestAssociatedEnum(bytes: json) == value, "JSON: \(value)")
        }
        #expect(try TestAssociatedEnum.intType(10).storedValue() == ["TestAssociatedEnum": "intType", "value": 10])
        #expect(try TestAssociatedEnum.none.storedValue() == ["TestAssociatedEnum": "none"])
        let one = try TestAssociatedEnum.decodableToOneType(Employee(name: "Joe")).storedValue()
        #expect(one == ["TestAssociatedEnum": "decodableToOneType", "value": ["name": "Joe"]])
    }

    @Test func badAssociatedDataIsReported() throws {
        let unknown = try #require(throws: ModelError.self) { try TestAssociatedEnum(plistValue: ["TestAssociatedEnum": "hexType", "value": 1]) }
        #expect(unknown.description == "TestAssociatedEnum: \"hexType\" is not a case of TestAssociatedEnum")
        let payload = try #require(throws: ModelError.self) { try TestAssociatedEnum(plistValue: ["TestAssociatedEnum": "intType", "value": "ten"]) }
        #expect(payload.description == "value: expected an integer (Int), found string \"ten\"")
        let color = try #require(throws: ModelError.self) {
            try TestAssociatedEnum(plistValue: ["TestAssociatedEnum": "transformableColorType", "value": ["red": 2, "green": 0, "blue": 0, "alpha": 1]])
        }
        #expect(color.description == "value.red: red 2.0 is outside 0…1")
    }
}
