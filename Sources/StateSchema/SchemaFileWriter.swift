import State

/// Writes a schema in the schema-file syntax `SchemaFileParser` reads (`state schema MODEL
/// --export`): protocols first, then structs, then enums, each in declaration order.
public enum SchemaFileWriter {
    /// The schema as a schema file's text (what `state schema --export` writes).
    public static func render(_ schema: Schema) -> String {
        var out: [String] = []
        if let root = schema.root { out.append("root \(root)\n") }
        for p in schema.protocols {
            out.append(docs(p.documentation) + "protocol \(p.name)\(inheritance(p.parents)) {")
            out += p.fields.map(member)
            out.append("}\n")
        }
        for s in schema.structs {
            let version = s.version.map { "@version(\($0))\n" } ?? ""
            out.append(docs(s.documentation) + version + "struct \(s.name)\(inheritance(s.conformances)) {")
            out += s.fields.map(member)
            out.append("}\n")
        }
        for e in schema.enums {
            out.append(docs(e.documentation) + "enum \(e.name)\(e.rawType.map { ": \($0.rawValue)" } ?? "") {")
            for c in e.cases {
                var line = "    case \(c.name)"
                if let payload = c.payload { line += "(\(payload))" }
                if let raw = c.rawValue, raw != .string(c.name) { line += " = \(literal(raw))" }
                out.append(line)
            }
            out.append("}\n")
        }
        return out.joined(separator: "\n")
    }

    static func inheritance(_ names: [String]) -> String {
        names.isEmpty ? "" : ": " + names.joined(separator: ", ")
    }

    /// A comment as `///` lines (none for nil): the same in schema files and generated code.
    package static func docs(_ text: String?) -> String {
        guard let text else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { "/// \($0)\n" }.joined()
    }

    static func member(_ f: Field) -> String {
        var line = docs(f.documentation).split(separator: "\n").map { "    \($0)\n" }.joined()
        line += "    " + (f.immutable ? "let " : "") + "\(f.name): \(f.type)" + (f.optional ? "?" : "")
        if f.defaultWhenMissing, let value = f.defaultValue { line += " = \(literal(value))" }
        if f.transient { line += " @transient" }
        if f.dissolve { line += " @dissolve" }
        if let t = f.transform, t != "DissolverTransform", !(t == "ColorTransform" && f.type == .scalar(.color)) {
            line += " @transform(\(t))"
        }
        if let value = f.defaultValue, !f.defaultWhenMissing { line += " // default for new instances: \(literal(value))" }
        return line
    }

    /// A value as a JSON literal (compact); `[:]` for an empty dictionary.
    public static func literal(_ value: PlistValue) -> String {
        if value == [:] { return "[:]" }
        var out: [UInt8] = []
        var warnings: [PlistWarning] = []
        var compact = JSONWriter.Style.compact
        compact.colon = Array(": ".utf8)
        guard (try? JSONWriter.element(value, linePrefix: [], style: compact, into: &out, warnings: &warnings)) != nil else {
            return "\"\(value)\""
        }
        return String(decoding: out, as: UTF8.self)
    }
}
