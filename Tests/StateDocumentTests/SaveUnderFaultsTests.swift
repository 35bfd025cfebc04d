import Foundation
import StateDocument
import StateTestSupport
import Testing

@testable import State

/// What a save keeps and refuses when the file is not a plain file of ours, and what a read
/// refuses when the input is not a plain file at all. The same files, written by the real
/// binary under signals and concurrent writers, are in `FaultInjectionTests`.
@Suite struct SaveUnderFaultsTests {
    /// A copy of Data.plist in a fresh folder, opened and edited (not saved).
    func editedCopy(named name: String = "Data.plist") throws -> (URL, OpenDocument, EditSession) {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.state("Data.plist"), to: url)
        let (file, tree) = try OpenDocument.read(url)
        var session = EditSession(tree: tree)
        try session.apply(.set("Users.t_imp.name", "edited"))
        return (url, file, session)
    }

    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".state-") }.sorted()
    }

    /// Another program rewrites the file in place with the same size and puts the modification
    /// time back to the nanosecond: only the status change time still tells, and the save
    /// refuses.
    @Test(.tags(.python)) func aSameSizeRewriteWithItsOldModificationTimeIsNoticed() throws {
        let (url, file, session) = try editedCopy()
        let rewrite = try ProcessRunner.python(
            """
            import os, sys
            path = sys.argv[1]
            info = os.stat(path)
            data = bytearray(open(path, 'rb').read())
            at = data.index(b'<integer>') + 9
            data[at] = ord('8') if data[at] != ord('8') else ord('9')
            with open(path, 'r+b') as f:
                f.write(data)
            os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
            after = os.stat(path)
            print(after.st_size == info.st_size and after.st_mtime_ns == info.st_mtime_ns)
            """, [url.path])
        #expect(rewrite.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "True", "\(rewrite.stderr)")
        let theirs = try FileBytes.read(url)
        #expect(throws: ChangedOnDiskError(url: url)) { try file.save(session.bytes) }
        #expect(try FileBytes.read(url) == theirs)
        #expect(try leftovers(in: url.deletingLastPathComponent()).isEmpty)
    }

    /// A hard-linked file is rewritten in place: every name sees the new content, the inode is
    /// the same, and no copy is left.
    @Test func hardLinksKeepSharingTheFile() throws {
        let (url, file, session) = try editedCopy()
        let other = url.deletingLastPathComponent().appendingPathComponent("other-name.plist")
        try FileManager.default.linkItem(at: url, to: other)
        let inode = try #require(AtomicFile.stamp(of: url)).inode
        let saved = try file.save(session.bytes)
        #expect(saved.notes.isEmpty, "\(saved.notes)")
        #expect(try FileBytes.read(other) == session.bytes)
        #expect(try FileBytes.read(url) == session.bytes)
        #expect(AtomicFile.stamp(of: url)?.inode == inode)
        #expect(try leftovers(in: url.deletingLastPathComponent()).isEmpty)
        #expect(!saved.document.changedOnDisk)
    }

    /// Run as root (as CI is), a save of another user's file keeps its owner and group.
    @Test(.enabled(if: getuid() == 0, "needs root to give a file away"))
    func theOwnerAndGroupAreKept() throws {
        let (url, _, session) = try editedCopy()
        try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: url.path)
        let (file, _) = try OpenDocument.read(url)
        let saved = try file.save(session.bytes)
        #expect(saved.notes.isEmpty, "\(saved.notes)")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65534)
        #expect((attributes[.groupOwnerAccountID] as? NSNumber)?.intValue == 65534)
        #expect(try FileBytes.read(url) == session.bytes)
    }

    /// Extended attributes (Finder tags, quarantine flags; ACLs on Linux) survive the rename.
    @Test(.tags(.python)) func extendedAttributesAreKept() throws {
        let (url, file, session) = try editedCopy()
        let set = try ProcessRunner.python("import os, sys; os.setxattr(sys.argv[1], 'user.state.test', b'kept')", [url.path])
        try #require(set.status == 0, "this file system takes no user attributes: \(set.stderr)")
        _ = try file.save(session.bytes)
        let get = try ProcessRunner.python("import os, sys; print(os.getxattr(sys.argv[1], 'user.state.test').decode())", [url.path])
        #expect(get.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "kept", "\(get.stderr)")
    }

    /// A symlink loop is refused and stays as it was; nothing is created beside it.
    @Test func aSymlinkLoopIsNotReplaced() throws {
        let folder = try Fixtures.temporaryFolder()
        let first = folder.appendingPathComponent("a.plist")
        let second = folder.appendingPathComponent("b.plist")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.plist")
        try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: "a.plist")
        #expect {
            try AtomicFile.write(Array("{}".utf8), to: first)
        } throws: { error in
            "\(error)".contains("symbolic link that leads back to itself")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first.path) == "b.plist")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.plist", "b.plist"])
    }

    /// Temporary files of runs that were killed are removed by the next save; those of a
    /// running process are not; a copy kept by an interrupted in-place rewrite is reported,
    /// never removed.
    @Test func leftoversOfKilledRunsAreRemovedByTheNextSave() throws {
        let (url, file, session) = try editedCopy()
        let folder = url.deletingLastPathComponent()
        let dead = try deadProcessID()
        let names = [
            ".Data.plist.state-\(dead)-a1B2c3",  // killed run: removed
            ".Data.plist.state-\(getpid())-d4E5f6",  // this process: kept
            ".Data.plist.state-g7H8i9",  // before 0.7, an hour old: removed
            ".Data.plist.state-copy-\(dead)-j1K2l3",  // the only full copy: reported
            ".Other.plist.state-\(dead)-m4N5o6",  // another file's: not this save's business
        ]
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let old = Date().addingTimeInterval(-7200)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(names[2]).path)
        let saved = try file.save(session.bytes)
        #expect(try leftovers(in: folder) == [names[1], names[3], names[4]].sorted())
        #expect(saved.notes.contains("removed 2 temporary files that interrupted saves left beside Data.plist"), "\(saved.notes)")
        #expect(saved.notes.contains { $0.contains(names[3]) && $0.contains("complete new content") }, "\(saved.notes)")
    }

    /// A process id no process has: a child that has exited and been reaped.
    func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        let pid = process.processIdentifier
        try #require(!LocalProcess.isRunning(pid))
        return pid
    }

    /// A FIFO nobody writes to is refused after the timeout instead of blocking forever; one
    /// with a writer is read.
    @Test func aFIFOWithoutAWriterTimesOut() throws {
        let folder = try Fixtures.temporaryFolder()
        let fifo = folder.appendingPathComponent("pipe.json")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let started = Date()
        #expect {
            _ = try FileBytes.read(fifo, limit: 1000, fifoTimeout: 0.3)
        } throws: { error in
            "\(error)".contains("it is a FIFO and nothing was written to it")
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo.path) {
                handle.write(Data("{\"a\": 1}".utf8))
                try? handle.close()
            }
        }
        writer.start()
        #expect(try FileBytes.read(fifo, limit: 1000, fifoTimeout: 5) == Array("{\"a\": 1}".utf8))
    }

    /// Devices and oversized files stop at the limit with a message; a stream that cannot
    /// start a property list stops at its first bytes.
    @Test func endlessAndOversizedInputsStopWithAMessage() throws {
        #expect {
            _ = try FileBytes.readPropertyList(URL(fileURLWithPath: "/dev/zero"))
        } throws: { error in
            "\(error)".contains("not a property list or JSON file (unexpected byte 0x0)")
        }
        let folder = try Fixtures.temporaryFolder()
        let big = folder.appendingPathComponent("big.json")
        try Data(repeating: UInt8(ascii: " "), count: 2000).write(to: big)
        #expect {
            _ = try FileBytes.read(big, limit: 1000)
        } throws: { error in
            "\(error)".contains("is 2000 bytes, larger than the 1000 bytes state reads")
        }
        // Whitespace forever looks like JSON that has not started yet: the limit stops it.
        let spaces = Process()
        spaces.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
        spaces.arguments = [" "]
        let pipe = Pipe()
        spaces.standardOutput = pipe
        try spaces.run()
        defer { spaces.terminate() }
        let stream = URL(fileURLWithPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect {
            _ = try FileBytes.read(stream, limit: 1 << 20)
        } throws: { error in
            "\(error)".contains("holds more than the 1048576 bytes state reads")
        }
    }

    /// A device or FIFO is written to as it is (`-o /dev/stdout` leads through a link to no
    /// real path); a folder is refused.
    @Test func devicesAreWrittenThroughAndFoldersRefused() throws {
        #expect(try AtomicFile.write(Array("{}".utf8), to: URL(fileURLWithPath: "/dev/null")) == AtomicFile.Outcome())
        let folder = try Fixtures.temporaryFolder()
        let fifo = folder.appendingPathComponent("out.json")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let reader = Thread { _ = try? FileBytes.read(fifo) }
        reader.start()
        try AtomicFile.write(Array("{}".utf8), to: fifo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
        #expect(throws: PlistError("cannot save \(folder.path): it is a folder")) { try AtomicFile.write([], to: folder) }
    }

    /// The fingerprint tells apart contents that differ in any one byte, in length, or only
    /// in trailing zeros — the changes a same-size rewrite makes.
    @Test func contentFingerprintsDifferForEveryOneByteChange() {
        var bytes = Array("<plist><dict><key>n</key><integer>10</integer></dict></plist>\n".utf8)
        var seen: Set<UInt64> = [ContentHash.of(bytes)]
        for index in bytes.indices {
            bytes[index] ^= 1
            #expect(seen.insert(ContentHash.of(bytes)).inserted, "flipping byte \(index)")
            bytes[index] ^= 1
        }
        for count in 0..<70 { #expect(seen.insert(ContentHash.of([UInt8](repeating: 0, count: count))).inserted, "\(count) zero bytes") }
    }

    /// A UTF-32 byte-order mark is named as UTF-32, not UTF-16.
    @Test func byteOrderMarksAreNamedCorrectly() throws {
        #expect(throws: PlistError("UTF-32 (little-endian) text is not supported; convert the file to UTF-8", at: .byte(offset: 0))) {
            try PlistFormat.detect([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0])
        }
        #expect(throws: PlistError("UTF-32 (big-endian) text is not supported; convert the file to UTF-8", at: .byte(offset: 0))) {
            try PlistFormat.detect([0, 0, 0xFE, 0xFF, 0, 0, 0, 0x3C])
        }
    }
}
