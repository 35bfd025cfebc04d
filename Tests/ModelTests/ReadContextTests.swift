import Foundation
import OrderedCollections
import State
import Testing

/// Error paths name every level down to the value, however the reader got there: a store's
/// field, an array's element, a dictionary's member, a conformer, a nested model. A place's own
/// component is kept inline until a child needs it, so these check that no level is lost or
/// doubled and that siblings do not share a component.
@Suite struct ReadContextTests {
    struct Size: Model, Equatable {
        var width: Int
        init(from store: Store) throws { width = try store.value(forKey: "width") }
        func write(to store: inout Store) throws { try store.set(width, forKey: "width") }
    }

    struct Sheet: Model, Equatable {
        var sizes: [Size]
        var named: OrderedDictionary<String, Size>
        var note: String?
        init(from store: Store) throws {
            sizes = try store.value(forKey: "sizes")
            named = try store.value(forKey: "named")
            note = try store.value(forKey: "note")
        }
        func write(to store: inout Store) throws {
            try store.set(sizes, forKey: "sizes")
            try store.set(named, forKey: "named")
            try store.set(note, forKey: "note")
        }
    }

    struct Book: StorableDocument, Model {
        var sheets: [Sheet]
        init(from store: Store) throws { sheets = try store.value(forKey: "sheets") }
        func write(to store: inout Store) throws { try store.set(sheets, forKey: "sheets") }
    }

    static func book(badAt spots: Set<Int>) -> PlistValue {
        var sheets: [PlistValue] = []
        for s in 0..<3 {
            var sizes: [PlistValue] = []
            for i in 0..<3 { sizes.append(["width": spots.contains(s * 10 + i) ? "wide" : .integer(Int128(i))]) }
            let named: PlistValue = ["a": ["width": 1], "b": ["width": spots.contains(100 + s) ? .bool(true) : 2]]
            sheets.append(["sizes": .array(sizes), "named": named, "note": spots.contains(200 + s) ? 7 : "fine"])
        }
        return ["sheets": .array(sheets)]
    }

    @Test func aStrictErrorNamesEveryLevel() throws {
        let cases: [(Int, String)] = [
            (0, "sheets.0.sizes.0.width"), (12, "sheets.1.sizes.2.width"), (21, "sheets.2.sizes.1.width"),
            (101, "sheets.1.named.b.width"), (202, "sheets.2.note"),
        ]
        for (spot, path) in cases {
            let error = #expect(throws: ModelError.self) { try Book.read(value: Self.book(badAt: [spot]), mode: .strict) }
            #expect(error?.path.description == path)
        }
        #expect(try Book.read(value: Self.book(badAt: []), mode: .strict).value.sheets.count == 3)
    }

    @Test func lenientDropsNameTheirOwnElementsNotTheirSiblings() throws {
        // Bad elements in two sheets: both are dropped, each with its own path.
        let stored = Self.book(badAt: [11, 20])
        let decoded = try Book.read(value: stored, mode: .lenient)
        #expect(decoded.dropped.map(\.path.description) == ["sheets.1.sizes.1.width", "sheets.2.sizes.0.width"])
        #expect(decoded.value.sheets.map(\.sizes.count) == [3, 2, 2])
    }
}
