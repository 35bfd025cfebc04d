import ArgumentParser
import Foundation
import State
import StateDocument

/// `state convert FILE --to FORMAT -o OUT`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a model file to XML plist, binary plist, JSON (JSONC) or, for .strings-shaped data, OpenStep.",
        discussion: """
            Converting to the file's own format copies it byte for byte (--encoding changes \
            only an XML file's encoding). To JSON, dates become \
            ISO-8601 strings and data becomes base64 strings (with a warning); keyed-archive UIDs \
            cannot be converted. From JSON, null cannot be converted to a property list. Nothing \
            is written when the conversion fails, and OUT is replaced atomically.
            """
    )

    @Argument(help: "The file to convert; - reads standard input.")
    var file: String

    @Option(name: .long, help: "The format to write: xml (xml1), binary (binary1, bplist), json, jsonc or openstep (ascii).")
    var to: PlistFormat

    @Option(name: .shortAndLong, help: "Where to write; - for standard output.")
    var output: String

    @Option(
        help: ArgumentHelp(
            "The text encoding of XML output: utf8, utf16 (the input's byte order, else little-endian), utf16le or utf16be (UTF-16 with a byte order mark).",
            discussion: "Without it, converting to the file's own format keeps its encoding and anything else is UTF-8."))
    var encoding: EncodingName?

    @Flag(help: "Write a keyed archive's object graph as plain data (each object's class under $class); refused for a cycle.")
    var unarchive = false

    func run() throws {
        let input = InputFile(file)
        let tree = try input.readTree()
        if output != "-", !unarchive, encoding == nil, try streamed(tree, input: input) { return }
        var warnings: [PlistWarning] = []
        let bytes: [UInt8]
        do {
            if unarchive {
                let value = tree.value()
                guard KeyedArchive.isArchive(value) else {
                    throw PlistError("not a keyed archive (no $archiver, $top and $objects): --unarchive reads NSKeyedArchiver files")
                }
                let plain = try KeyedArchive(value).unarchived()
                bytes = try SourceTree(parsing: try plain.serialized(as: .binary)).serialized(as: to, encoding: encoding?.encoding(for: tree), warnings: &warnings)
            } else {
                bytes = try tree.serialized(as: to, encoding: encoding?.encoding(for: tree), warnings: &warnings)
            }
        } catch {
            throw CommandFailure.report(error, file: input.name, code: CommandFailure.conversion)
        }
        for warning in warnings { StandardStream.error.write("state: warning: \(warning)\n") }
        if output == "-" {
            StandardStream.output.write(bytes)
            return
        }
        do {
            let outcome = try AtomicFile.write(bytes, to: URL(fileURLWithPath: output))
            for note in outcome.notes { StandardStream.error.write("state: \(output): \(note)\n") }
        } catch {
            throw CommandFailure.report(error, file: output, code: CommandFailure.output)
        }
    }
}

extension ConvertCommand {
    /// A conversion failure inside a streamed write (told apart from the output's own).
    private struct ConversionFailure: Error {
        var error: Error
    }

    /// Converts `tree` into OUT as it is written (`SourceTree.stream`): the output is never
    /// whole in memory. False when the conversion can only be written whole (nothing is left
    /// behind then; the caller writes it the other way).
    private func streamed(_ tree: SourceTree, input: InputFile) throws -> Bool {
        var warnings: [PlistWarning] = []
        do {
            let outcome = try AtomicFile.write(to: URL(fileURLWithPath: output)) { sink in
                do {
                    try tree.stream(as: to, warnings: &warnings, to: sink)
                } catch let error as PlistError {
                    throw ConversionFailure(error: error)
                }
            }
            for warning in warnings { StandardStream.error.write("state: warning: \(warning)\n") }
            for note in outcome.notes { StandardStream.error.write("state: \(output): \(note)\n") }
            return true
        } catch is SourceTree.NotStreamable {
            return false
        } catch let failure as ConversionFailure {
            throw CommandFailure.report(failure.error, file: input.name, code: CommandFailure.conversion)
        } catch {
            throw CommandFailure.report(error, file: output, code: CommandFailure.output)
        }
    }
}

extension PlistFormat: ExpressibleByArgument {
    /// The same names `:w FILE FORMAT` takes in the browser (`bplist`, `xml1`, …).
    public init?(argument: String) {
        self.init(name: argument)
    }
}

/// The names `--encoding` takes.
enum EncodingName: String, ExpressibleByArgument, CaseIterable {
    case utf8, utf16, utf16le, utf16be

    init?(argument: String) {
        self.init(rawValue: argument.lowercased().replacingOccurrences(of: "-", with: ""))
    }

    /// The encoding meant, for a conversion of `tree`: UTF-16 with a byte order mark, in the
    /// input's byte order when it is UTF-16 already.
    func encoding(for tree: SourceTree) -> TextEncoding {
        switch self {
        case .utf8: return .utf8
        case .utf16le: return .utf16(bigEndian: false, byteOrderMark: true)
        case .utf16be: return .utf16(bigEndian: true, byteOrderMark: true)
        case .utf16:
            if case .utf16(let bigEndian, _) = tree.encoding { return .utf16(bigEndian: bigEndian, byteOrderMark: true) }
            return .utf16(bigEndian: false, byteOrderMark: true)
        }
    }
}
