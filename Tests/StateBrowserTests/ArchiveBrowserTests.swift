import Foundation
import State
import StateDocument
import StateTestSupport
import TerminalCore
import Testing

@testable import StateBrowser

/// A keyed archive in the browser: its object graph, links for shared objects and cycles,
/// edits made in the storage, and the storage one key away.
@Suite struct ArchiveBrowserTests {
    static func state() throws -> BrowserState {
        let tree = try SourceTree(parsing: try ShapedDocuments.archiveGraph())
        let document = try BrowserDocument.open(tree, from: nil, displayName: "palette.archive")
        var state = BrowserFixture.state(width: 110, height: 30, document: document, file: nil)
        _ = state.update(.started(width: 110, height: 30))
        return state
    }

    static func archive(_ state: BrowserState) throws -> KeyedArchive { try KeyedArchive(state.session.tree.value()) }

    /// The state's graph is the one built from its storage: values, origins, where each
    /// object is shown, the archive.
    static func expectGraphIsRebuilt(_ state: BrowserState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let graph = try #require(state.archiveGraph, sourceLocation: sourceLocation)
        let rebuilt = try #require(ArchiveGraph.of(state.session.tree), sourceLocation: sourceLocation)
        #expect(graph.tree.value() == rebuilt.tree.value(), "\(what)", sourceLocation: sourceLocation)
        #expect(graph.origins == rebuilt.origins && graph.shown == rebuilt.shown, "\(what)", sourceLocation: sourceLocation)
        #expect(graph.archive == rebuilt.archive, "\(what)", sourceLocation: sourceLocation)
        #expect(state.document.tree.value() == rebuilt.tree.value(), "\(what)", sourceLocation: sourceLocation)
        #expect(state.invariantViolations().isEmpty, "\(what): \(state.invariantViolations())", sourceLocation: sourceLocation)
    }

    /// A field or a string set in the graph is patched into the graph where it shows (no
    /// rebuild); a date, a color or a shared string builds it again. Either way, and through
    /// undo and redo, the graph is the one its storage gives.
    @Test func valuesSetInTheGraphAreWhatARebuildShows() throws {
        var rng = SeededGenerator.fromEnvironment()
        var state = try Self.state()
        let targets: [(String, [PlistValue])] = [
            ("root.count", [0, 9, 70_000, -5, 2.5, "seven"]),
            ("root.title", ["Harbor", "H", "A much longer title than before", "日本"]),
            ("root.people.0.name", ["Ada", "Augusta Ada", "Bob"]),
            ("root.people.0.home.street", ["1 Loop", "12 Analytical Row and more"]),
            ("root.made", [.date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: 800_000_000))]),
            ("root.accent.red", [0.25, 1]),
        ]
        for step in 0..<80 {
            let what: String
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                what = "undo"
                state.press("u")
            case 1:
                what = "redo"
                state.press("C-r")
            default:
                let (path, values) = targets.randomElement(using: &rng)!
                let value = values.randomElement(using: &rng)!
                what = "\(path) = \(value)"
                _ = state.commit([.set(PlistPath(parsing: path), value)], select: PlistPath(parsing: path), message: what)
            }
            try Self.expectGraphIsRebuilt(state, "step \(step): \(what) (seed \(rng.seed))")
            // Undo and redo name the edit as it was made in the graph, not in the storage.
            if what == "undo" || what == "redo", let text = state.message?.text, text.hasPrefix("Undid") || text.hasPrefix("Redid") {
                #expect(text.contains("root.") && !text.contains("$objects"), "\(text)")
            }
        }
    }

    /// A structural edit the graph cannot splice in place builds it again; undoing it (and
    /// redoing it) returns to a storage seen before, and to the graph shown for it then — never one that differs from
    /// what a rebuild gives, whatever scalar edits (patched into the graph) came between.
    @Test func undoingADeleteComesBackToTheGraphShownBefore() throws {
        var rng = SeededGenerator.fromEnvironment()
        var state = try Self.state()
        func graphBytes(_ state: BrowserState) -> UnsafePointer<UInt8>? { state.archiveGraph?.tree.bytes.withUnsafeBufferPointer { $0.baseAddress } }
        let deletable = ["root.people.1", "root.title", "root.count", "root.people.0.home", "root.accent"]
        var cameBack = 0
        var rebuilt = 0
        var splicedCount = 0
        for round in 0..<25 {
            // Scalar edits first, sometimes: the graph shown is then a patched one.
            if Bool.random(using: &rng) {
                let value = PlistValue.integer(Int128(Int.random(in: 0..<1000, using: &rng)))
                _ = state.commit([.set(PlistPath(parsing: "root.count"), value)], select: PlistPath(parsing: "root.count"), message: "count")
                try Self.expectGraphIsRebuilt(state, "round \(round): count set (seed \(rng.seed))")
            }
            let path = deletable.randomElement(using: &rng)!
            guard let node = state.document.tree.index(at: PlistPath(parsing: path)) else { continue }
            // Held, so that its memory cannot be freed and handed to a graph built again.
            let shown = state.archiveGraph?.tree.bytes
            let before = graphBytes(state)
            let storageBefore = state.session.tree.bytes
            let position = state.session.position
            state.selectNode(node)
            state.press("x")
            if case .choice? = state.modal { state.press("y") }
            // (A delete the graph refuses, such as an object shown elsewhere, changes nothing.)
            guard state.session.position > position else {
                state.press("Escape")
                continue
            }
            try Self.expectGraphIsRebuilt(state, "round \(round): \(path) deleted (seed \(rng.seed))")
            // A delete built again keeps the graph before it to come back to; one spliced into
            // the graph in place keeps none (its undo is spliced too).
            let kept = state.archiveView?.previous.map { bytesEqual($0.bytes, storageBefore) } ?? false
            state.press("u")
            try Self.expectGraphIsRebuilt(state, "round \(round): \(path) undeleted (seed \(rng.seed))")
            if kept {
                rebuilt += 1
                if graphBytes(state) == before { cameBack += 1 }
            } else {
                splicedCount += 1
            }
            withExtendedLifetime(shown) {}
            if Bool.random(using: &rng) {
                state.press("C-r")
                try Self.expectGraphIsRebuilt(state, "round \(round): \(path) deleted again (seed \(rng.seed))")
                state.press("u")
                try Self.expectGraphIsRebuilt(state, "round \(round): \(path) undeleted again (seed \(rng.seed))")
            }
        }
        // The graph shown before each rebuilt delete was the one come back to, not built again.
        #expect(rebuilt >= 3 && cameBack == rebuilt, "came back to the graph shown before \(cameBack) times of \(rebuilt) (\(splicedCount) spliced)")
    }

    /// Deletes in a larger graph (a town of people) update it in place where the change shows
    /// inside one object — the graph's tree is then spliced, not built again — and through
    /// undo and redo the graph is always the one its storage gives.
    @Test func deletesInALargeGraphAreSplicedInPlace() throws {
        var rng = SeededGenerator.fromEnvironment()
        let tree = try SourceTree(parsing: try ShapedDocuments.archivedTown(people: 60, using: &rng).serialized(as: .binary))
        let document = try BrowserDocument.open(tree, from: nil, displayName: "town.archive")
        var state = BrowserFixture.state(width: 110, height: 30, document: document, file: nil)
        _ = state.update(.started(width: 110, height: 30))
        var spliced = 0
        for round in 0..<30 {
            let person = Int.random(in: 0..<50, using: &rng)
            let field = ["age", "name", "tags", "tags.0", "home", "friend"].randomElement(using: &rng)!
            guard let node = state.document.tree.index(at: PlistPath(parsing: "root.people.\(person).\(field)")) else { continue }
            state.selectNode(node)
            state.press("x")
            if case .choice? = state.modal { state.press("y") }
            let what = "round \(round): root.people.\(person).\(field) deleted (seed \(rng.seed))"
            try Self.expectGraphIsRebuilt(state, what)
            // A spliced graph's tree keeps the subtree it replaced as unused objects.
            if let graph = state.archiveGraph, let whole = ArchiveGraph.of(state.session.tree), graph.tree.bytes.count > whole.tree.bytes.count { spliced += 1 }
            if Bool.random(using: &rng) {
                state.press("u")
                try Self.expectGraphIsRebuilt(state, what + ", undone")
                state.press("C-r")
                try Self.expectGraphIsRebuilt(state, what + ", redone")
            }
        }
        #expect(spliced >= 10, "spliced in place \(spliced) times")
    }

    /// After a structural edit the graph is built from its archive with only the objects the
    /// storage edits name read again: the same graph, archive, origins and links as reading
    /// the storage whole — for deletes, additions and pasted structures, in either direction.
    @Test func aGraphRebuiltFromTheObjectsAnEditNamesIsTheWholeRebuild() throws {
        let tree = try SourceTree(parsing: try ShapedDocuments.archiveGraph())
        let graph = try #require(ArchiveGraph.of(tree))
        let edits: [(String, EditOperation)] = [
            ("a list item deleted", .delete("root.people.1")),
            ("a field deleted", .delete("root.title")),
            ("an object's field deleted", .delete("root.people.0.home")),
            ("a string added to a list", .insert(into: "root.people", key: nil, at: nil, value: "Carol")),
            ("a structure added to a list", .insert(into: "root.people", key: nil, at: 0, value: ["name": "Dan", "tags": ["x", "y"]])),
            ("a field added", .insert(into: "root", key: "extra", at: nil, value: 42)),
        ]
        var incremental = 0
        for (what, edit) in edits {
            var session = EditSession(tree: tree)
            let storage = try graph.operations(for: [edit])
            try session.apply(storage)
            if ArchiveGraph.changedObjects(storage, count: graph.archive.objects.count) != nil { incremental += 1 }
            for (direction, target, from) in [("forward", session.tree, graph), ("back", tree, try #require(ArchiveGraph.of(session.tree)))] {
                let rebuilt = try #require(from.rebuilt(target, after: storage), "\(what), \(direction)")
                let whole = try #require(ArchiveGraph.of(target), "\(what), \(direction)")
                #expect(rebuilt.archive == whole.archive, "\(what), \(direction)")
                #expect(rebuilt.tree.value() == whole.tree.value(), "\(what), \(direction)")
                #expect(rebuilt.origins == whole.origins && rebuilt.shown == whole.shown, "\(what), \(direction)")
            }
        }
        #expect(incremental >= 4, "the edits took the incremental way \(incremental) times of \(edits.count)")
        // What renumbers objects, or is not an object, is read whole.
        #expect(ArchiveGraph.changedObjects([.delete("$objects.3")], count: 10) == nil)
        #expect(ArchiveGraph.changedObjects([.set("$top.root", .uid(2))], count: 10) == nil)
        #expect(ArchiveGraph.changedObjects([.insert(into: "$objects", key: nil, at: 4, value: "x")], count: 10) == nil)
        #expect(ArchiveGraph.changedObjects([.insert(into: "$objects", key: nil, at: nil, value: "x"), .delete("$objects.5.NS.objects.2")], count: 10) == [5])
    }

    /// Which edits take the quick way: an inline field and an unshared string do; a date (an
    /// NSDate's time) and a color do not.
    @Test func storedValuesArePatchedAndTheRestRebuilt() throws {
        let tree = try SourceTree(parsing: try ShapedDocuments.archiveGraph())
        let graph = try #require(ArchiveGraph.of(tree))
        for (path, value, quick) in [
            ("root.count", PlistValue.integer(9), true), ("root.title", "Lighthouse", true),
            ("root.made", .date(Date(timeIntervalSinceReferenceDate: 0)), false), ("root.accent.red", 0.25, false),
        ] {
            var session = EditSession(tree: tree)
            let storage = try graph.operations(for: [.set(PlistPath(parsing: path), value)])
            try session.apply(storage)
            var patched = graph
            let nodes = patched.setStoredValues(storage, in: session.tree)
            #expect((nodes != nil) == quick, "\(path)")
            if let nodes {
                let rebuilt = try #require(ArchiveGraph.of(session.tree))
                #expect(patched.tree.value() == rebuilt.tree.value() && patched.archive == rebuilt.archive, "\(path)")
                #expect(nodes == [try #require(graph.tree.index(at: PlistPath(parsing: path)))], "\(path)")
            }
        }
    }

    @Test func theGraphShowsClassesColorsAndLinks() throws {
        var state = try Self.state()
        #expect(state.archiveGraph != nil)
        state.press("e")
        let text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("Palette"))
        #expect(text.contains("#FF8000") && text.contains("NSColor"))
        #expect(text.contains("NSArray") && text.contains("NSDate") && text.contains("Person") && text.contains("Address"))
        #expect(text.contains("\"→ root.people.0\""), "Bob's friend, Ada, is a cycle: a link")
        #expect(text.contains("→ Person"))
        #expect(text.contains("ARCHIVE"))
        // Enter on a link goes to the object, Ctrl-O comes back.
        state.go(to: "root.people.0.friend.friend")
        state.press("Enter")
        #expect(state.document.path(of: state.selectedNode).description == "root.people.0")
        state.press("C-o")
        #expect(state.document.path(of: state.selectedNode).description == "root.people.0.friend.friend")
        // A: the storage; A again: the graph, at the object that was selected.
        state.go(to: "root.people.0.home")
        state.press("A")
        #expect(state.archiveGraph == nil)
        #expect(state.document.path(of: state.selectedNode).description.hasPrefix("$objects."))
        #expect(state.screen.lines.joined().contains("$objects"))
        state.press("A")
        #expect(state.document.path(of: state.selectedNode).description == "root.people.0.home")
    }

    @Test func aColorPickedInTheGraphIsWrittenAsItsNSRGBText() throws {
        var state = try Self.state()
        let before = try Self.archive(state)
        state.go(to: "root.accent")
        state.press("i")
        guard case .color? = state.modal else { throw Failure("no picker on the NSColor") }
        state.press("j", "L", "Enter")
        #expect(state.message?.text.hasPrefix("Set root.accent to #FF9000") == true, "\(state.message?.text ?? "")")
        let after = try Self.archive(state)
        // One object changed: the color's NSRGB, in AppKit's spelling, NUL-terminated as it was.
        let changed = zip(before.objects, after.objects).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
        #expect(changed.count == 1)
        guard case .dictionary(let color) = after.objects[changed[0]] else { throw Failure("not an object") }
        #expect(color["NSRGB"] == .data(Data("1 0.5647058823529412 0\u{0}".utf8)))
        #expect(after.objects.count == before.objects.count)
        // The graph shows the new color; undo takes it back.
        #expect(state.screen.lines.joined().contains("#FF9000"))
        state.press("u")
        #expect(try Self.archive(state).objects == before.objects)
    }

    @Test func scalarEditsAndDeletesChangeTheStorageAsNSKeyedArchiverWould() throws {
        var state = try Self.state()
        let before = try Self.archive(state)
        // A string referenced once changes in place.
        state.go(to: "root.title")
        state.press("i", "C-u")
        state.enter("Lighthouse")
        var after = try Self.archive(state)
        #expect(after.objects.count == before.objects.count)
        #expect(after.objects.contains(.string("Lighthouse")) && !after.objects.contains(.string("Harbor")))
        // An inline integer field is set where it is.
        state.go(to: "root.count")
        state.press("i", "C-u")
        state.enter("8")
        after = try Self.archive(state)
        let root = try #require(after.root)
        #expect(after.fields(of: root)["count"] == .integer(8))
        // An NSDate changes its NS.time.
        state.go(to: "root.made")
        state.press("i", "C-u")
        state.enter("2001-01-01T00:01:40Z")
        after = try Self.archive(state)
        guard case .uid(let made)? = after.fields(of: root)["made"] else { throw Failure("no made") }
        #expect(after.fields(of: Int(made))["NS.time"] == .real(100))
        // Deleting an array item takes its reference out of NS.objects; the object stays.
        state.go(to: "root.people.1")
        state.press("x")
        after = try Self.archive(state)
        guard case .uid(let people)? = after.fields(of: root)["people"], case .list(let items) = after.content(of: Int(people)) else { throw Failure("no people") }
        #expect(items.count == 1)
        #expect(after.objects.count == before.objects.count)
        // A link is not edited in place: the message says where the object is. (Deleting
        // it removes the reference, as `x` on any field does.)
        state.go(to: "root.people.0.friend.friend")
        state.press("i", "C-u")
        state.enter("Eve")
        #expect(state.modal == nil)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("Enter goes there") == true)
        // Adding a string to the array appends an object to $objects.
        state.go(to: "root.people")
        let count = after.objects.count
        state.press("a")
        if case .choice? = state.modal { state.press("Enter") }  // the kind: String
        state.enter("Carol")
        after = try Self.archive(state)
        #expect(after.objects.count == count + 1 && after.objects.last == .string("Carol"))
    }

    @Test func pastedStructuresBecomeFoundationObjects() throws {
        var state = try Self.state()
        let before = try Self.archive(state)
        // JSON pasted into the graph after Bob's link: an NSDictionary holding an NSArray and
        // an NSDate-free mix, with the archive's own class descriptions reused.
        state.go(to: "root.people.1")
        _ = state.update(.paste(#"{"name": "Carol", "tags": ["a", "b"], "age": 30}"#))
        #expect(state.message?.isError == false, "\(state.message?.text ?? "")")
        let after = try Self.archive(state)
        let root = try #require(after.root)
        guard case .uid(let people)? = after.fields(of: root)["people"], case .list(let items) = after.content(of: Int(people)) else { throw Failure("no people") }
        #expect(items.count == 3)
        #expect(after.className(of: items[2]) == "NSDictionary")
        #expect(try after.plainValue(of: items[2]) == ["name": "Carol", "tags": ["a", "b"], "age": 30])
        // NSArray's class description was already there: reused; NSDictionary's is new.
        let descriptions = after.objects.indices.filter { after.isClassDescription($0) }
        #expect(descriptions.count == before.objects.indices.filter { before.isClassDescription($0) }.count + 1)
        // The graph shows it, and Foundation-style reading of everything else is unchanged.
        #expect(state.document.tree.index(at: "root.people.2.tags.1") != nil)
        #expect(try after.plainValue(of: try #require(after.fields(of: root)["title"].flatMap { if case .uid(let u) = $0 { Int(u) } else { nil } })) == "Harbor")
    }

    @Test func aSharedStringGetsItsOwnObjectWhenOneReferenceChanges() throws {
        // Two items naming one string object (as Foundation writes equal strings).
        let objects: [PlistValue] = [
            "$null", ["NS.objects": [.uid(2), .uid(2)], "$class": .uid(3)], "same", ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
        ]
        let value: PlistValue = ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": .uid(1)], "$objects": .array(objects)]
        let document = try BrowserDocument.open(try SourceTree(parsing: try value.serialized(as: .binary)), from: nil, displayName: "shared.archive")
        var state = BrowserFixture.state(width: 100, height: 20, document: document, file: nil)
        state.go(to: "root.1")
        state.press("i", "C-u")
        state.enter("other")
        let after = try KeyedArchive(state.session.tree.value())
        #expect(after.objects[2] == "same", "the first item's string is untouched")
        #expect(after.content(of: 1) == .list([2, 4]))
        #expect(after.objects[4] == "other")
    }
}

/// Colors archived in data (Terminal.app profiles): swatches, the palette and the picker,
/// written back into the archive.
@Suite struct ArchivedColorDataTests {
    @Test func aTerminalProfilesArchivedColorsArePickedAndWrittenIntoTheirArchives() throws {
        let url = Fixtures.realShaped("Harbor.terminal")
        let before = try SourceTree(contentsOf: url)
        let document = try BrowserDocument.open(before, from: nil, displayName: "Harbor.terminal")
        var state = BrowserFixture.state(width: 110, height: 30, document: document, file: nil)
        #expect(state.archiveGraph == nil, "a plist holding archives is not one")
        let text = state.screen.lines.joined(separator: "\n")
        #expect(text.contains("#12141F") && text.contains("#FF8000"))
        state.press("C")
        guard case .choice(let palette)? = state.modal else { throw Failure("no palette") }
        #expect(palette.items.map(\.label) == ["BackgroundColor", "TextColor", "CursorColor", "SelectionColor"])
        state.press("Escape")
        state.go(to: "CursorColor")
        state.press("i")
        guard case .color? = state.modal else { throw Failure("no picker on an archived color") }
        state.press("j", "L", "Enter")
        #expect(state.message?.text.hasPrefix("Set CursorColor to #FF9000") == true, "\(state.message?.text ?? "")")
        // Only CursorColor changed; its archive has the new NSRGB and everything else it had.
        let after = state.session.tree.value()
        for key in ["name", "BackgroundColor", "TextColor", "SelectionColor", "Font", "columnCount"] {
            #expect(after[PlistPath.Component.key(key)] == before.value()[PlistPath.Component.key(key)], "\(key)")
        }
        guard case .data(let data)? = after[PlistPath.Component.key("CursorColor")] else { throw Failure("no data") }
        let archive = try KeyedArchive(bytes: Array(data))
        #expect(archive.fields(of: archive.root!)["NSRGB"] == .data(Data("1 0.5647058823529412 0\u{0}".utf8)))
        #expect(archive.fields(of: archive.root!)["NSColorSpace"] == .integer(1))
        #expect(archive.className(of: archive.root!) == "NSColor")
    }

    @Test func anArchiveInDataIsSummarizedAndShownAsItsObjects() throws {
        let document = try BrowserDocument.open(try SourceTree(contentsOf: Fixtures.realShaped("Harbor.terminal")), from: nil, displayName: "Harbor.terminal")
        var state = BrowserFixture.state(width: 120, height: 30, document: document, file: nil)
        state.go(to: "Font")
        let lines = state.screen.lines
        let row = try #require(lines.first { $0.hasPrefix("     Font ") })
        #expect(row.contains("archived NSFont {NSName: \"SFMono-Regular\", NSSize: 13"), "\(row)")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Keyed archive  NSFont (267 bytes)"))
        #expect(text.contains("\"NSName\": \"SFMono-Regular\""))
    }
}
