import Foundation
import State
import StateTestSupport
import Testing

/// UTF-16 property lists through the real binary: scripted edits and the browser save them in
/// their own encoding, changing only the edited text; `convert --encoding` changes encodings.
@Suite struct UTF16EndToEndTests {
    static let xml = UTF16Text.xmlPlist(
        """
        \t<key>NSHumanReadableCopyright</key>
        \t<string>© 2026 Zoë 𝄞</string>
        \t<!-- kept as it is -->
        \t<key>Count</key>
        \t<integer>3</integer>
        """)

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] { UTF16Text.bytes(text, bigEndian: bigEndian) }

    func state(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    @Test(arguments: [false, true]) func scriptedEditsKeepTheEncoding(bigEndian: Bool) throws {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("Info.plist")
        try Data(Self.utf16(Self.xml, bigEndian: bigEndian)).write(to: file)
        let set = try state(["set", file.path, "Count", "42"])
        #expect(set.status == 0, "\(set.stderr)")
        let added = try state(["add", file.path, "Name", "Zoë"])
        #expect(added.status == 0, "\(added.stderr)")
        let after = try FileBytes.read(file)
        // The same bytes as the text edited by hand and encoded the same way.
        let expected = Self.xml.replacingOccurrences(of: "<integer>3</integer>", with: "<integer>42</integer>")
            .replacingOccurrences(of: "</integer>\n</dict>", with: "</integer>\n\t<key>Name</key>\n\t<string>Zoë</string>\n</dict>")
        #expect(after == Self.utf16(expected, bigEndian: bigEndian))
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(try SourceTree(parsing: Array(expected.utf8)).value()))
        let get = try state(["get", file.path, "NSHumanReadableCopyright"])
        #expect(get.stdoutText == "© 2026 Zoë 𝄞\n")
    }

    @Test func convertChangesEncodingOnRequest() throws {
        let folder = try Fixtures.temporaryFolder()
        let file = folder.appendingPathComponent("in.plist")
        try Data(Self.utf16(Self.xml, bigEndian: false)).write(to: file)
        // Its own format, no --encoding: a byte-for-byte copy.
        let copy = try state(["convert", file.path, "--to", "xml", "-o", "-"])
        #expect(copy.stdout == Self.utf16(Self.xml, bigEndian: false))
        let utf8 = try state(["convert", file.path, "--to", "xml", "--encoding", "utf-8", "-o", "-"])
        #expect(utf8.stdoutText == Self.xml.replacingOccurrences(of: "\"UTF-16\"", with: "\"UTF-8\""))
        let big = folder.appendingPathComponent("big.plist")
        let toBig = try state(["convert", file.path, "--to", "xml", "--encoding", "utf16be", "-o", big.path])
        #expect(toBig.status == 0, "\(toBig.stderr)")
        #expect(try FileBytes.read(big) == Self.utf16(Self.xml, bigEndian: true))
        let json = try state(["convert", file.path, "--to", "json", "-o", "-"])
        #expect(json.stdoutText.contains(#""NSHumanReadableCopyright": "© 2026 Zoë 𝄞""#))
        let refused = try state(["convert", file.path, "--to", "json", "--encoding", "utf16", "-o", "-"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("JSON is written in UTF-8 (RFC 8259)"))
        let odd = folder.appendingPathComponent("odd.plist")
        try Data(Self.utf16(Self.xml, bigEndian: false) + [0x0A]).write(to: odd)
        let broken = try state(["print", odd.path])
        #expect(broken.status == 1)
        #expect(broken.stderr == "state: \(odd.path): byte offset \(2 + 2 * Self.xml.utf16.count): the file is UTF-16 but ends in half a character (an odd number of bytes)\n")
    }

    @Test func theBrowserEditsAndSavesUTF16() throws {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("utf16.plist")
        try Data(Self.utf16(Self.xml, bigEndian: true)).write(to: file)
        let tmux = try TmuxSession(width: 100, height: 20)
        var screen = try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(file.path)", until: "XML UTF-16 BE")
        #expect(screen.contains { $0.contains("© 2026 Zoë 𝄞") })
        try tmux.send("G")
        try tmux.replaceValue(with: "7")
        screen = try tmux.send("C-s", until: "Saved /")
        let expected = Self.xml.replacingOccurrences(of: "<integer>3</integer>", with: "<integer>7</integer>")
        #expect(try FileBytes.read(file) == Self.utf16(expected, bigEndian: true))
        try tmux.send("q")
    }
}
