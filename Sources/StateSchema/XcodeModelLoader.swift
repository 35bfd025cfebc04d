import Foundation
import State

/// Loads an Xcode data model — a `.xcdatamodeld` folder (its current version, from
/// `.xccurrentversion`), a `.xcdatamodel` folder, or its `contents` XML — using State's
/// user-info keys:
///
/// | Xcode                                   | schema                                          |
/// |-----------------------------------------|-------------------------------------------------|
/// | entity                                  | struct                                          |
/// | `State.Enum` = YES                      | enum: attributes and relationships are cases. With `State.Type` on the entity, a raw-value enum (`State.Value` per case); otherwise an attribute with its own `State.Type`, and every relationship, is a case with an associated value, and other attributes are plain cases |
/// | `State.Protocol` = YES, or `isAbstract` | protocol                                        |
/// | `parentEntity`                          | protocol inheritance, or conformance for a struct; a non-abstract parent's attributes and relationships are the child's too (as State's generator flattens them) |
/// | attribute                               | field: type from `attributeType` or `State.Type`; `optional`, `transient`, `defaultValueString` / `State.Value`, `State.Immutable`, `valueTransformerName` |
/// | relationship                            | to-one: the entity; to-many: array, or dictionary with `State.CompositionType` = Dictionary; `State.Dissolve` |
/// | `versionHashModifier`                   | model version                                   |
public enum XcodeModelLoader {
    /// Core Data's attribute types, as the schema's scalars.
    static let attributeTypes: [String: FieldType.Scalar] = [
        "Integer 16": .int16, "Integer 32": .int32, "Integer 64": .int64, "Double": .double, "Float": .float, "Decimal": .decimal,
        "String": .string, "Boolean": .bool, "Date": .date, "Binary": .data, "URI": .url, "UUID": .string,
    ]

    /// A transformable attribute's type, by its value transformer's name (others: any value).
    static let transformedTypes: [String: FieldType.Scalar] = [
        "URLTransform": .url, "UInt64Transform": .uint64,
        "UIColorTransform": .color, "NSColorTransform": .color, "ColorTransform": .color, "RGBAColorTransform": .color,
    ]

    /// Loads the model at `url` (a `.xcdatamodeld` or `.xcdatamodel` folder, or a `contents` file).
    public static func load(_ url: URL) throws -> Schema {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw SchemaError("no such file or folder", file: url.path)
        }
        guard isFolder.boolValue else { return try load(contents: try FileBytes.read(url), file: url.path) }
        if url.pathExtension == "xcdatamodeld" {
            return try load(url.appendingPathComponent(try currentVersion(of: url)))
        }
        let contents = url.appendingPathComponent("contents")
        return try load(contents: try FileBytes.read(contents), file: contents.path)
    }

    /// The current version's folder name inside a `.xcdatamodeld`: from `.xccurrentversion`, or
    /// the only (or last, by name with numbers compared as numbers: "Model 10" after "Model 9")
    /// `.xcdatamodel` inside.
    static func currentVersion(of bundle: URL) throws -> String {
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if let bytes = try? FileBytes.read(marker) {
            let value = try PlistValue(parsing: bytes)
            if let name = value["_XCCurrentVersionName"]?.stringValue { return name }
            throw SchemaError("_XCCurrentVersionName is missing", file: marker.path)
        }
        let versions = (try FileManager.default.contentsOfDirectory(atPath: bundle.path))
            .filter { $0.hasSuffix(".xcdatamodel") }
            .sorted { ($0 as NSString).deletingPathExtension.compare(($1 as NSString).deletingPathExtension, options: .numeric) == .orderedAscending }
        guard let last = versions.last else {
            throw SchemaError("no .xcdatamodel inside", file: bundle.path)
        }
        return last
    }

    // MARK: - Reading the contents XML

    typealias Element = ModelXMLReader.Element

    /// Builds a schema from the text of a `contents` file.
    public static func load(contents bytes: [UInt8], file: String = "contents") throws -> Schema {
        let model = try ModelXMLReader.root(of: bytes, file: file)
        guard model.name == "model" else {
            throw SchemaError("not a data model: the root element is <\(model.name)>, not <model>", file: file, line: model.line)
        }
        return try Converter(file: file, entities: model.children("entity")).schema()
    }

    // MARK: - Entities to types

    struct Converter {
        let file: String
        let entities: [Element]

        func schema() throws -> Schema {
            var types: [SchemaType] = []
            var referenced: Set<String> = []
            for entity in entities {
                let name = try self.name(of: entity, what: "an entity")
                let type = try convert(entity, named: name)
                types.append(type)
                for relation in entity.children("relationship") {
                    if let destination = relation.attribute("destinationEntity") { referenced.insert(destination) }
                }
            }
            var schema = Schema(types: types)
            // The root: the one struct nothing refers to, if there is exactly one. Entities in a
            // parent chain are kinds of one another, not the root of the model.
            let related = Set(entities.flatMap { entity in entity.attribute("parentEntity").map { [$0, entity.attribute("name") ?? ""] } ?? [] })
            let roots = schema.structs.filter { !referenced.contains($0.name) && $0.conformances.isEmpty && !related.contains($0.name) }
            schema.root = roots.count == 1 ? roots[0].name : nil
            return schema
        }

        func isProtocol(_ entity: Element) -> Bool {
            entity.flag("isAbstract") || entity.userInfo["State.Protocol"] == "YES"
        }

        /// An element's `name`, which must be one a schema file can spell (letters, digits and
        /// `_`), or the schema exported from this model would not load back.
        func name(of element: Element, what: String) throws -> String {
            guard let name = element.attribute("name") else { throw SchemaError("\(what) has no name", file: file, line: element.line) }
            guard SchemaFileParser.Parser.isIdentifier(name) else {
                throw SchemaError("\(what) is named \"\(name.escaped(quotes: true))\", which is not a name (letters, digits and _)", file: file, line: element.line)
            }
            return name
        }

        func entityNamed(_ name: String) -> Element? { entities.first { $0.attribute("name") == name } }

        func convert(_ entity: Element, named name: String) throws -> SchemaType {
            let info = entity.userInfo
            let parent = entity.attribute("parentEntity")
            if info["State.Enum"] == "YES" { return .enumeration(try enumType(entity, named: name)) }
            var fields = try fields(of: entity)
            if isProtocol(entity) {
                // `State.Type` on a protocol lists extra (Swift) protocols it inherits.
                let extra = info["State.Type"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
                return .protocolType(ProtocolType(name: name, parents: (parent.map { [$0] } ?? []) + extra, fields: fields))
            }
            // Up the parent chain: concrete ancestors give their fields (nearest last, so the
            // child's own come after and win a clash); the first abstract one is conformed to.
            var conformances: [String] = []
            var ancestor = parent
            var seen: Set<String> = [name]
            while let parentName = ancestor {
                guard let parentEntity = entityNamed(parentName) else {
                    throw SchemaError("\(name): parent entity \(parentName) is not in the model", file: file, line: entity.line)
                }
                guard seen.insert(parentName).inserted else {
                    throw SchemaError("\(name): its parent entities form a cycle through \(parentName)", file: file, line: entity.line)
                }
                if isProtocol(parentEntity) {
                    conformances.append(parentName)
                    break
                }
                let own = Set(fields.map(\.name))
                fields = try self.fields(of: parentEntity).filter { !own.contains($0.name) } + fields
                ancestor = parentEntity.attribute("parentEntity")
            }
            let version = entity.attribute("versionHashModifier").flatMap(ModelVersion.parse)
            return .structure(StructType(name: name, fields: fields, conformances: conformances, version: version))
        }

        func fields(of entity: Element) throws -> [Field] {
            var fields: [Field] = []
            // Caught here, or the schema exported from this model would not load back.
            func add(_ field: Field, line: Int) throws {
                guard !fields.contains(where: { $0.name == field.name }) else {
                    throw SchemaError("\(entity.attribute("name") ?? "an entity") has two attributes or relationships named \(field.name)", file: file, line: line)
                }
                fields.append(field)
            }
            for attribute in entity.children("attribute") {
                // Protocol function requirements are code, not data.
                if attribute.userInfo["State.ProtocolRequirementType"] == "func" { continue }
                try add(try field(attribute: attribute), line: attribute.line)
            }
            for relation in entity.children("relationship") {
                try add(try field(relationship: relation), line: relation.line)
            }
            return fields
        }

        func field(attribute: Element) throws -> Field {
            let name = try self.name(of: attribute, what: "an attribute")
            let info = attribute.userInfo
            let (type, typeOptional) = try attributeType(attribute, name: name)
            var field = Field(name: name, type: type, optional: attribute.flag("optional") || typeOptional)
            field.transient = attribute.flag("transient")
            field.immutable = info["State.Immutable"] == "YES"
            field.transform = attribute.attribute("valueTransformerName")
            if field.transform == nil, type == .scalar(.color) { field.transform = "ColorTransform" }
            field.dissolve = info["State.Dissolve"] == "YES"
            if let text = info["State.Value"] ?? attribute.attribute("defaultValueString") {
                field.defaultValue = Self.defaultValue(text, type: type)
            }
            return field
        }

        func attributeType(_ attribute: Element, name: String) throws -> (FieldType, Bool) {
            if let override = attribute.userInfo["State.Type"] {
                guard let parsed = FieldType.parse(override) else {
                    throw SchemaError("\(name): State.Type \"\(override)\" is not a type", file: file, line: attribute.line)
                }
                // A name must be an entity of the model (or a type FieldType knows, parsed above).
                if let missing = parsed.type.namedTypes.first(where: { entityNamed($0) == nil }) {
                    throw SchemaError("\(name): State.Type names \(missing), which is no entity of the model nor a Swift or Foundation type", file: file, line: attribute.line)
                }
                return parsed
            }
            let type = attribute.attribute("attributeType") ?? ""
            if type == "Transformable" {
                return (.scalar(XcodeModelLoader.transformedTypes[attribute.attribute("valueTransformerName") ?? ""] ?? .any), false)
            }
            guard let scalar = XcodeModelLoader.attributeTypes[type] else {
                throw SchemaError("\(name): unknown attribute type \"\(type)\"", file: file, line: attribute.line)
            }
            return (.scalar(scalar), false)
        }

        func field(relationship: Element) throws -> Field {
            let name = try self.name(of: relationship, what: "a relationship")
            guard let destination = relationship.attribute("destinationEntity") else {
                throw SchemaError("\(name): relationship has no destination", file: file, line: relationship.line)
            }
            // Caught here, or the schema exported from this model would not load back.
            guard entityNamed(destination) != nil else {
                throw SchemaError("\(name): the destination entity \(destination) is not in the model", file: file, line: relationship.line)
            }
            let info = relationship.userInfo
            let toMany = relationship.flag("toMany")
            let type: FieldType =
                !toMany
                ? .named(destination)
                : info["State.CompositionType"] == "Dictionary" ? .dictionary(.named(destination)) : .array(.named(destination))
            var field = Field(name: name, type: type, optional: relationship.flag("optional"))
            field.transient = relationship.flag("transient")
            field.immutable = info["State.Immutable"] == "YES"
            field.dissolve = info["State.Dissolve"] == "YES" || info["State.Transformable"] == "DissolverTransform"
            if field.dissolve { field.transform = "DissolverTransform" }
            // A dissolved to-many reads as empty when missing and is left out when empty: it
            // is never nil, whatever Xcode's optional checkbox says (new relationships have it
            // set), so the generated property is not an optional.
            if field.dissolve && toMany { field.optional = false }
            if let text = info["State.Value"] { field.defaultValue = Self.defaultValue(text, type: type) }
            return field
        }

        func enumType(_ entity: Element, named name: String) throws -> EnumType {
            let rawType = entity.userInfo["State.Type"].flatMap { FieldType.parse($0) }.flatMap { parsed -> FieldType.Scalar? in
                if case .scalar(let s) = parsed.type { return s }
                return nil
            }
            var cases: [EnumType.Case] = []
            for attribute in entity.children("attribute") {
                let caseName = try self.name(of: attribute, what: "an enum case")
                if let rawType {
                    let text = attribute.userInfo["State.Value"] ?? caseName
                    cases.append(.init(name: caseName, rawValue: Self.defaultValue(text, type: .scalar(rawType)) ?? .string(text)))
                } else if attribute.userInfo["State.Type"] != nil {
                    // An attribute with a State.Type is a case with that associated value …
                    cases.append(.init(name: caseName, payload: try attributeType(attribute, name: caseName).0))
                } else {
                    // … one without is a plain case (its Core Data type means nothing).
                    cases.append(.init(name: caseName))
                }
            }
            for relation in entity.children("relationship") {
                // A raw-value enum's cases are values; a relationship would be a case with one.
                if rawType != nil {
                    throw SchemaError(
                        "\(name) is a raw-value enum (State.Type), so the relationship \(relation.attribute("name") ?? "") cannot be one of its cases", file: file,
                        line: relation.line)
                }
                let f = try field(relationship: relation)
                cases.append(.init(name: f.name, payload: f.type))
            }
            var seen: Set<String> = []
            for (index, c) in cases.enumerated() where !seen.insert(c.name).inserted {
                let elements = entity.children("attribute") + entity.children("relationship")
                throw SchemaError("\(name) has two cases named \(c.name)", file: file, line: index < elements.count ? elements[index].line : entity.line)
            }
            return EnumType(name: name, rawType: rawType, cases: cases)
        }

        /// A default value from Xcode text: numbers, booleans, strings, `[…]` string arrays;
        /// Swift expressions (`TestDefaultsChild()`, `[String]()`) become nil or empty.
        static func defaultValue(_ text: String, type: FieldType) -> PlistValue? {
            switch type {
            case .scalar(let s):
                switch s {
                case .bool: return text == "YES" || text == "true" ? true : text == "NO" || text == "false" ? false : nil
                case .string, .url: return .string(text)
                case .float, .double, .decimal: return Double(text).map { .real($0) }
                case _ where s.integerRange != nil:
                    if let i = Int128(text) { return .integer(i) }
                    if let d = Double(text), d.rounded() == d { return .integer(Int128(d)) }
                    return nil
                default: return nil
                }
            case .array, .set:
                if text.hasSuffix("()") { return [] }
                guard let value = try? PlistValue(parsing: Array(text.utf8)), case .array = value else { return nil }
                return value
            case .dictionary:
                return text.hasSuffix("()") || text == "[:]" ? [:] : nil
            case .named:
                return text.hasSuffix("()") ? [:] : nil
            }
        }
    }
}
