import Foundation
import State
import StateTestSupport
import Testing

/// JSON numbers beyond what property lists hold (`123456789012345678901234567890`, `1e400`)
/// open, show as written, survive edits elsewhere byte for byte, and refuse conversion to a
/// plist format with their key path — as jq, jless and fx open them.
@Suite struct WideNumberTests {
    static let text = #"{"id": 123456789012345678901234567890, "limits": [1e400, -0, 1E+2, -9223372036854775809], "name": "x"}"#

    func file() throws -> URL {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("wide.json")
        try Data(Self.text.utf8).write(to: url)
        return url
    }

    func state(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(Fixtures.stateExecutable, arguments)
    }

    /// A real is wide exactly when Swift's Double reads it as infinite, whatever the spelling
    /// of its exponent (sign, case, leading zeros) or of its digits.
    @Test func realsAreWideExactlyWhenTheyOverflowADouble() throws {
        let spellings = [
            "1e308", "1e309", "1E+0400", "1e-999", "-1.5e999", "1.7976931348623157e308", "1.7976931348623159e308", "123.456e-2", "2.5",
            "0.000000000000000000000000000001", "1" + String(repeating: "0", count: 400) + ".5", "1e00000000000000000000000000308",
        ]
        let tree = try SourceTree(parsing: Array("[\(spellings.joined(separator: ", "))]".utf8))
        for (i, text) in spellings.enumerated() {
            let node = tree[SourceTree.root + 1 + i]
            #expect(node.isWideNumber == !Double(text)!.isFinite, "\(text)")
        }
    }

    @Test func theParserKeepsThemAsWritten() throws {
        let tree = try SourceTree(parsing: Array(Self.text.utf8))
        let wide = tree.nodes.indices.filter { tree[$0].isWideNumber }
        #expect(wide.map { tree.scalarText(at: $0) } == ["123456789012345678901234567890", "1e400", "-9223372036854775809"])
        #expect(tree.value()["limits.0"] == .real(.infinity), "as a value, the nearest Double")
        var warnings: [PlistWarning] = []
        #expect(
            throws: PlistError("the number 123456789012345678901234567890 is beyond what property lists hold (64-bit integers and Doubles); only JSON keeps it", at: .keyPath("id"))
        ) {
            try tree.serialized(as: .xml, warnings: &warnings)
        }
        #expect(try tree.serialized(as: .json, warnings: &warnings) == tree.bytes)
    }

    @Test func getPrintSetAndConvert() throws {
        let url = try file()
        #expect(try state("get", url.path, "id").stdoutText == "123456789012345678901234567890\n")
        #expect(try state("get", url.path, "limits", "--json").stdoutText == "[1e400, -0, 1E+2, -9223372036854775809]\n")
        #expect(try state("print", url.path).stdoutText.contains(#""id" => 123456789012345678901234567890"#))
        let set = try state("set", url.path, "name", "y")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try String(decoding: FileBytes.read(url), as: UTF8.self) == Self.text.replacingOccurrences(of: #""x""#, with: #""y""#))
        for format in ["xml", "binary"] {
            let convert = try state("convert", url.path, "--to", format, "-o", "-")
            #expect(convert.status == 2)
            #expect(convert.stderr.contains("id: the number 123456789012345678901234567890 is beyond what property lists hold"))
        }
    }

    /// A wide number is edited as text: `set` and the browser's editor write it as typed.
    @Test func wideNumbersAreEditedAsWritten() throws {
        let url = try file()
        #expect(try state("set", url.path, "id", "123456789012345678901234567891").status == 0)
        #expect(try state("set", url.path, "limits.0", "-1.5e999").status == 0)
        // An ordinary number may become a wide one, and a string stays a string.
        #expect(try state("set", url.path, "limits.2", "99999999999999999999999").status == 0)
        #expect(try state("set", url.path, "name", "1e999").status == 0)
        let expected = Self.text.replacingOccurrences(of: "123456789012345678901234567890", with: "123456789012345678901234567891").replacingOccurrences(
            of: "[1e400", with: "[-1.5e999"
        )
        .replacingOccurrences(of: "1E+2", with: "99999999999999999999999").replacingOccurrences(of: #""x""#, with: #""1e999""#)
        #expect(try String(decoding: FileBytes.read(url), as: UTF8.self) == expected)
        let refused = try state("set", url.path, "id", "12abc")
        #expect(refused.status == 64)
        #expect(refused.stderr == "state: \"12abc\" is not a whole number\n")

        // The browser: edit the number in place, save, and the file has the text typed.
        let tmux = try TmuxSession(width: 100, height: 20)
        try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(url.path)", until: "BROWSE")
        try tmux.send("j", until: "Path      id")
        try tmux.replaceValue(with: "-98765432109876543210987654321")
        try tmux.waitFor(text: "a number only JSON holds")
        try tmux.send("C-s", until: "Saved /")
        #expect(
            try String(decoding: FileBytes.read(url), as: UTF8.self)
                == expected.replacingOccurrences(of: "123456789012345678901234567891", with: "-98765432109876543210987654321"))
        try tmux.send("q")
    }
}
