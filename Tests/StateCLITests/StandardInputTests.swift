import Foundation
import State
import StateTestSupport
import Testing

/// `-` as FILE: standard input in, standard output out, as filters do; and a closed pipe on
/// the output end ends `state` at once.
@Suite struct StandardInputTests {
    func state(_ arguments: [String], stdin: [UInt8]) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments, stdin: stdin)
    }

    var info: [UInt8] { get throws { try FileBytes.read(Fixtures.realShaped("Info.plist")) } }

    @Test func readCommandsTakeStandardInput() throws {
        let get = try state(["get", "-", "CFBundleIdentifier"], stdin: info)
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdoutText == (try state(["get", Fixtures.realShaped("Info.plist").path, "CFBundleIdentifier"], stdin: [])).stdoutText)

        let printed = try state(["print", "-"], stdin: info)
        #expect(printed.stdoutText == (try state(["print", Fixtures.realShaped("Info.plist").path], stdin: [])).stdoutText)

        let converted = try state(["convert", "-", "--to", "json", "-o", "-"], stdin: info)
        #expect(converted.status == 0)
        #expect(try PlistValue(parsing: converted.stdout) == (try PlistValue(parsing: try info)))

        // With nothing to find a schema beside, validate needs --schema.
        let validate = try state(["validate", "-"], stdin: info)
        #expect(validate.status == 64)
        #expect(validate.stderr == "state: <stdin>: no schema to validate against: none given (--schema)\n")
    }

    @Test func editsOfStandardInputGoToStandardOutput() throws {
        let set = try state(["set", "-", "CFBundleDisplayName", "Piped"], stdin: info)
        #expect(set.status == 0, "\(set.stderr)")
        let after = try SourceTree(parsing: set.stdout)
        #expect(after.value()["CFBundleDisplayName"] == "Piped")
        // Byte-faithful as a file edit is: only the value changed.
        #expect(String(decoding: set.stdout, as: UTF8.self) == String(decoding: try info, as: UTF8.self).replacingOccurrences(of: "Tide Notes<", with: "Piped<"))
        let delete = try state(["delete", "-", "CFBundleDisplayName"], stdin: set.stdout)
        #expect(try SourceTree(parsing: delete.stdout).value()["CFBundleDisplayName"] == nil)
        // A value set to what it is: the filter still passes the document on, unchanged.
        let same = try state(["set", "-", "CFBundleDisplayName", "Piped"], stdin: set.stdout)
        #expect(same.status == 0 && same.stdout == set.stdout)
        for path in ["**.NoSuchKey", "NoSuchKey"] {
            let none = try state(["set", "-", path, "x", "--allow-no-match"], stdin: set.stdout)
            #expect(none.status == 0 && none.stdout == set.stdout, "\(path): nothing matched, and the document is passed on")
        }
    }

    @Test func badInputOnStandardInputIsNamedAndLocated() throws {
        let broken = try state(["print", "-"], stdin: Array("{\"a\": [1, 2".utf8))
        #expect(broken.status == 1)
        #expect(broken.stderr == "state: <stdin>: line 1, column 7: unexpected end of input: array is not closed\n")
        let empty = try state(["get", "-", "a"], stdin: [])
        #expect(empty.status == 1)
        #expect(empty.stderr.hasPrefix("state: <stdin>: "))
    }

    /// Piped into `state` with no file and no terminal on the output: the piped document's tree
    /// is printed (not the sample's).
    @Test func pipingIntoStateWithoutAFileShowsWhatWasPiped() throws {
        let piped = try state([], stdin: Array(#"{"from": "the pipe"}"#.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutText.contains(#""from" => "the pipe""#))
    }

    /// `state print big | head -c 100`: state ends as soon as head does, by SIGPIPE, as cat
    /// would — not after writing the whole tree into a closed pipe.
    @Test(.slow) func aClosedPipeEndsStateQuietly() throws {
        let folder = try Fixtures.temporaryFolder()
        let big = folder.appendingPathComponent("big.json")
        let items = (0..<60_000).map { #"{"n": \#($0), "s": "item"}"# }
        try Data("[\(items.joined(separator: ","))]".utf8).write(to: big)
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", "\"$0\" print --raw \"$1\" | head -c 100 > /dev/null; echo \"${PIPESTATUS[0]}\"", Fixtures.stateExecutable.path, big.path])
        #expect(result.stdoutText == "141\n", "\(result.stderr)")
        #expect(result.stderr.isEmpty, "quietly: \(result.stderr)")
    }
}

extension StandardInputTests {
    @Test func schemasComeFromStandardInputToo() throws {
        let text = try FileBytes.read(Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema"))
        let piped = try state(["schema", "-"], stdin: text)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutText == (try state(["schema", Fixtures.packageRoot.appendingPathComponent("Examples/AssetLibrary/AssetLibrary.schema").path], stdin: [])).stdoutText)
        let broken = try state(["schema", "-"], stdin: Array("model {\n".utf8))
        #expect(broken.status == 1)
        #expect(broken.stderr == "state: <stdin>:1:1: expected `struct Name`, `protocol Name` or `enum Name`\n")
    }
}

/// A binary plist's null object (0x00): read, kept through edits elsewhere, refused by XML
/// with its key path — and said when the browser opens the file.
@Suite struct BinaryNullTests {
    @Test func aNullIsKeptByEditsElsewhereAndRefusedByXML() throws {
        let folder = try Fixtures.temporaryFolder()
        let file = folder.appendingPathComponent("null.plist")
        let value: PlistValue = ["a": [.null], "b": "x"]
        try Data(BinaryPlistWriter.document(value, keepingNull: true)).write(to: file)
        let set = try ProcessRunner.run(Fixtures.stateExecutable, ["set", file.path, "b", "y"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try PlistValue(parsing: FileBytes.read(file)) == ["a": [.null], "b": "y"])
        let xml = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", file.path, "--to", "xml", "-o", "-"])
        #expect(xml.status == 2)
        #expect(xml.stderr == "state: \(file.path): a.0: null cannot be stored in a property list\n")
        // Converting from JSON, where null is ordinary, is refused the same way for binary.
        let json = folder.appendingPathComponent("null.json")
        try Data(#"{"a": [null]}"#.utf8).write(to: json)
        let binary = try ProcessRunner.run(Fixtures.stateExecutable, ["convert", json.path, "--to", "binary", "-o", "-"])
        #expect(binary.status == 2)
    }
}
