import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Saves are atomic, keep permissions, write through symlinks, and refuse to clobber changes.
@Suite struct SaveTests {
    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func saveKeepsPermissionsAndLeavesNoTemporaryFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("Data.plist")
        try FileManager.default.copyItem(at: Fixtures.state("Data.plist"), to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        let (file, tree) = try OpenDocument.read(url)
        var session = EditSession(tree: tree)
        try session.apply(.set("Users.t_imp.id", 99))
        _ = try file.save(session.bytes)
        #expect(try mode(url) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Data.plist"])
        #expect(try SourceTree(contentsOf: url).value()["Users.t_imp.id"] == 99)
    }

    @Test func saveWritesThroughSymlinks() throws {
        let folder = try Fixtures.temporaryFolder()
        let target = folder.appendingPathComponent("real.plist")
        let link = folder.appendingPathComponent("link.plist")
        try FileManager.default.copyItem(at: Fixtures.state("Data.plist"), to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.plist")
        let (file, tree) = try OpenDocument.read(link)
        var session = EditSession(tree: tree)
        try session.apply(.set("Users.t_imp.name", "x"))
        _ = try file.save(session.bytes)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.plist")
        #expect(try SourceTree(contentsOf: target).value()["Users.t_imp.name"] == "x")
    }

    @Test func saveRefusesAFileChangedOnDisk() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("Data.json")
        try FileManager.default.copyItem(at: Fixtures.state("Data.json"), to: url)
        let (file, tree) = try OpenDocument.read(url)
        var session = EditSession(tree: tree)
        try session.apply(.set("t.id", 1))
        let theirs = Array("{\"someone\": \"else\"}".utf8)
        try AtomicFile.write(theirs, to: url)
        #expect(file.changedOnDisk)
        // A typed error, so callers can offer to overwrite or reload.
        #expect(throws: ChangedOnDiskError(url: url)) { try file.save(session.bytes) }
        #expect(try FileBytes.read(url) == theirs)
        let saved = try file.save(session.bytes, overwritingChanges: true).document
        #expect(try SourceTree(contentsOf: url).value()["t.id"] == 1)
        #expect(!saved.changedOnDisk)
        #expect(file.changedOnDisk, "the old document still has the stamp from before")
    }

    @Test func failedWriteLeavesTheOriginalUntouched() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("Data.plist")
        try FileManager.default.copyItem(at: Fixtures.state("Data.plist"), to: url)
        let original = try FileBytes.read(url)
        // A folder that cannot take the temporary file (root ignores permissions, so use a
        // path whose parent is a regular file).
        let impossible = url.appendingPathComponent("child.plist")
        #expect(throws: PlistError.self) { try AtomicFile.write([1, 2, 3], to: impossible) }
        #expect(try FileBytes.read(url) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Data.plist"])
    }

    @Test func newFilesGetDefaultPermissions() throws {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("new.json")
        try AtomicFile.write(Array("[]".utf8), to: url)
        let mask = umask(0)
        umask(mask)
        #expect(try mode(url) == 0o666 & ~Int(mask))
    }
}
