import Foundation
import State
import Testing

@Suite struct ScalarTests {
    func read<T: Storable>(_ type: T.Type, _ value: PlistValue) throws -> T {
        try T(storedValue: value, context: ReadContext().appending("f"))
    }

    @Test func everyIntegerWidthChecksItsRange() throws {
        #expect(try read(Int8.self, 127) == 127)
        #expect(try read(Int16.self, -32768) == -32768)
        #expect(try read(UInt32.self, .integer(Int128(UInt32.max))) == UInt32.max)
        #expect(try read(Int64.self, .integer(Int128(Int64.min))) == Int64.min)
        #expect(try read(UInt64.self, .integer(Int128(UInt64.max))) == UInt64.max)
        #expect(try read(UInt.self, 7) == 7)
        #expect(try read(Int.self, 3.0) == 3)  // a real with no fraction, as JSON writers emit it
        let error = try #require(throws: ModelError.self) { try read(Int16.self, 40000) }
        #expect(error.description == "f: 40000 is outside the range of Int16 (-32768…32767)")
        #expect(throws: ModelError.self) { try read(UInt8.self, -1) }
        #expect(throws: ModelError.self) { try read(Int32.self, .real(.infinity)) }
        #expect(throws: ModelError.self) { try read(Int.self, true) }
        for value in [Int8.min, 0, Int8.max] { #expect(try value.storedValue() == .integer(Int128(value))) }
    }

    @Test func realsAndDecimals() throws {
        #expect(try read(Double.self, 2) == 2)
        #expect(try read(Float.self, 0.1) == Float(0.1))
        // A Float is written with its own shortest spelling, not the Double's.
        #expect(try Float(0.1).storedValue() == .real(0.1))
        #expect(try Float(4.567).storedValue() == .real(4.567))
        let huge = try #require(throws: ModelError.self) { try read(Float.self, 1e300) }
        #expect(huge.description == "f: 1e+300 is outside the range of Float")
        #expect(try read(Float.self, .real(.infinity)) == .infinity)
        #expect(try read(Decimal.self, 3.14) == Decimal(string: "3.14"))
        #expect(try read(Decimal.self, "12345678901234567890.5") == Decimal(string: "12345678901234567890.5"))
        #expect(try read(Decimal.self, 7) == 7)
        #expect(try Decimal(string: "0.8976")!.storedValue() == .real(0.8976))
        #expect(throws: ModelError.self) { try read(Decimal.self, "pi") }
        #expect(throws: ModelError.self) { try read(Double.self, "1.5") }
    }

    @Test func datesDataAndURLsAcceptTheirJSONSpellings() throws {
        let date = Date(timeIntervalSinceReferenceDate: 450_487_571)
        #expect(try read(Date.self, .date(date)) == date)
        #expect(try read(Date.self, "2015-04-11T23:26:11Z") == date)
        let badDate = try #require(throws: ModelError.self) { try read(Date.self, "yesterday") }
        #expect(badDate.description == "f: \"yesterday\" is not an ISO-8601 date (2015-04-11T23:26:11Z)")
        #expect(try read(Data.self, "AAEC") == Data([0, 1, 2]))
        #expect(try read(Data.self, .data(Data([9]))) == Data([9]))
        #expect(throws: ModelError.self) { try read(Data.self, "!!!") }
        #expect(try read(URL.self, "https://example.com/a") == URL(string: "https://example.com/a"))
        #expect(throws: ModelError.self) { try read(URL.self, "") }
        #expect(throws: ModelError.self) { try read(URL.self, 5) }
        #expect(try read(Bool.self, false) == false)
        #expect(throws: ModelError.self) { try read(Bool.self, 0) }
        #expect(throws: ModelError.self) { try read(String.self, 0) }
    }

    @Test func optionalsAndDefaults() throws {
        var store = Store(["present": "x", "null": .null])
        let absent: String? = try store.value(forKey: "absent")
        let null: String? = try store.value(forKey: "null")
        #expect(absent == nil && null == nil)
        #expect(try store.value(forKey: "absent", default: "d") == "d")
        #expect(try store.value(forKey: "present", default: "d") == "x")
        let required = try #require(throws: ModelError.self) { let _: String = try store.value(forKey: "null") }
        #expect(required.description == "null: expected a string, found null")
        try store.set(nil as String?, forKey: "present")
        #expect(store["present"] == nil)
    }

    @Test func setsAndDictionariesAreWrittenInAStableOrder() throws {
        let set: Set<String> = ["me", "do", "ray"]
        #expect(try set.storedValue() == ["do", "me", "ray"])
        let numbers: Set<Int> = [3, 1, 2]
        #expect(try numbers.storedValue() == [1, 2, 3])
        let dict = ["b": 2, "a": 1, "c": 3]
        #expect(try dict.storedValue().dictionaryValue?.keys.elements == ["a", "b", "c"])
        #expect(try Set<String>(plistValue: ["a", "b", "a"]) == ["a", "b"])
    }

    @Test func storeEditsForMigrations() throws {
        var store = Store(["a": 1, "b": 2, "c": 3])
        store.renameKey("b", to: "bee")
        #expect(Array(store.keys) == ["a", "bee", "c"])
        store.renameKey("a", to: "c")  // replaces the existing key, keeps a's position
        #expect(Array(store.keys) == ["c", "bee"])
        #expect(store["c"] == 1)
        store.renameKey("missing", to: "x")
        #expect(store.keys.count == 2)
        #expect(store.removeValue(forKey: "bee") == 2)
    }
}
