import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// A structural edit of a keyed archive's storage updates the object graph in place when what
/// changed shows inside one object's subtree (`ArchiveGraph.updateInPlace`): whenever it does,
/// the graph — its tree, origins, where objects are shown, its archive — is the one reading
/// the storage whole gives, in either direction of the edit.
@Suite struct ArchiveGraphInPlaceTests {
    /// A random structural edit of the storage, as UIDs and fields: a friend set or cleared
    /// (often to someone shown later), a field deleted or added, a list item deleted, a new
    /// person appended and made someone's friend, an age set.
    static func randomEdit(_ archive: PlistValue, using rng: inout SeededGenerator) -> [EditOperation] {
        guard case .dictionary(let top) = archive, case .array(let objects)? = top["$objects"] else { return [] }
        func isA(_ uid: Int, _ key: String) -> Bool { if case .dictionary(let d) = objects[uid], d[key] != nil { true } else { false } }
        let people = objects.indices.filter { isA($0, "age") }
        let lists = objects.indices.filter { isA($0, "NS.objects") }
        guard let person = people.randomElement(using: &rng), case .dictionary(let fields) = objects[person] else { return [] }
        let path = "$objects.\(person)"
        /// The field set: changed where it is, added where it is not.
        func setting(_ key: String, _ value: PlistValue) -> EditOperation {
            fields[key] != nil ? .set(PlistPath(parsing: path + "." + key), value) : .insert(into: PlistPath(parsing: path), key: key, at: nil, value: value)
        }
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:
            return [setting("friend", .uid(UInt64(people.randomElement(using: &rng)!)))]
        case 1:
            let key = Bool.random(using: &rng) ? "friend" : "home"
            return fields[key] == nil ? [] : [.delete(PlistPath(parsing: path + "." + key))]
        case 2:
            let value: PlistValue = Bool.random(using: &rng) ? .uid(UInt64(people.randomElement(using: &rng)!)) : .integer(7)
            return [setting("extra\(Int.random(in: 0..<1000, using: &rng))", value)]
        case 3:
            let list = lists.randomElement(using: &rng)!
            guard case .dictionary(let d) = objects[list], case .array(let items)? = d["NS.objects"], !items.isEmpty else { return [] }
            // ("NS.objects" has a dot: the path is spelled by its components.)
            return [.delete(PlistPath([.key("$objects"), .index(list), .key("NS.objects"), .index(Int.random(in: 0..<items.count, using: &rng))]))]
        case 4:
            let new = PlistValue.dictionary(["age": 1, "friend": .uid(UInt64(people.randomElement(using: &rng)!)), "$class": fields["$class"]!])
            return [.insert(into: "$objects", key: nil, at: nil, value: new), setting("friend", .uid(UInt64(objects.count)))]
        case 5:
            return [setting("age", .integer(Int128(Int.random(in: 0..<100, using: &rng))))]
        default:
            return [setting("friend", .uid(0))]
        }
    }

    static func expectSame(_ graph: ArchiveGraph, _ whole: ArchiveGraph, _ what: String) {
        #expect(graph.tree.value() == whole.tree.value(), "\(what): tree")
        #expect(graph.origins == whole.origins, "\(what): origins")
        #expect(graph.shown == whole.shown, "\(what): shown")
        #expect(graph.archive == whole.archive, "\(what): archive")
        #expect(graph.tree.invariantViolations().isEmpty, "\(what): \(graph.tree.invariantViolations())")
    }

    @Test func aGraphUpdatedInPlaceIsTheWholeRebuild() throws {
        var rng = SeededGenerator.fromEnvironment()
        var inPlace = 0
        var refused = 0
        for round in 0..<6 {
            var tree = try SourceTree(parsing: try ShapedDocuments.archivedTown(people: 12 + round * 4, using: &rng).serialized(as: .binary))
            var graph = try #require(ArchiveGraph.of(tree))
            for step in 0..<40 {
                let storage = Self.randomEdit(tree.value(), using: &rng)
                if storage.isEmpty { continue }
                var session = EditSession(tree: tree)
                try session.apply(storage)
                let whole = try #require(ArchiveGraph.of(session.tree))
                let what = "round \(round) step \(step): \(storage) (seed \(rng.seed))"
                // Forward, and back from the whole graph of the edited storage.
                for (from, target, wholeTarget, direction) in [(graph, session.tree, whole, "forward"), (whole, tree, graph, "back")] {
                    var updated = from
                    if let change = updated.updateInPlace(target, after: storage, largest: 1) {
                        inPlace += 1
                        Self.expectSame(updated, wholeTarget, "\(what), \(direction)")
                        #expect(updated.tree.index(at: change.path) != nil, "\(what), \(direction): \(change.path)")
                    } else {
                        refused += 1
                        Self.expectSame(updated, from, "\(what), \(direction): refused, unchanged")
                    }
                }
                tree = session.tree
                graph = whole
            }
        }
        #expect(inPlace >= 150, "updated in place \(inPlace) times, refused \(refused)")
        #expect(refused >= 20, "refused \(refused) times: the cases a rebuild must handle were met")
    }

    /// The subtree's position is kept: a field deleted from an object keeps its siblings'
    /// places in the child map, and a subtree larger than `largest` of the graph is refused.
    @Test func theChangeNamesTheObjectAndItsChildren() throws {
        var rng = SeededGenerator(seed: 7)
        let tree = try SourceTree(parsing: try ShapedDocuments.archivedTown(people: 30, using: &rng).serialized(as: .binary))
        let graph = try #require(ArchiveGraph.of(tree))
        // The first person shown in the list itself (others show where a friend links to them).
        let (person, place) = try #require(graph.shown.entries.filter { $0.path.description.hasPrefix("root.people.") && $0.path.components.count == 3 }.min { $0.uid < $1.uid })
        let fields = try #require(graph.tree.index(at: place))
        let keys = graph.tree.children(of: fields).compactMap { graph.tree.key(of: $0) }
        let removed = try #require(keys.firstIndex(of: "age"))
        var session = EditSession(tree: tree)
        let storage: [EditOperation] = [.delete(PlistPath(parsing: "$objects.\(person).age"))]
        try session.apply(storage)
        var updated = graph
        let made = updated.updateInPlace(session.tree, after: storage)
        let change = try #require(made)
        #expect(change.path == place)
        #expect(change.childMap == (0..<keys.count).filter { $0 != removed }.map { Optional($0) })
        // A subtree larger than `largest` of the graph is left to a rebuild.
        var small = graph
        let refused = small.updateInPlace(session.tree, after: storage, largest: 1 / Double(graph.tree.nodes.count))
        #expect(refused == nil)
    }
}
