import Foundation
import State
import StateTestSupport
import Testing

/// The built `state` binary, run as a user or a script would run it.
@Suite struct CommandLineTests {
    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    @Test func withoutArgumentsItOpensTheSampleLibrary() throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" < /dev/null", Fixtures.stateExecutable.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(Array(lines.prefix(2)) == ["{  # AssetLibrary", "  \"name\" => \"Sample Library\""])  // its schema is found beside it
        #expect(result.stdoutText.contains("\"Asset\" => \"SoundAsset\""))
        // A file given without a subcommand is opened the same way.
        let file = try state(Fixtures.state("Data.json").path)
        #expect(file.status == 0)
        #expect(file.stdoutText == (try state("print", Fixtures.state("Data.json").path)).stdoutText)
        let missing = try state("/nonexistent/file.plist")
        #expect(missing.status == 1)
        let help = try state("--help")
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("SUBCOMMANDS:"))
        #expect(help.stdoutText.contains("convert"))
    }

    @Test func printShowsTheTreeLikePlutil() throws {
        let result = try state("print", Fixtures.state("Data.plist").path)
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(
            Array(lines.prefix(6)) == [
                "{", "  \"Users\" => {", "    \"t_imp\" => {",
                "      \"email\" => \"john@unit-testing.com\"", "      \"id\" => 10", "      \"name\" => \"John Doe\"",
            ])
        #expect(result.stdoutText.contains("      \"key1\" => 2015-04-11 23:26:11 +0000\n"))
        let json = try state("print", Fixtures.state("Data.json").path)
        #expect(json.stdoutText.hasPrefix("{\n  \"t\" => {\n    \"id\" => 10\n"))
    }

    /// Dates as plutil prints them, written without strings where they are whole seconds of a
    /// four-digit year, and through the general format otherwise: the two agree.
    @Test func printWritesDatesAsPlutilDoes() throws {
        let dates = [0, 450_483_971, 450_483_971.25, -63_114_076_800.5, 3e11 + 7, -1e12].map(Date.init(timeIntervalSinceReferenceDate:))
        let folder = try Fixtures.temporaryFolder()
        defer { Fixtures.removeTemporaryFolder(folder) }
        let url = folder.appendingPathComponent("dates.plist")
        try Data(PlistValue.array(dates.map(PlistValue.date)).serialized(as: .binary)).write(to: url)
        let printed = try state("print", url.path)
        #expect(printed.status == 0, "\(printed.stderr)")
        let expected = dates.enumerated().map { i, date in
            "  \(i) => " + PlistDate.format(date, fractional: true).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " +0000")
        }
        #expect(printed.stdoutText == "[\n" + expected.joined(separator: "\n") + "\n]\n")
        #expect(printed.stdoutText.contains("  1 => 2015-04-11 22:26:11 +0000\n"))
    }

    @Test(.slow, .tags(.python), arguments: ["xml", "binary", "json"])
    func convertWritesWhatPythonReads(format: String) throws {
        let folder = try Fixtures.temporaryFolder()
        let out = folder.appendingPathComponent("out")
        let result = try state("convert", Fixtures.state("Data.json").path, "--to", format, "-o", out.path)
        #expect(result.status == 0, "\(result.stderr)")
        let original = try SourceTree(contentsOf: Fixtures.state("Data.json")).value()
        let difference = PlistOracle.difference(PlistOracle.canonical(original), try PlistOracle.read(out))
        #expect(difference == nil, "\(difference ?? "")")
        #expect(try SourceTree(contentsOf: out).format.rawValue == format)
    }

    @Test func convertToTheSameFormatCopiesBytes() throws {
        let result = try state("convert", Fixtures.state("Data.plist").path, "--to", "xml", "-o", "-")
        #expect(result.status == 0)
        #expect(result.stdout == (try FileBytes.read(Fixtures.state("Data.plist"))))
    }

    @Test func convertingDatesToJSONWarns() throws {
        let result = try state("convert", Fixtures.state("Data.plist").path, "--to", "json", "-o", "-")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: 2 dates written as ISO-8601 strings"))
        #expect(try PlistValue(parsing: result.stdout)["Object.t_dic_imp.key1"] != nil)
    }

    @Test func badInputExitsOneWithALocation() throws {
        let folder = try Fixtures.temporaryFolder()
        let bad = folder.appendingPathComponent("bad.plist")
        try Data("<plist>\n<dict>\n<key>a</key>\n<integer>x</integer>\n</dict>\n</plist>".utf8).write(to: bad)
        let out = folder.appendingPathComponent("out.json")
        for result in [try state("print", bad.path), try state("convert", bad.path, "--to", "json", "-o", out.path)] {
            #expect(result.status == 1)
            #expect(result.stderr == "state: \(bad.path): line 4, column 10: invalid integer 'x'\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let missing = try state("print", folder.appendingPathComponent("nope").path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot open"))
    }

    @Test func impossibleConversionExitsTwoAndWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder()
        let archive = folder.appendingPathComponent("archive.plist")
        try Data(try PlistValue.dictionary(["$top": ["root": .uid(1)]]).serialized(as: .binary)).write(to: archive)
        let out = folder.appendingPathComponent("archive.json")
        try Data("keep me".utf8).write(to: out)
        let result = try state("convert", archive.path, "--to", "json", "-o", out.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("$top.root: a keyed-archive UID cannot be written to JSON"))
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
    }

    @Test func badArgumentsExit64() throws {
        let result = try state("convert", Fixtures.state("Data.plist").path, "--to", "yaml", "-o", "-")
        #expect(result.status == 64)
        #expect(result.stderr.contains("yaml"))
    }

    @Test func unwritableOutputExitsThree() throws {
        let result = try state("convert", Fixtures.state("Data.plist").path, "--to", "json", "-o", "/nonexistent-folder/out.json")
        #expect(result.status == 3)
        #expect(result.stderr.contains("/nonexistent-folder"))
    }
}
