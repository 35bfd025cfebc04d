import Foundation
import State

/// Decodes a document against a schema: gives every node a role (model, conformer, enum case,
/// color, typed value) and reports what does not fit, each with its key path:
/// missing required fields, wrong types, unknown conformers, bad enum cases, failed
/// transforms, unexpected keys and version mismatches.
///
/// Values are checked with the same rules the model API reads them with (`Storable`), so a
/// file that validates is a file the generated models can read.
public struct SchemaValidator: Sendable {
    /// The schema checked against.
    public let schema: Schema
    /// Where transforms named in the schema are found.
    public let transforms: TransformRegistry

    /// A validator for `schema`.
    public init(schema: Schema, transforms: TransformRegistry = .shared) {
        self.schema = schema
        self.transforms = transforms
    }

    /// Checks `tree` as a value of `rootType` (default: the schema's root, else the struct that
    /// fits the top-level keys best).
    ///
    /// With a `depthLimit`, only nodes down to that depth (the root is 0) are checked: the
    /// browser draws its first screen from such a pass while the whole check runs beside it.
    /// The diagnostics of a limited pass are only those found above the limit.
    public func validate(_ tree: SourceTree, as rootType: String? = nil, depthLimit: Int = .max) -> TypedDocument {
        var run = Run(schema: schema, transforms: transforms, tree: tree, roles: RoleTable(nodeCount: tree.nodes.count, sparse: depthLimit != .max), depthLimit: depthLimit)
        let root = rootType ?? schema.root ?? run.guessRoot()
        if let root {
            if schema[root] == nil {
                run.report(.unknownType, "the schema has no type \(root)", node: SourceTree.root)
            } else {
                run.check(SourceTree.root, as: .named(root), field: nil, transform: nil)
            }
        } else {
            run.report(.unknownType, "the schema names no root type and none fits; the top level is not checked", node: SourceTree.root, severity: .warning)
            run.scanForTaggedValues(SourceTree.root)
        }
        return TypedDocument(schema: schema, rootType: root, roles: run.roles, diagnostics: run.diagnostics)
    }

    struct Run {
        let schema: Schema
        let transforms: TransformRegistry
        let tree: SourceTree
        var roles: RoleTable
        /// Nodes deeper than this are not checked.
        let depthLimit: Int
        /// The depth of the node being checked.
        var depth = -1
        var diagnostics: [Diagnostic] = []
        /// Per type, computed once: a large file has the same model thousands of times.
        var fieldCache: [String: (fields: [Field], byName: [String: Field])] = [:]
        var conformerCache: [String: [StructType]] = [:]

        mutating func fields(of name: String) -> (fields: [Field], byName: [String: Field]) {
            if let cached = fieldCache[name] { return cached }
            let fields = schema.allFields(of: name)
            let entry = (fields, Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }))
            fieldCache[name] = entry
            return entry
        }

        mutating func conformers(of name: String) -> [StructType] {
            if let cached = conformerCache[name] { return cached }
            let found = schema.conformers(of: name)
            conformerCache[name] = found
            return found
        }

        static let legacyTagKey = Conformers<Any>.legacyTagKey
        static let versionKey = ModelVersion.key

        /// Made at the first diagnostic: a valid file never pays for them.
        var links: NodeLinks?

        mutating func report(_ kind: Diagnostic.Kind, _ message: String, node: Int, severity: Diagnostic.Severity = .error) {
            if links == nil { links = NodeLinks(tree) }
            diagnostics.append(Diagnostic(kind, message, path: links!.path(of: node, in: tree), node: node, severity: severity))
        }

        func kindName(_ node: Int) -> String {
            switch tree[node].kind {
            case .dictionary: "dictionary"
            case .array: "array"
            default: tree.scalar(at: node).preview
            }
        }

        /// The struct whose fields best match the root dictionary's keys.
        func guessRoot() -> String? {
            guard tree[SourceTree.root].kind == .dictionary else { return nil }
            let keys = Set(tree.children(of: SourceTree.root).compactMap { tree.key(of: $0) })
            var best: (name: String, score: Int)?
            for s in schema.structs {
                let fields = schema.allFields(of: s.name)
                let hits = fields.filter { keys.contains($0.name) }.count
                let missing = fields.filter { $0.isRequired && !keys.contains($0.name) }.count
                let score = hits * 2 - missing - (keys.count - hits)
                if hits > 0, score > (best?.score ?? 0) { best = (s.name, score) }
            }
            return best?.name
        }

        /// Without a root type, dictionaries that carry a known type tag are still checked.
        mutating func scanForTaggedValues(_ node: Int, depth nodeDepth: Int = 0) {
            guard nodeDepth <= depthLimit else { return }
            if tree[node].kind == .dictionary {
                for p in schema.protocols where schema.rootProtocol(of: p.name) == p.name {
                    if let tag = tree.child(of: node, key: p.name), tree[tag].kind == .string {
                        depth = nodeDepth - 1
                        check(node, as: .named(p.name), field: tree.key(of: node), transform: nil)
                        return
                    }
                }
            }
            for child in tree.children(of: node) where tree[child].kind.isContainer { scanForTaggedValues(child, depth: nodeDepth + 1) }
        }

        // MARK: - Checking a node against a type

        mutating func check(_ node: Int, as type: FieldType, field: String?, transform: String?) {
            depth += 1
            defer { depth -= 1 }
            guard depth <= depthLimit else { return }
            switch type {
            case .scalar(let scalar):
                checkScalar(node, scalar, field: field, transform: transform)
            case .array(let element), .set(let element):
                roles[node] = NodeRole(.value(type), field: field, transform: transform)
                guard tree[node].kind == .array else {
                    return report(.wrongType, "expected an array of \(element), found \(kindName(node))", node: node)
                }
                for child in tree.children(of: node) { check(child, as: element, field: nil, transform: nil) }
            case .dictionary(let element):
                roles[node] = NodeRole(.value(type), field: field, transform: transform)
                guard tree[node].kind == .dictionary else {
                    return report(.wrongType, "expected a dictionary of \(element), found \(kindName(node))", node: node)
                }
                for child in tree.children(of: node) { check(child, as: element, field: nil, transform: nil) }
            case .named(let name):
                switch schema[name] {
                case .structure(let s)?: checkStruct(node, s, role: NodeRole(.model(s.name), field: field, transform: transform))
                case .protocolType(let p)?: checkProtocolValue(node, p, field: field)
                case .enumeration(let e)?: checkEnum(node, e, field: field)
                case nil: report(.unknownType, "the schema has no type \(name)", node: node)
                }
            }
        }

        /// One context for every scalar check: scalars need it only for error paths, and a 100 MB
        /// file has millions of scalars.
        let context = ReadContext()
        /// Transforms by name, looked up in the (locked) registry once each.
        var transformCache: [String: AnyValueTransform?] = [:]

        mutating func transform(named name: String) -> AnyValueTransform? {
            if let cached = transformCache[name] { return cached }
            let found = transforms.transform(named: name)
            transformCache[name] = found
            return found
        }

        mutating func checkScalar(_ node: Int, _ scalar: FieldType.Scalar, field: String?, transform: String?) {
            if scalar == .color {
                roles[node] = NodeRole(.color, field: field, transform: transform ?? "ColorTransform")
                do {
                    _ = try RGBAColor(storedValue: tree.value(at: node), context: context)
                    for child in tree.children(of: node) {
                        roles[child] = NodeRole(.value(.scalar(.double)), field: tree.key(of: child))
                    }
                } catch let error as ModelError {
                    reportModelError(error, base: node, kind: .transformFailed)
                } catch {}
                return
            }
            roles[node] = NodeRole(.value(.scalar(scalar)), field: field, transform: transform)
            if scalar == .any { return }
            guard !tree[node].kind.isContainer else {
                return report(.wrongType, "expected \(article(scalar)), found \(kindName(node))", node: node)
            }
            var value = tree.scalar(at: node)
            // OpenStep has only strings: a number or a bool field holds its text.
            if tree.format == .openStep { value = scalar.readingOpenStepString(value) }
            do {
                // The model API's own conversion decides what is valid.
                _ = try scalar.storableType?.init(storedValue: value, context: context)
                if let transform, transform != "DissolverTransform", let t = self.transform(named: transform) {
                    try t.validate(value)
                }
            } catch let error as ModelError {
                reportModelError(error, base: node, kind: nil)
            } catch {}
        }

        func article(_ scalar: FieldType.Scalar) -> String {
            "\("AEIOU".contains(scalar.rawValue.first!) ? "an" : "a") \(scalar.rawValue)"
        }

        /// A `ModelError` from a value conversion, as a diagnostic at the node it concerns.
        mutating func reportModelError(_ error: ModelError, base: Int, kind: Diagnostic.Kind?) {
            var node = base
            var missingIn: Int?
            for component in error.path.components {
                if let child = tree.child(of: node, at: component) { node = child } else { missingIn = node }
            }
            let resolved: Diagnostic.Kind
            switch error.reason {
            case .typeMismatch: resolved = kind ?? .wrongType
            case .missingKey: resolved = kind ?? .missingField
            case .transformFailed: resolved = .transformFailed
            default: resolved = kind ?? .invalidValue
            }
            report(resolved, error.message, node: missingIn ?? node)
        }

        // MARK: - Models

        mutating func checkStruct(_ node: Int, _ s: StructType, role: NodeRole, tagKeys: Set<String> = []) {
            roles[node] = role
            guard tree[node].kind == .dictionary else {
                return report(.wrongType, "expected a \(s.name) (dictionary), found \(kindName(node))", node: node)
            }
            let (fields, byName) = fields(of: s.name)
            var seen: Set<String> = []
            for child in tree.children(of: node) {
                guard let key = tree.key(of: child) else { continue }
                seen.insert(key)
                if tagKeys.contains(key) {
                    roles[child] = NodeRole(.typeTag, field: key)
                    continue
                }
                if key == Self.versionKey {
                    roles[child] = NodeRole(.version, field: key)
                    checkVersion(child, s)
                    continue
                }
                guard let field = byName[key] else {
                    roles[child] = NodeRole(.unknown, field: key)
                    report(.unexpectedKey, "\(s.name) has no field \"\(key)\" (kept as it is)", node: child, severity: .warning)
                    continue
                }
                if field.transient {
                    report(.unexpectedKey, "\"\(key)\" is transient in \(s.name) and is not read", node: child, severity: .warning)
                }
                check(child, as: field.type, field: key, transform: field.transform)
            }
            for field in fields where field.isRequired && !seen.contains(field.name) {
                report(.missingField, "required field \"\(field.name)\" (\(field.type)) is missing", node: node)
            }
        }

        mutating func checkVersion(_ node: Int, _ s: StructType) {
            let value = tree.scalar(at: node)
            guard let found = ModelVersion.parse(value) else {
                return report(.versionMismatch, "model_version must be a whole number, found \(value.preview)", node: node)
            }
            guard let current = s.version else {
                return report(.versionMismatch, "\(s.name) is not versioned, but the data says version \(found)", node: node, severity: .warning)
            }
            if found > current {
                report(.versionMismatch, "data is \(s.name) version \(found), newer than the schema's version \(current)", node: node)
            } else if found < current {
                report(.versionMismatch, "data is \(s.name) version \(found); reading migrates it to version \(current)", node: node, severity: .warning)
            }
        }

        mutating func checkProtocolValue(_ node: Int, _ p: ProtocolType, field: String?) {
            let root = schema.rootProtocol(of: p.name)
            guard tree[node].kind == .dictionary else {
                roles[node] = NodeRole(.value(.named(p.name)), field: field)
                return report(.wrongType, "expected a \(p.name) value (dictionary), found \(kindName(node))", node: node)
            }
            let tagNode = tree.child(of: node, key: root) ?? tree.child(of: node, key: Self.legacyTagKey)
            guard let tagNode else {
                roles[node] = NodeRole(.value(.named(p.name)), field: field)
                return report(.missingTypeTag, "a \(p.name) value needs a type tag: key \"\(root)\" naming its conformer", node: node)
            }
            roles[tagNode] = NodeRole(.typeTag, field: tree.key(of: tagNode))
            guard case .string(let name) = tree.scalar(at: tagNode) else {
                roles[node] = NodeRole(.value(.named(p.name)), field: field)
                return report(.wrongType, "the type tag must be a conformer name (string), found \(kindName(tagNode))", node: tagNode)
            }
            let conformers = conformers(of: p.name)
            guard let conformer = conformers.first(where: { $0.name == name }) else {
                roles[node] = NodeRole(.value(.named(p.name)), field: field)
                let known = conformers.map(\.name).joined(separator: ", ")
                return report(.unknownConformer, "\"\(name)\" is not a known \(p.name) conformer" + (known.isEmpty ? "" : " (known: \(known))"), node: tagNode)
            }
            checkStruct(node, conformer, role: NodeRole(.conformer(name, protocolName: p.name), field: field), tagKeys: [root, Self.legacyTagKey])
        }

        // MARK: - Enums

        mutating func checkEnum(_ node: Int, _ e: EnumType, field: String?) {
            roles[node] = NodeRole(.enumValue(e.name, caseName: nil), field: field)
            guard tree[node].kind == .dictionary else {
                return report(.wrongType, "expected a \(e.name) (dictionary), found \(kindName(node))", node: node)
            }
            if let rawType = e.rawType {
                guard let valueNode = tree.child(of: node, key: "value") else {
                    return report(.missingField, "a \(e.name) needs its raw value under \"value\"", node: node)
                }
                let raw = tree.scalar(at: valueNode)
                roles[valueNode] = NodeRole(.value(.scalar(rawType)), field: "value")
                guard let match = e.cases.first(where: { $0.rawValue == raw || (raw.integerValue != nil && $0.rawValue?.integerValue == raw.integerValue) }) else {
                    return report(
                        .badEnumCase,
                        "\(raw.preview) is not a raw value of \(e.name) (\(e.cases.compactMap { $0.rawValue.map(SchemaFileWriter.literal) }.joined(separator: ", ")))",
                        node: valueNode)
                }
                roles[node] = NodeRole(.enumValue(e.name, caseName: match.name), field: field)
                return
            }
            guard let caseNode = tree.child(of: node, key: e.name) else {
                return report(.missingField, "a \(e.name) needs its case name under \"\(e.name)\"", node: node)
            }
            roles[caseNode] = NodeRole(.typeTag, field: e.name)
            guard case .string(let name) = tree.scalar(at: caseNode), let match = e.cases.first(where: { $0.name == name }) else {
                return report(.badEnumCase, "\(tree.scalar(at: caseNode).preview) is not a case of \(e.name) (\(e.cases.map(\.name).joined(separator: ", ")))", node: caseNode)
            }
            roles[node] = NodeRole(.enumValue(e.name, caseName: match.name), field: field)
            if let payload = match.payload {
                guard let valueNode = tree.child(of: node, key: "value") else {
                    return report(.missingField, "case \(name) of \(e.name) needs its value under \"value\"", node: node)
                }
                check(valueNode, as: payload, field: "value", transform: payload == .scalar(.color) ? "ColorTransform" : nil)
            }
        }
    }
}
