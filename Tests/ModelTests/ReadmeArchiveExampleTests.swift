// swift-format-ignore-file
// (The README example is copied from this file, aligned comments and all.)
import Foundation
import State
import StateTestSupport
import Testing

// The README's ValueCoding example, compiled and run here; `readmeShowsThisCode` checks that
// the README has exactly the text between the markers.

// README-ARCHIVE-DEFINITIONS-BEGIN
struct Point: ValueCoding, Equatable {
    typealias Coder = PointCoder
    var x: Double
    var y: Double
}

struct PointCoder: ValueCoder {
    static let archivedClassName = "Point"                 // $classname, as an NSCoding class has
    let value: Point
    init(_ value: Point) { self.value = value }

    func encode(to encoder: inout ArchiveEncoder) throws {
        encoder.encode(value.x, forKey: "x")
        encoder.encode(value.y, forKey: "y")
    }

    init(from decoder: ArchiveDecoder) throws {
        guard let x = decoder.decodeDouble(forKey: "x") else { throw decoder.missing("x") }
        guard let y = decoder.decodeDouble(forKey: "y") else { throw decoder.missing("y") }
        value = Point(x: x, y: y)
    }
}

extension Drawing: ValueCoding {
    typealias Coder = ModelCoder<Drawing>                  // a Model archives through its Store
}
// README-ARCHIVE-DEFINITIONS-END

@Suite struct ReadmeArchiveExampleTests {
    @Test func theExampleRuns() throws {
        // README-ARCHIVE-USAGE-BEGIN
        let points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
        let bytes = try KeyedArchiver.archivedData(withRootObject: points.encoded)
        // bytes: a binary plist in NSKeyedArchiver's format, which NSKeyedUnarchiver reads
        let root = try ArchiveDecoder.root(of: bytes)
        let again = Point.decode(try root.elements())             // members that fail are dropped
        print(again)                                              // [Point(x: 1.0, y: 2.0), …]

        let logo = Drawing(title: "Logo", shapes: [Square(name: "box", side: 3)])
        let archived = try KeyedArchiver.archivedData(withRootObject: logo.encoded)
        let back = Drawing.decode(try ArchiveDecoder.root(of: archived))
        print(back?.title ?? "unreadable")                        // Logo
        // README-ARCHIVE-USAGE-END
        #expect(again == points)
        #expect(back?.title == "Logo" && (back?.shapes.first as? Square)?.side == 3)
        let archive = try KeyedArchive(bytes: bytes)
        #expect(archive.archiver == "NSKeyedArchiver" && archive.className(of: archive.root!) == "NSArray")
    }

    @Test func readmeShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        func between(_ name: String) throws -> String { try ReadmeSnippet.between(name, in: source) }
        let definitions = "```swift\nimport State\n\n" + (try between("ARCHIVE-DEFINITIONS")) + "\n```"
        let usage = "```swift\n" + (try between("ARCHIVE-USAGE")) + "\n```"
        #expect(readme.contains(definitions), "README's ValueCoding definitions differ from ReadmeArchiveExampleTests.swift")
        #expect(readme.contains(usage), "README's ValueCoding usage differs from ReadmeArchiveExampleTests.swift")
        let article = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/State/State.docc/ValueCodingAndKeyedArchives.md"), encoding: .utf8)
        #expect(article.contains(definitions) && article.contains(usage), "ValueCodingAndKeyedArchives.md's code differs from ReadmeArchiveExampleTests.swift")
    }
}
