import ArgumentParser
import Foundation
import State
import StateSchema

/// `state schema SCHEMA`: the models, enums and protocols of a schema; `--export` converts it
/// to a schema file.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Show a schema's models, enums and protocols (with inheritance and conformers).",
        discussion: "SCHEMA is a schema file or an Xcode data model (.xcdatamodeld, .xcdatamodel, or its contents file)."
    )

    @Argument(help: "The schema file or Xcode data model; - reads a schema file or an Xcode model's contents from standard input.")
    var schema: String

    @Flag(help: "Print the schema in schema-file syntax (converts an Xcode model).")
    var export = false

    func run() throws {
        let loaded: Schema
        do {
            loaded =
                try schema == "-" ? SchemaLoader.load(bytes: FileBytes.readStandardInput(propertyList: false), name: "<stdin>") : SchemaLoader.load(URL(fileURLWithPath: schema))
        } catch {
            throw CommandFailure.report(error, file: nil, code: CommandFailure.badInput)
        }
        StandardStream.output.write(export ? SchemaFileWriter.render(loaded) : Self.describe(loaded))
    }

    static func describe(_ schema: Schema) -> String {
        var out: [String] = []
        if let root = schema.root {
            out.append("root: \(root)")
        } else if schema.structs.count > 1 {
            // Not guessed: several types could hold a file, and validating against the wrong one
            // would report everything.
            out.append("root: none set (more than one model type is used by no other; --root NAME picks one)")
        }
        if !schema.protocols.isEmpty {
            out.append("\nprotocols:")
            for p in schema.protocols {
                let parents = p.parents.isEmpty ? "" : " : " + p.parents.joined(separator: ", ")
                let conformers = schema.conformers(of: p.name).map(\.name)
                out.append("  \(p.name)\(parents)" + (conformers.isEmpty ? "" : " — conformers: " + conformers.joined(separator: ", ")))
                out += p.fields.map { "    " + field($0) }
            }
        }
        if !schema.structs.isEmpty {
            out.append("\nmodels:")
            for s in schema.structs {
                let conformances = s.conformances.isEmpty ? "" : " : " + s.conformances.joined(separator: ", ")
                out.append("  \(s.name)\(conformances)" + (s.version.map { " (version \($0))" } ?? ""))
                out += s.fields.map { "    " + field($0) }
            }
        }
        if !schema.enums.isEmpty {
            out.append("\nenums:")
            for e in schema.enums {
                out.append("  \(e.name)" + (e.rawType.map { " : \($0.rawValue)" } ?? ""))
                for c in e.cases {
                    var line = "    case \(c.name)"
                    if let payload = c.payload { line += "(\(payload))" }
                    if let raw = c.rawValue { line += " = \(SchemaFileWriter.literal(raw))" }
                    out.append(line)
                }
            }
        }
        return out.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }

    static func field(_ f: Field) -> String {
        var text = "\(f.name): \(f.type)\(f.optional ? "?" : "")"
        var notes: [String] = []
        if f.immutable { notes.append("immutable") }
        if f.transient { notes.append("transient") }
        if f.dissolve { notes.append("dissolve") }
        if let t = f.transform, !f.dissolve { notes.append("transform \(t)") }
        if let d = f.defaultValue { notes.append("default \(SchemaFileWriter.literal(d))") }
        if !notes.isEmpty { text += "  (" + notes.joined(separator: ", ") + ")" }
        return text
    }
}
