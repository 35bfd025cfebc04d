import Foundation
import State

/// Documents of the shapes that break browsers, built in code: as bytes in a format, so tests
/// can write them to disk and open them as users do.
public enum ShapedDocuments {
    /// `{}` in each text format's usual spelling.
    public static func emptyDictionary(_ format: PlistFormat) throws -> [UInt8] {
        try PlistValue.dictionary([:]).serialized(as: format)
    }

    public static func emptyArray(_ format: PlistFormat) throws -> [UInt8] {
        try PlistValue.array([]).serialized(as: format)
    }

    /// Dictionaries and arrays nested `depth` levels, alternating, with a scalar at the bottom
    /// and a sibling at every level (so every level has something to move to).
    public static func nested(depth: Int, as format: PlistFormat) throws -> [UInt8] {
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
    public static func keyedArchive() throws -> [UInt8] {
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
}
