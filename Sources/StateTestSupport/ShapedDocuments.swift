import Foundation
import State

/// Documents of the shapes that break browsers, built in code: as bytes in a format, so tests
/// can write them to disk and open them as users do.
package enum ShapedDocuments {
    /// `{}` in each text format's usual spelling.
    package static func emptyDictionary(_ format: PlistFormat) throws -> [UInt8] {
        try PlistValue.dictionary([:]).serialized(as: format)
    }

    package static func emptyArray(_ format: PlistFormat) throws -> [UInt8] {
        try PlistValue.array([]).serialized(as: format)
    }

    /// Dictionaries and arrays nested `depth` levels, alternating, with a scalar at the bottom
    /// and a sibling at every level (so every level has something to move to).
    package static func nested(depth: Int, as format: PlistFormat) throws -> [UInt8] {
        var value: PlistValue = .string("bottom")
        for level in (0..<depth).reversed() {
            value =
                level.isMultiple(of: 2)
                ? .dictionary(["level": .integer(Int128(level)), "next": value])
                : .array([value, .bool(level.isMultiple(of: 3))])
        }
        return try value.serialized(as: format)
    }

    /// An `NSKeyedArchiver` archive (binary, with UIDs): a person with a name, an age and a
    /// shared reference to one address from two places.
    package static func keyedArchive() throws -> [UInt8] {
        let objects: [PlistValue] = [
            .string("$null"),
            .dictionary(["$class": .uid(5), "name": .uid(2), "age": .integer(36), "home": .uid(3), "work": .uid(3)]),
            .string("Ada"),
            .dictionary(["$class": .uid(4), "street": .string("12 Analytical Row"), "zip": .string("N1")]),
            .dictionary(["$classname": .string("Address"), "$classes": .array([.string("Address"), .string("NSObject")])]),
            .dictionary(["$classname": .string("Person"), "$classes": .array([.string("Person"), .string("NSObject")])]),
        ]
        let archive: PlistValue = .dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array(objects),
        ])
        return try archive.serialized(as: .binary)
    }

    /// A keyed archive as AppKit and an app's NSCoding classes write one: a `Palette` whose
    /// `accent` is an `NSColor` (`NSRGB` "1 0.5 0"), an `NSArray` of two `Person`s who share
    /// one `Address` and name each other as `friend` (a cycle), an `NSDate`, and an inline
    /// integer. Foundation reads it (with classes registered for Palette, Person, Address and
    /// NSColor).
    package static func archiveGraph() throws -> [UInt8] {
        var objects: [PlistValue] = [.string("$null")]
        var classes: [String: Int] = [:]
        func add(_ value: PlistValue) -> Int {
            objects.append(value)
            return objects.count - 1
        }
        func reserve() -> Int { add(.string("$null")) }
        func classRef(_ name: String) -> PlistValue {
            if let uid = classes[name] { return .uid(UInt64(uid)) }
            let uid = add(.dictionary(["$classes": .array([.string(name), .string("NSObject")]), "$classname": .string(name)]))
            classes[name] = uid
            return .uid(UInt64(uid))
        }
        func u(_ i: Int) -> PlistValue { .uid(UInt64(i)) }
        let palette = reserve()
        let title = add("Harbor")
        let accent = add(.dictionary(["NSColorSpace": .integer(1), "NSRGB": .data(Data("1 0.5 0\u{0}".utf8)), "$class": classRef("NSColor")]))
        let people = reserve()
        let ada = reserve()
        let bob = reserve()
        let home = add(.dictionary(["street": u(add("12 Analytical Row")), "$class": classRef("Address")]))
        objects[ada] = .dictionary(["name": u(add("Ada")), "home": u(home), "friend": u(bob), "$class": classRef("Person")])
        objects[bob] = .dictionary(["name": u(add("Bob")), "home": u(home), "friend": u(ada), "$class": classRef("Person")])
        objects[people] = .dictionary(["NS.objects": .array([u(ada), u(bob)]), "$class": classRef("NSArray")])
        let made = add(.dictionary(["NS.time": .real(700_000_000), "$class": classRef("NSDate")]))
        objects[palette] = .dictionary(["title": u(title), "accent": u(accent), "people": u(people), "made": u(made), "count": .integer(7), "$class": classRef("Palette")])
        let archive: PlistValue = .dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": u(palette)]), "$objects": .array(objects),
        ])
        return try archive.serialized(as: .binary)
    }

    /// A keyed archive of a town of people, each with a name, an age, a home (some shared), a friend (often one
    /// shown later in the list, sometimes none) and a list of tags; the town has a mayor.
    package static func archivedTown(people count: Int, using rng: inout SeededGenerator) -> PlistValue {
        var objects: [PlistValue] = ["$null"]
        func add(_ value: PlistValue) -> Int {
            objects.append(value)
            return objects.count - 1
        }
        func u(_ i: Int) -> PlistValue { .uid(UInt64(i)) }
        func described(_ name: String, _ chain: [String]) -> PlistValue {
            u(add(.dictionary(["$classes": .array((chain + ["NSObject"]).map { .string($0) }), "$classname": .string(name)])))
        }
        let personClass = described("Person", [])
        let addressClass = described("Address", [])
        let arrayClass = described("NSArray", [])
        let townClass = described("Town", [])
        let town = add("$null")
        let list = add("$null")
        let people = (0..<count).map { _ in add("$null") }
        let homes = (0..<max(1, count / 3)).map { i in add(.dictionary(["street": u(add(.string("\(i) Harbor Row"))), "$class": addressClass])) }
        for (i, person) in people.enumerated() {
            let tags = add(.dictionary(["NS.objects": .array((0..<Int.random(in: 0...2, using: &rng)).map { t in u(add(.string("tag \(i).\(t)"))) }), "$class": arrayClass]))
            let home = u(homes.randomElement(using: &rng)!)
            let friend = Bool.random(using: &rng) ? u(people.randomElement(using: &rng)!) : u(0)
            objects[person] = [
                "name": u(add(.string("Person \(i)"))), "age": .integer(Int128(20 + i % 50)), "home": home, "friend": friend, "tags": u(tags), "$class": personClass,
            ]
        }
        objects[list] = .dictionary(["NS.objects": .array(people.map(u)), "$class": arrayClass])
        objects[town] = .dictionary(["people": u(list), "mayor": u(people[count / 2]), "$class": townClass])
        return .dictionary(["$version": 100_000, "$archiver": "NSKeyedArchiver", "$top": .dictionary(["root": u(town)]), "$objects": .array(objects)])
    }
}
