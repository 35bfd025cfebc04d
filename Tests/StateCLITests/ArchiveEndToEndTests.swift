import Foundation
import State
import StateTestSupport
import Testing

// Foundation's side of the archive `ShapedDocuments.archiveGraph()` writes. A Person does not
// decode its `friend`: swift-corelibs-foundation recurses forever on a cycle (Ada → Bob → Ada).

final class ArchivedPalette: NSObject, NSCoding {
    let title: String
    let count: Int
    let made: Date?
    let accent: ArchivedNSColor?
    let people: [ArchivedPerson]
    init?(coder: NSCoder) {
        guard let title = coder.decodeObject(forKey: "title") as? String else { return nil }
        self.title = title
        count = coder.decodeInteger(forKey: "count")
        made = coder.decodeObject(forKey: "made") as? Date
        accent = coder.decodeObject(forKey: "accent") as? ArchivedNSColor
        people = (coder.decodeObject(forKey: "people") as? [ArchivedPerson]) ?? []
    }
    func encode(with coder: NSCoder) {}
}

final class ArchivedPerson: NSObject, NSCoding {
    let name: String
    let street: String?
    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
        street = (coder.decodeObject(forKey: "home") as? ArchivedAddress)?.street
    }
    func encode(with coder: NSCoder) {}
}

final class ArchivedAddress: NSObject, NSCoding {
    let street: String
    init?(coder: NSCoder) {
        guard let street = coder.decodeObject(forKey: "street") as? String else { return nil }
        self.street = street
    }
    func encode(with coder: NSCoder) {}
}

/// Stands in for AppKit's NSColor (not on Linux): reads `NSRGB` as AppKit does.
final class ArchivedNSColor: NSObject, NSCoding {
    let rgb: String
    let space: Int
    init?(coder: NSCoder) {
        // swift-corelibs-foundation's spelling of decodeBytes(forKey:returnedLength:).
        let text: String? = coder.withDecodedUnsafeBytes(forKey: "NSRGB") { buffer in
            buffer.map { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        guard let text else { return nil }
        rgb = text
        space = coder.decodeInteger(forKey: "NSColorSpace")
    }
    func encode(with coder: NSCoder) {}
}

/// The real binary on a keyed archive in tmux: the object graph, a color changed with the
/// picker and saved; Foundation's unarchiver reads the new color and everything else as it was.
@Suite(.serialized, .slow, .tags(.tmux)) struct ArchiveEndToEndTests {
    static var state: String { Fixtures.stateExecutable.path }

    static func unarchive(_ url: URL) throws -> ArchivedPalette? {
        NSKeyedUnarchiver.setClass(ArchivedPalette.self, forClassName: "Palette")
        NSKeyedUnarchiver.setClass(ArchivedPerson.self, forClassName: "Person")
        NSKeyedUnarchiver.setClass(ArchivedAddress.self, forClassName: "Address")
        NSKeyedUnarchiver.setClass(ArchivedNSColor.self, forClassName: "NSColor")
        return try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(Data(contentsOf: url)) as? ArchivedPalette
    }

    @Test func aColorInAnArchiveIsPickedSavedAndReadByFoundation() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let file = folder.appendingPathComponent("palette.archive")
        try AtomicFile.write(try ShapedDocuments.archiveGraph(), to: file)
        let before = try KeyedArchive(bytes: try FileBytes.read(file))
        let theirsBefore = try #require(try Self.unarchive(file))
        #expect(theirsBefore.accent?.rgb == "1 0.5 0")

        let tmux = try TmuxSession(width: 110, height: 30)
        var screen = try tmux.run("\(BrowserEndToEndTests.environment) \(Self.state) \(file.path); echo EXIT=$?", until: "ARCHIVE")
        #expect(screen.contains { $0.contains("accent") && $0.contains("#FF8000") && $0.contains("NSColor") })
        #expect(screen.contains { $0.contains("people") && $0.contains("NSArray") })
        // The cycle and the shared address are links.
        screen = try tmux.send("e", until: "\"→ root.people.0\"")
        #expect(screen.contains { $0.contains("→ root.people.0.home") && $0.contains("→ Address") })
        try tmux.enter(":root.accent", until: "At root.accent")
        try tmux.send("i", until: "Color root.accent")
        try tmux.send("j", "L", "Enter", until: "#FF9000")
        try tmux.send("C-s", until: "Saved")
        // A shows the storage, where the color is an NSRGB string.
        try tmux.send("A", until: "$objects")
        try tmux.send("q", until: "EXIT=0")

        let theirs = try #require(try Self.unarchive(file))
        #expect(theirs.accent?.rgb == "1 0.5647058823529412 0" && theirs.accent?.space == 1)
        #expect(theirs.title == "Harbor" && theirs.count == 7 && theirs.made == Date(timeIntervalSinceReferenceDate: 700_000_000))
        #expect(theirs.people.map(\.name) == ["Ada", "Bob"] && theirs.people.map(\.street) == ["12 Analytical Row", "12 Analytical Row"])
        // In the storage, the color object alone changed; the cycle's references are as they were.
        let after = try KeyedArchive(bytes: try FileBytes.read(file))
        let changed = zip(before.objects, after.objects).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
        #expect(changed.count == 1 && after.className(of: changed[0]) == "NSColor")
        #expect(after.objects.count == before.objects.count && after.top == before.top)
    }

    @Test func convertUnarchiveWritesTheGraphAndRefusesACycle() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let file = folder.appendingPathComponent("palette.archive")
        try AtomicFile.write(try ShapedDocuments.archiveGraph(), to: file)
        let cycle = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", "--unarchive", file.path, "--to", "json", "-o", "-"])
        #expect(cycle.status != 0)
        #expect(cycle.stderr.contains("people.0.friend.friend: $objects.") && cycle.stderr.contains(" (Person) contains itself"), "\(cycle.stderr)")
        // Without the cycle (Foundation's own archive of plain objects): plain data Python reads.
        let root: NSDictionary = [
            "name": "Harbor", "tags": ["a", "b"], "when": Date(timeIntervalSinceReferenceDate: 0), "id": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        ]
        let plain = folder.appendingPathComponent("plain.archive")
        try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false).write(to: plain)
        let out = folder.appendingPathComponent("plain.json")
        let converted = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", "--unarchive", plain.path, "--to", "json", "-o", out.path])
        #expect(converted.status == 0, "\(converted.stderr)")
        let python = try ProcessRunner.python("import json,sys; d=json.load(open(sys.argv[1])); print(sorted(d.items()))", [out.path])
        #expect(python.stdoutText == "[('id', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'), ('name', 'Harbor'), ('tags', ['a', 'b']), ('when', '2001-01-01T00:00:00Z')]\n")
        // Not an archive: said, exit 2.
        let notArchive = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", "--unarchive", out.path, "--to", "xml", "-o", "-"])
        #expect(notArchive.status == 2 && notArchive.stderr.contains("not a keyed archive"))
        // print shows the graph with classes; --raw the storage.
        let printed = try ProcessRunner.run(Fixtures.stateExecutable, ["print", file.path])
        #expect(printed.stdoutText.contains("\"accent\" => {  # NSColor  #FF8000"))
        #expect(printed.stdoutText.contains("\"friend\" => \"→ root.people.0\"  # → Person"))
        let raw = try ProcessRunner.run(Fixtures.stateExecutable, ["print", "--raw", file.path])
        #expect(raw.stdoutText.contains("\"$objects\" => ["))
    }
}
