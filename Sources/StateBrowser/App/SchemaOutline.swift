import StateSchema

/// The schema pane's lines: protocols with their conformers, then models with their fields,
/// then enums with their cases. A line that names a type can be followed to the nodes of that
/// type.
package struct SchemaOutline: Sendable {
    package struct Line: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case heading
            case type(String)
            /// A conformer listed under its protocol.
            case conformer(String)
            case detail
        }

        package var kind: Kind
        package var text: String
        package var depth: Int
        /// The type whose nodes Enter finds, when there is one.
        package var target: String? {
            switch kind {
            case .type(let name), .conformer(let name): name
            case .heading, .detail: nil
            }
        }
    }

    package let lines: [Line]

    package init(schema: Schema) {
        var lines: [Line] = []
        let protocols = schema.protocols
        if !protocols.isEmpty {
            lines.append(Line(kind: .heading, text: "Protocols", depth: 0))
            for p in protocols {
                let parents = p.parents.isEmpty ? "" : " : " + p.parents.joined(separator: ", ")
                lines.append(Line(kind: .type(p.name), text: "protocol \(p.name)\(parents)", depth: 1))
                for conformer in schema.conformers(of: p.name) {
                    lines.append(Line(kind: .conformer(conformer.name), text: conformer.name, depth: 2))
                }
            }
        }
        let structs = schema.structs
        if !structs.isEmpty {
            lines.append(Line(kind: .heading, text: "Models", depth: 0))
            for s in structs {
                let conformances = s.conformances.isEmpty ? "" : " : " + s.conformances.joined(separator: ", ")
                let version = s.version.map { "  v\($0)" } ?? ""
                lines.append(Line(kind: .type(s.name), text: "struct \(s.name)\(conformances)\(version)", depth: 1))
                for field in schema.allFields(of: s.name) {
                    lines.append(Line(kind: .detail, text: Self.describe(field), depth: 2))
                }
            }
        }
        let enums = schema.enums
        if !enums.isEmpty {
            lines.append(Line(kind: .heading, text: "Enums", depth: 0))
            for e in enums {
                lines.append(Line(kind: .type(e.name), text: "enum \(e.name)" + (e.rawType.map { ": \(FieldType.scalar($0))" } ?? ""), depth: 1))
                for c in e.cases {
                    let payload = c.payload.map { "(\($0))" } ?? ""
                    let raw = c.rawValue.map { " = \($0.preview)" } ?? ""
                    lines.append(Line(kind: .detail, text: "case \(c.name)\(payload)\(raw)", depth: 2))
                }
            }
        }
        if lines.isEmpty { lines.append(Line(kind: .heading, text: "No schema: types are guessed from the data", depth: 0)) }
        self.lines = lines
    }

    /// `name: Type?  = default  @transform(T)`.
    static func describe(_ field: Field) -> String {
        var text = "\(field.name): \(field.type)\(field.optional ? "?" : "")"
        if let value = field.defaultValue { text += " = \(SchemaFileWriter.literal(value))" }
        if let transform = field.transform { text += "  @\(transform)" }
        if field.dissolve { text += "  @dissolve" }
        if field.transient { text += "  transient" }
        if field.immutable { text += "  let" }
        return text
    }
}
