import Foundation
import StateTestSupport
import Testing

@testable import State

/// The last step of a save: the new file takes the target's place only if the target is
/// still the file that was read. Another program's file that arrived after the check (the
/// moment a preempted save used to lose it in) is put back, and the save reports the change.
@Suite struct GuardedRenameTests {
    func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }
    func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }
    func listing(_ folder: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    /// A target written an hour ago (so that a rewrite now cannot share its modification
    /// time), its stamp, and a flushed save of "new" beside it.
    func prepared() throws -> (folder: URL, target: URL, stamp: AtomicFile.Stamp?, save: TemporarySave) {
        let folder = try Fixtures.temporaryFolder()
        let target = folder.appendingPathComponent("file.plist")
        try write("old", to: target)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: target.path)
        let stamp = AtomicFile.stamp(of: target)
        let save = try TemporarySave(bytes: Array("new".utf8), beside: target, kind: .replacement)
        try save.flush()
        return (folder, target, stamp, save)
    }

    @Test func theFileReadIsReplacedAndNothingIsLeftBeside() throws {
        let (folder, target, stamp, save) = try prepared()
        #expect(try save.rename(over: target, replacingOnly: stamp))
        save.discard()
        #expect(try text(target) == "new")
        #expect(try listing(folder) == ["file.plist"])
    }

    @Test func anotherProgramsRenamedFileIsPutBack() throws {
        let (folder, target, stamp, save) = try prepared()
        // Another program: its own temporary file, renamed over the target.
        let theirs = folder.appendingPathComponent("theirs.tmp")
        try write("theirs", to: theirs)
        #expect(rename(theirs.path, target.path) == 0)
        #expect(try save.rename(over: target, replacingOnly: stamp) == false)
        save.discard()
        #expect(try text(target) == "theirs")
        #expect(try listing(folder) == ["file.plist"])
    }

    @Test func anotherProgramsRewriteInPlaceIsPutBack() throws {
        let (folder, target, stamp, save) = try prepared()
        try write("rewritten", to: target)  // same inode, new size and time
        #expect(try save.rename(over: target, replacingOnly: stamp) == false)
        save.discard()
        #expect(try text(target) == "rewritten")
        #expect(try listing(folder) == ["file.plist"])
    }

    @Test func aFileMadeWhereThereWasNoneIsKept() throws {
        let (folder, target, _, save) = try prepared()
        try FileManager.default.removeItem(at: target)
        // Read when there was no file; another program makes one before the save lands.
        try write("made meanwhile", to: target)
        #expect(try save.rename(over: target, replacingOnly: nil) == false)
        save.discard()
        #expect(try text(target) == "made meanwhile")
        #expect(try listing(folder) == ["file.plist"])
        // With still no file, the save lands.
        try FileManager.default.removeItem(at: target)
        let again = try TemporarySave(bytes: Array("new".utf8), beside: target, kind: .replacement)
        try again.flush()
        #expect(try again.rename(over: target, replacingOnly: nil))
        again.discard()
        #expect(try text(target) == "new")
        #expect(try listing(folder) == ["file.plist"])
    }

    /// This machine's system and file system have both renames; elsewhere a plain rename is
    /// the fallback, and these tests would not show the guard.
    @Test func theSystemHasTheExchangeHere() throws {
        let folder = try Fixtures.temporaryFolder()
        let a = folder.appendingPathComponent("a")
        let b = folder.appendingPathComponent("b")
        try write("A", to: a)
        try write("B", to: b)
        #expect(POSIX.exchange(a.path, b.path) == .done)
        #expect(try text(a) == "B" && text(b) == "A")
        #expect(POSIX.renameNoReplace(a.path, b.path) == .refused(EEXIST))
    }
}
