import State

/// Guesses what the nodes of a document are when there is no schema, from their shape alone;
/// every role it gives is marked `inferred`.
///
/// - a value in a color spelling is a color (`ColorSpelling`): `red`, `green`, `blue`, `alpha`
///   in 0…1 (or 0…255 whole numbers), iTerm2's `Red Component`…, an asset catalog's
///   `color-space` + `components`, a `#RRGGBB`-style string;
/// - a dictionary with a key naming a type (`"Asset": "ColorAsset"`, both capitalized
///   identifiers) among other keys is a protocol value — but only on strong evidence from the
///   whole document (`TagEvidence`): the same key names at least two different types in
///   dictionaries whose key sets differ with the type, as conformers' fields do. An app's
///   `"CFBundlePackageType": "APPL"` or `"CFBundleTypeRole": "Editor"` is a string.
///   (`model_type_key` names a conformer of an unknown protocol);
/// - `{ "Name": "case" }` (optionally with `"value"`) is an enum case, and `{ "value": x }` a
///   raw-value enum;
/// - an array of two or more dictionaries with the same keys is an array of like models, named
///   after the array's key (`employees` → `Employee`) when the key reads as a name — never
///   after a UUID, a path, a number or free text.
public enum SchemaInference {
    /// Guesses roles for the nodes down to `depthLimit` (the root is depth 0); deeper nodes get
    /// none. The browser uses a shallow pass to draw its first screen at once.
    public static func annotate(_ tree: SourceTree, depthLimit: Int = .max) -> TypedDocument {
        var roles = RoleTable(nodeCount: tree.nodes.count)
        var evidence = TagEvidence()
        evidence.collect(SourceTree.root, in: tree, depth: depthLimit)
        let context = Context(tree: tree, tagKeys: evidence.tagKeys)
        context.visit(SourceTree.root, field: nil, modelName: nil, depth: depthLimit, into: &roles)
        return TypedDocument(tree: tree, schema: Schema(), rootType: nil, roles: roles, diagnostics: [])
    }

    static func isTypeName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isUppercase else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    static func isCaseName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isLowercase else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    struct Context {
        let tree: SourceTree
        /// The keys that hold type tags in this document.
        let tagKeys: Set<String>

        /// `depth` is how many more levels below `node` to visit.
        func visit(_ node: Int, field: String?, modelName: String?, depth: Int, into roles: inout RoleTable) {
            guard depth >= 0 else { return }
            let kind = tree[node].kind
            if kind == .dictionary {
                let children = Array(tree.children(of: node))
                let keys = children.compactMap { tree.key(of: $0) }
                func string(_ key: String) -> String? {
                    tree.child(of: node, key: key).flatMap { tree[$0].kind == .string ? tree.scalar(at: $0).stringValue : nil }
                }
                if let spelling = ColorSpelling.detect(node, in: tree) {
                    // State's colors, and iTerm2's, asset catalogs' and 0…255 ones by their shape.
                    roles[node] = NodeRole(.color, field: field, transform: spelling == .unitDictionary ? "ColorTransform" : nil, inferred: true)
                    for c in children { visit(c, field: tree.key(of: c), modelName: nil, depth: depth - 1, into: &roles) }
                    return
                }
                if keys == ["value"] || (keys.count <= 2 && keys.contains("value") && keys.contains(where: isTypeName)) || (keys.count == 1 && isTypeName(keys[0])) {
                    let enumKey = keys.first(where: isTypeName)
                    let caseName = enumKey.flatMap(string)
                    if keys == ["value"] || caseName.map(isCaseName) == true {
                        roles[node] = NodeRole(.enumValue(enumKey ?? "raw value", caseName: caseName), field: field, inferred: true)
                        for c in children {
                            let key = tree.key(of: c)
                            if key == enumKey {
                                roles[c] = NodeRole(.typeTag, field: key, inferred: true)
                            } else {
                                visit(c, field: key, modelName: nil, depth: depth - 1, into: &roles)
                            }
                        }
                        return
                    }
                }
                var role = NodeRole(modelName.map { .model($0) } ?? .value(.dictionary(.scalar(.any))), field: field, inferred: true)
                var tagKey: String?
                if let legacy = string("model_type_key"), isTypeName(legacy) {
                    role.kind = .conformer(legacy, protocolName: "?")
                    tagKey = "model_type_key"
                } else if keys.count > 1, let key = keys.first(where: { k in tagKeys.contains(k) && string(k).map { isTypeName($0) && $0 != k } == true }) {
                    role.kind = .conformer(string(key)!, protocolName: key)
                    tagKey = key
                }
                roles[node] = role
                for c in children {
                    let key = tree.key(of: c)
                    if key == tagKey {
                        roles[c] = NodeRole(.typeTag, field: key, inferred: true)
                    } else if key == "model_version" {
                        roles[c] = NodeRole(.version, field: key, inferred: true)
                    } else {
                        visit(c, field: key, modelName: nil, depth: depth - 1, into: &roles)
                    }
                }
            } else if kind == .array {
                let children = Array(tree.children(of: node))
                var elementName: String?
                if children.count >= 2, children.allSatisfy({ tree[$0].kind == .dictionary }) {
                    let first = Set(tree.children(of: children[0]).compactMap { tree.key(of: $0) })
                    if !first.isEmpty, children.dropFirst().allSatisfy({ Set(tree.children(of: $0).compactMap { tree.key(of: $0) }) == first }) {
                        elementName = SchemaInference.modelName(forArrayKey: field)
                    }
                }
                roles[node] = NodeRole(.value(.array(elementName.map { .named($0) } ?? .scalar(.any))), field: field, inferred: true)
                for c in children { visit(c, field: nil, modelName: elementName, depth: depth - 1, into: &roles) }
            } else if kind == .string, case .hex? = ColorSpelling.detect(node, in: tree) {
                // `#FF8000` (themes, VS Code): a color, guessed from its spelling.
                roles[node] = NodeRole(.color, field: field, inferred: true)
            } else if kind == .data, case .archivedColor? = ColorSpelling.detect(node, in: tree) {
                // An archived NSColor in data (Terminal.app profiles).
                roles[node] = NodeRole(.color, field: field, inferred: true)
            } else {
                let value = tree.scalar(at: node)
                let scalar: FieldType.Scalar =
                    switch value {
                    case .string: .string
                    case .integer: .int
                    case .real: .double
                    case .bool: .bool
                    case .date: .date
                    case .data: .data
                    default: .any
                    }
                roles[node] = NodeRole(.value(.scalar(scalar)), field: field, inferred: true)
            }
        }
    }

    /// `employees` → `Employee`, `t_arr` → `T_arr`, nil → `Item`; nil for a key that does not
    /// read as a name (a UUID, a path, a number, words with spaces).
    static func modelName(forArrayKey key: String?) -> String? {
        guard var name = key, !name.isEmpty else { return "Item" }
        guard looksLikeName(name) else { return nil }
        if name.hasSuffix("ies"), name.count > 3 {
            name = String(name.dropLast(3)) + "y"
        } else if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 {
            name = String(name.dropLast())
        }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// An identifier a person would name a type after: a letter, then letters, digits and
    /// underscores; not a UUID or a long hexadecimal or numeric run.
    package static func looksLikeName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        guard s.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) }) else { return false }
        // Hex blobs and identifiers that are mostly digits are data, not names.
        let digits = s.unicodeScalars.filter { $0.properties.numericType != nil }.count
        let hexOnly = s.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
        return !(hexOnly && s.count >= 8) && digits * 2 < s.count
    }
}
