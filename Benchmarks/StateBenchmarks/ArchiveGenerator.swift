import Foundation
import OrderedCollections
import State

/// A keyed archive as NSKeyedArchiver writes one: an array of `count` Person objects, each
/// with a name (a string object), an age (inline) and, every tenth, a shared Address object.
enum ArchiveGenerator {
    static func archive(people count: Int) throws -> [UInt8] {
        var objects: [PlistValue] = ["$null"]
        func add(_ object: PlistValue) -> Int {
            objects.append(object)
            return objects.count - 1
        }
        func classObject(_ name: String) -> Int { add(["$classname": .string(name), "$classes": .array([.string(name), "NSObject"])]) }
        let root = add("$placeholder")
        let person = classObject("Person")
        let array = classObject("NSArray")
        let addressClass = classObject("Address")
        let street = add("1 Infinite Loop")
        let address = add(["$class": .uid(UInt64(addressClass)), "street": .uid(UInt64(street)), "zip": 95014])
        var people: [PlistValue] = []
        people.reserveCapacity(count)
        for i in 0..<count {
            let name = add(.string("person \(i)"))
            var fields: OrderedDictionary<String, PlistValue> = ["$class": .uid(UInt64(person)), "name": .uid(UInt64(name)), "age": .integer(Int128(i % 90))]
            if i % 10 == 0 { fields["home"] = .uid(UInt64(address)) }
            people.append(.uid(UInt64(add(.dictionary(fields)))))
        }
        objects[root] = ["$class": .uid(UInt64(array)), "NS.objects": .array(people)]
        let archive: PlistValue = [
            "$version": 100_000, "$archiver": "NSKeyedArchiver", "$top": ["root": .uid(UInt64(root))], "$objects": .array(objects),
        ]
        return try archive.serialized(as: .binary)
    }
}
