import AssetLibraryExample
import Foundation
import OrderedCollections
import Synchronization
import Testing

@testable import State

/// A large collection read from a file is read in two halves at once (`HalvedRead`). What
/// comes of it must be what one thread reading the value tree gives: the same models in the
/// same order, the same error when both halves hold a bad element (the first one's), and the
/// same drops in the same order in lenient mode.
@Suite struct HalvedReadTests {
    struct Item: Model, Equatable {
        var n: Int
        var name: String
        init(n: Int, name: String) {
            self.n = n
            self.name = name
        }
        init(from store: borrowing Store) throws {
            n = try store.value(forKey: "n")
            name = try store.value(forKey: "name")
        }
        func write(to store: inout Store) throws {
            try store.set(n, forKey: "n")
            try store.set(name, forKey: "name")
        }
    }

    /// A list and a dictionary of items, each large enough to be read in halves.
    struct Bag: StorableDocument, Model {
        var list: [Item]
        var table: OrderedDictionary<String, Item>
        init(from store: borrowing Store) throws {
            list = try store.value(forKey: "list")
            table = try store.value(forKey: "table")
        }
        func write(to store: inout Store) throws {
            try store.set(list, forKey: "list")
            try store.set(table, forKey: "table")
        }
    }

    /// What reading `bytes` gives, as text: what was read and dropped, or the error.
    func outcome<M: StorableDocument>(_ type: M.Type, _ bytes: [UInt8], mode: CollectionMode, fromNodes: Bool) -> String {
        do {
            let decoded = fromNodes ? try M.read(bytes: bytes, mode: mode) : try M.read(value: try PlistValue(parsing: bytes), mode: mode)
            return "read \(try decoded.value.storedValue()) dropped \(decoded.dropped.map(\.description))"
        } catch {
            return "error \(error)"
        }
    }

    /// `body`'s result, run on a thread of the system's pool outside any Swift task — where an
    /// app's background load runs, and where a read may be split (a test runs in a task).
    func onWorkerThread(_ body: @escaping @Sendable () -> String) -> String {
        let box = WorkerResult()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { box.value = body() }
        group.wait()
        return box.value
    }

    /// Reads `bytes` both ways in both modes, expecting the same, and that the read from the
    /// file (on a worker thread) split at least `splits` collections (`strictSplits` in strict
    /// mode, where an error in the first collection stops the read before the second).
    func expectSameAsOneThread<M: StorableDocument>(_ type: M.Type, _ bytes: [UInt8], splits: Int, strictSplits: Int? = nil, _ comment: String) {
        for mode in [CollectionMode.strict, .lenient] {
            let splits = mode == .strict ? strictSplits ?? splits : splits
            let before = HalvedRead.splits.load(ordering: .relaxed)
            let fromNodes = onWorkerThread { outcome(type, bytes, mode: mode, fromNodes: true) }
            let taken = HalvedRead.splits.load(ordering: .relaxed) - before
            let fromValues = outcome(type, bytes, mode: mode, fromNodes: false)
            #expect(fromNodes == fromValues, "\(comment) \(mode)")
            // Other tests may read large files at the same time: at least, not exactly.
            #expect(Cores.available < 2 || taken >= splits, "\(comment) \(mode): \(taken) splits")
            // The same read in this test's task stays on its thread (and gives the same).
            #expect(outcome(type, bytes, mode: mode, fromNodes: true) == fromValues, "\(comment) \(mode) in a task")
        }
    }

    func item(_ n: Int) -> PlistValue { ["n": .integer(Int128(n)), "name": .string("item \(n)")] }

    @Test(arguments: PlistFormat.valueFormats)
    func aLargeListAndTableReadAsOneThreadReadsThem(format: PlistFormat) throws {
        let count = 9000  // 27 000 nodes each: past the threshold
        let list = PlistValue.array((0..<count).map(item))
        var table = OrderedDictionary<String, PlistValue>()
        for n in 0..<count { table["key \(n)"] = item(n) }
        let good: PlistValue = ["list": list, "table": .dictionary(table)]
        var warnings: [PlistWarning] = []
        // Each collection is read in halves: the list first, then the table (one at a time).
        expectSameAsOneThread(Bag.self, try good.serialized(as: format, warnings: &warnings), splits: 2, "\(format) good")

        // Bad elements in both halves of both collections: strict names the list's first,
        // lenient drops all four, in the file's order.
        var damaged = good
        for (n, bad) in [(40, PlistValue.string("forty")), (8500, .bool(true))] {
            guard case .array(var items) = damaged["list"]!, case .dictionary(var members) = damaged["table"]! else { return }
            items[n] = ["n": bad, "name": "bad"]
            members["key \(n)"] = ["n": bad, "name": "bad"]
            damaged = ["list": .array(items), "table": .dictionary(members)]
        }
        let bytes = try damaged.serialized(as: format, warnings: &warnings)
        expectSameAsOneThread(Bag.self, bytes, splits: 2, strictSplits: 1, "\(format) damaged")
        let lenient = try Bag.read(bytes: bytes, mode: .lenient)
        #expect(lenient.dropped.map { $0.path.description } == ["list.40.n", "list.8500.n", "table.key 40.n", "table.key 8500.n"])
        #expect(lenient.value.list.count == count - 2 && lenient.value.table.count == count - 2)
        #expect(lenient.value.list.map(\.n) == (0..<count).filter { $0 != 40 && $0 != 8500 })
        #expect(throws: ModelError.self) { try Bag.read(bytes: bytes, mode: .strict) }
        do {
            _ = try Bag.read(bytes: bytes, mode: .strict)
        } catch let error as ModelError {
            #expect(error.path.description == "list.40.n")
        }
    }

    @Test func onlyTheSecondHalfBadThrowsItsError() throws {
        var items = (0..<9000).map(item)
        items[8999] = ["n": 1]
        let value: PlistValue = ["list": .array(items), "table": [:]]
        var warnings: [PlistWarning] = []
        let bytes = try value.serialized(as: .json, warnings: &warnings)
        expectSameAsOneThread(Bag.self, bytes, splits: 1, "last element")
        do {
            _ = try Bag.read(bytes: bytes, mode: .strict)
            Issue.record("read a list whose last item has no name")
        } catch let error as ModelError {
            #expect(error.path.description == "list.8999")
        }
    }

    /// A key the file has twice, once in each half of a large dictionary: read as the value
    /// tree has it, where it was first written with the value written last.
    @Test func aKeyTwiceAcrossTheHalves() throws {
        var members: [String] = (0..<9000).map { "\"key \($0)\": {\"n\": \($0), \"name\": \"item \($0)\"}" }
        members.append("\"key 3\": {\"n\": -3, \"name\": \"again\"}")
        let json = "{\"list\": [], \"table\": {\(members.joined(separator: ", "))}}"
        let bag = try Bag(bytes: Array(json.utf8))
        #expect(bag.table.count == 9000)
        #expect(bag.table.keys[3] == "key 3" && bag.table["key 3"] == Item(n: -3, name: "again"))
        expectSameAsOneThread(Bag.self, Array(json.utf8), splits: 1, "key twice")
    }

    /// The second half reads through a twin of the file, which shares its one split: the
    /// halves do not split again (a collection in each half would make four threads).
    @Test func aFileAndItsTwinShareTheirSplit() throws {
        let file = ParsedFile(tree: try SourceTree(parsing: Array("[1, 2]".utf8)))
        #expect(file.takeSplit())
        let twin = file.twin
        #expect(!twin.takeSplit())
        twin.returnSplit()
        #expect(twin.takeSplit())
        #expect(!file.takeSplit())
    }

    /// `load(contentsOf:)` reads on a thread of the system's pool: called from a task (as an
    /// app's main actor calls it), it still reads a large collection in halves, and gives what
    /// a read on the caller's thread gives.
    @Test func anAsyncLoadReadsInHalvesOffTheCallersThread() async throws {
        let items = (0..<9000).map(item)
        var warnings: [PlistWarning] = []
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("halved-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(try PlistValue.dictionary(["list": .array(items), "table": [:]]).serialized(as: .xml, warnings: &warnings)).write(to: url)
        let before = HalvedRead.splits.load(ordering: .relaxed)
        let loaded = try await Bag.load(contentsOf: url)
        #expect(Cores.available < 2 || HalvedRead.splits.load(ordering: .relaxed) > before)
        #expect(try loaded.storedValue() == (try Bag(contentsOf: url)).storedValue())
        #expect(loaded.list.map(\.n) == Array(0..<9000))
        await #expect(throws: PlistError.self) { try await Bag.load(contentsOf: url.appendingPathExtension("missing")) }
    }

    /// A document whose conformance is isolated to the main actor (an app's types under
    /// default main-actor isolation) is read where it was asked for: its `init(from:)` must
    /// run on the main actor, and a read that may be on an actor (here a test's task) is not
    /// split — no item is read on another thread.
    @MainActor @Test func aMainActorIsolatedDocumentIsReadOnItsThread() throws {
        let items = (0..<9000).map(item)
        var warnings: [PlistWarning] = []
        let bytes = try PlistValue.dictionary(["list": .array(items)]).serialized(as: .binary, warnings: &warnings)
        MainActorBag.readingThread.store(UInt(bitPattern: ObjectIdentifier(Thread.current)), ordering: .relaxed)
        MainActorBag.otherThreadReads.store(0, ordering: .relaxed)
        let before = HalvedRead.splits.load(ordering: .relaxed)
        let bag = try MainActorBag(bytes: bytes)
        #expect(bag.list.map(\.n) == Array(0..<9000))
        #expect(MainActorBag.otherThreadReads.load(ordering: .relaxed) == 0)
        #expect(HalvedRead.splits.load(ordering: .relaxed) == before)
    }

    /// Protocol values (the asset library's conformers), from a library whose groups hold
    /// most of the file: the groups are read in halves, each group's assets on one thread.
    @Test(arguments: PlistFormat.valueFormats)
    func aLargeLibraryReadsAsOneThreadReadsIt(format: PlistFormat) throws {
        var library = AssetLibrary.sample
        let domain = library.domains.keys[0]
        let group = library.domains[domain]!.groups.values[0]
        for n in 0..<600 {
            var copy = group
            copy.name = "group \(n)"
            library.domains[domain]!.groups["group \(n)"] = copy
        }
        let bytes = try library.bytes(format: format)
        expectSameAsOneThread(AssetLibrary.self, bytes, splits: 1, "\(format) library")
        #expect(try AssetLibrary(bytes: bytes).domains[domain]!.groups.count == library.domains[domain]!.groups.count)
    }
}

/// A list of items whose conformances are isolated to the main actor; each item counts a read
/// on another thread than the test's.
@MainActor struct MainActorItem {
    var n: Int
}

extension MainActorItem: @MainActor Model {
    init(from store: borrowing Store) throws {
        // No closure here: one formed on the main actor traps when run off it.
        if UInt(bitPattern: ObjectIdentifier(Thread.current)) != MainActorBag.readingThread.load(ordering: .relaxed) {
            MainActorBag.otherThreadReads.add(1, ordering: .relaxed)
        }
        n = try store.value(forKey: "n")
    }
    func write(to store: inout Store) throws {
        try store.set(n, forKey: "n")
    }
}

@MainActor struct MainActorBag {
    /// The thread the test reads on, and how many items were read on another.
    nonisolated static let readingThread = Atomic<UInt>(0)
    nonisolated static let otherThreadReads = Atomic<Int>(0)
    var list: [MainActorItem]
}

extension MainActorBag: @MainActor Model {
    init(from store: borrowing Store) throws {
        list = try store.value(forKey: "list")
    }
    func write(to store: inout Store) throws {
        try store.set(list, forKey: "list")
    }
}

/// What a worker thread gave (`HalvedReadTests.onWorkerThread`): written by it, read after the
/// group's wait.
private final class WorkerResult: @unchecked Sendable {
    var value = ""
}
