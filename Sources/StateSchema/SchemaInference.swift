import Foundation
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
    /// Guesses roles for the nodes down to `depthLimit` (the root is depth 0), and of each
    /// container's children the first `widthLimit`; other nodes get none. The browser uses a
    /// shallow, narrow pass to draw its first screen at once (a keyed archive's graph holds a
    /// list of 100 000 objects one level down), and the whole pass after it. A node's guess
    /// depends on its own subtree and what its parent passes down, so a narrow pass guesses
    /// the nodes it visits as a wide pass to the same depth does.
    public static func annotate(_ tree: SourceTree, depthLimit: Int = .max, widthLimit: Int = .max) -> TypedDocument {
        var roles = RoleTable(nodeCount: tree.nodes.count, sparse: depthLimit != .max || widthLimit != .max)
        let context = Context(tree: tree, tagKeys: TagEvidence.tagKeys(of: tree, depth: depthLimit), widthLimit: widthLimit)
        var keys = KeyCache(tree, size: tree.nodes.count)
        context.visit(SourceTree.root, field: nil, modelName: nil, depth: depthLimit, into: &roles, keys: &keys)
        return TypedDocument(schema: Schema(), rootType: nil, roles: roles, diagnostics: [])
    }

    static func isTypeName(_ s: String) -> Bool { isIdentifier(s, uppercaseFirst: true) }

    static func isCaseName(_ s: String) -> Bool { isIdentifier(s, uppercaseFirst: false) }

    /// A letter of the given case, then letters, digits and underscores. ASCII (nearly every
    /// key and tag) is checked byte by byte: Unicode properties cost a table lookup per
    /// character, which a printer asking for every dictionary of a large file feels.
    private static func isIdentifier(_ s: String, uppercaseFirst: Bool) -> Bool {
        var s = s
        if let ascii = s.withUTF8({ utf8 -> Bool? in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            guard let first = utf8.first else { return false }
            guard uppercaseFirst ? (0x41...0x5A).contains(first) : (0x61...0x7A).contains(first) else { return false }
            return utf8.allSatisfy { $0 == 0x5F || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }) {
            return ascii
        }
        guard let first = s.unicodeScalars.first, uppercaseFirst ? first.properties.isUppercase : first.properties.isLowercase else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// What inference decides at one node: its role, and what its children are visited with.
    /// A node's guess depends only on its own subtree and on what its parent passes down (the
    /// field name, a model name for like items), so the same step serves the whole-document
    /// pass and `LazyInference`, which guesses as a printer walks.
    struct Step {
        var role: NodeRole
        /// What the node's children are visited with.
        var rules: ChildRules
        /// How a color role's value spells its color, and the color when guessing read it.
        var color: ColorSpelling.Detected?

        init(role: NodeRole, tagKey: String? = nil, hasVersion: Bool = false, elementName: String? = nil, color: ColorSpelling.Detected? = nil) {
            self.role = role
            rules = ChildRules(tagKey: tagKey, hasVersion: hasVersion, elementName: elementName)
            self.color = color
        }

        var tagKey: String? {
            get { rules.tagKey }
            set { rules.tagKey = newValue }
        }
    }

    /// What a step says of its node's children (kept apart from the node's own role, so that
    /// a walk keeps only this for each container on its path).
    struct ChildRules {
        /// The child key that holds a type tag (a conformer's protocol key, an enum's name).
        var tagKey: String?
        /// Whether a `model_version` child is the model's version.
        var hasVersion = false
        /// The model name given to the items of an array of like dictionaries.
        var elementName: String?

        /// The role of a child with `key` that the step fixes (a tag, a version), or nil when
        /// the child is guessed on its own.
        func fixedRole(ofChildWithKey key: String?) -> NodeRole? {
            guard let key else { return nil }
            if key == tagKey { return NodeRole(.typeTag, field: key, inferred: true) }
            if hasVersion, key == "model_version" { return NodeRole(.version, field: key, inferred: true) }
            return nil
        }

        /// What a child is visited with: its field (the key; none for array items) and model name.
        func childContext(key: String?, isArray: Bool) -> (field: String?, modelName: String?) {
            isArray ? (nil, elementName) : (key, nil)
        }
    }

    struct Context {
        let tree: SourceTree
        /// The keys that hold type tags in this document.
        let tagKeys: Set<String>
        /// The same keys, listed, with their UTF-8 (compared with the file's bytes).
        private let tagKeyList: [String]
        private let tagKeyBytes: [[UInt8]]
        /// How many children of each container are visited.
        let widthLimit: Int

        init(tree: SourceTree, tagKeys: Set<String>, widthLimit: Int = .max) {
            self.tree = tree
            self.tagKeys = tagKeys
            self.widthLimit = widthLimit
            tagKeyList = tagKeys.sorted()
            tagKeyBytes = tagKeyList.map { Array($0.utf8) }
        }

        /// `depth` is how many more levels below `node` to visit.
        func visit(_ node: Int, field: String?, modelName: String?, depth: Int, into roles: inout RoleTable, keys: inout KeyCache) {
            guard depth >= 0 else { return }
            let step = self.step(node, field: field, modelName: modelName)
            roles.set(step.role, at: node)
            guard tree[node].kind.isContainer else { return }
            let isArray = tree[node].kind == .array
            for c in tree.children(of: node).prefix(widthLimit) {
                let key = isArray ? nil : keys.key(of: c, in: tree)
                if let fixed = step.rules.fixedRole(ofChildWithKey: key) {
                    roles.set(fixed, at: c)
                } else {
                    let context = step.rules.childContext(key: key, isArray: isArray)
                    visit(c, field: context.field, modelName: context.modelName, depth: depth - 1, into: &roles, keys: &keys)
                }
            }
        }

        /// The guess for `node` alone.
        func step(_ node: Int, field: String?, modelName: String?) -> Step {
            switch tree[node].kind {
            case .dictionary: return dictionaryStep(node, field: field, modelName: modelName)
            case .array:
                let elementName = likeDictionaries(node) ? SchemaInference.modelName(forArrayKey: field) : nil
                return Step(role: NodeRole(.value(.array(elementName.map { .named($0) } ?? .scalar(.any))), field: field, inferred: true), elementName: elementName)
            case .string:
                // `#FF8000` (themes, VS Code): a color, guessed from its spelling.
                if let spelling = ColorSpelling.detect(node, in: tree), case .hex = spelling {
                    return Step(role: NodeRole(.color, field: field, inferred: true), color: ColorSpelling.Detected(spelling: spelling, color: nil))
                }
                return Step(role: NodeRole(.value(.scalar(.string)), field: field, inferred: true))
            case .data:
                // An archived NSColor in data (Terminal.app profiles).
                if let spelling = ColorSpelling.detect(node, in: tree), case .archivedColor = spelling {
                    return Step(role: NodeRole(.color, field: field, inferred: true), color: ColorSpelling.Detected(spelling: spelling, color: nil))
                }
                return Step(role: NodeRole(.value(.scalar(.data)), field: field, inferred: true))
            case .integer where tree[node].isWideNumber, .real where tree[node].isWideNumber:
                // A JSON number past 64 bits reads as the nearest Double.
                return Step(role: NodeRole(.value(.scalar(.double)), field: field, inferred: true))
            case .integer: return Step(role: NodeRole(.value(.scalar(.int)), field: field, inferred: true))
            case .real: return Step(role: NodeRole(.value(.scalar(.double)), field: field, inferred: true))
            case .trueValue, .falseValue: return Step(role: NodeRole(.value(.scalar(.bool)), field: field, inferred: true))
            case .date: return Step(role: NodeRole(.value(.scalar(.date)), field: field, inferred: true))
            case .uid, .null: return Step(role: NodeRole(.value(.scalar(.any)), field: field, inferred: true))
            }
        }

        private func dictionaryStep(_ node: Int, field: String?, modelName: String?) -> Step {
            let count = Int(tree[node].count)
            // One pass over the keys, as bytes where the file spells them plainly: whether the
            // dictionary may be a color (a key every color spelling has, or one not plain), the
            // last `model_type_key`, and the keys that hold tags in this document, each once in
            // the order first met, with its last member (the one readers keep).
            var mayBeColor = false
            var legacyChild: Int?
            var tags = TagMembers()
            tree.bytes.withUnsafeBufferPointer { buffer in
                for c in tree.children(of: node) {
                    let range = tree.plainKeyRange(of: c, in: buffer)
                    if let range {
                        let key = UnsafeBufferPointer(rebasing: buffer[range])
                        if !mayBeColor, count <= 6, ColorSpelling.isColorKey(key) { mayBeColor = true }
                        // Non-ASCII keys as strings: canonically equal spellings are one key there.
                        if !key.contains(where: { $0 >= 0x80 }) {
                            if Self.legacyTagKey.withUnsafeBufferPointer({ bytesEqual(key, $0) }) {
                                legacyChild = c
                            } else if count > 1, let tag = tagKeyBytes.firstIndex(where: { wanted in wanted.withUnsafeBufferPointer { bytesEqual(key, $0) } }) {
                                tags.note(tagKeyList[tag], at: c)
                            }
                            continue
                        }
                    } else {
                        mayBeColor = true
                    }
                    if let key = tree.key(of: c) {
                        if key == "model_type_key" {
                            legacyChild = c
                        } else if count > 1, tagKeys.contains(key) {
                            tags.note(key, at: c)
                        }
                    }
                }
            }
            if mayBeColor, count <= 6, let detected = ColorSpelling.detectReading(dictionaryWithColorKey: node, in: tree) {
                // State's colors, and iTerm2's, asset catalogs' and 0…255 ones by their shape.
                return Step(role: NodeRole(.color, field: field, transform: detected.spelling == .unitDictionary ? "ColorTransform" : nil, inferred: true), color: detected)
            }
            // Keys are read only for small dictionaries: the enum shapes have one or two, and a
            // tag is looked up by name below.
            if count <= 2, let enumStep = enumStep(node, field: field) { return enumStep }
            var step = Step(role: NodeRole(modelName.map { .model($0) } ?? .value(.dictionary(.scalar(.any))), field: field, inferred: true), hasVersion: true)
            if let legacyChild, tree[legacyChild].kind == .string, let legacy = tree.scalar(at: legacyChild).stringValue, isTypeName(legacy) {
                step.role.kind = .conformer(legacy, protocolName: "?")
                step.tagKey = "model_type_key"
            } else {
                // The first tag member naming a type, by the value of its last member. A loop,
                // not a lazy sequence: a closure would copy the context.
                for i in 0..<tags.count {
                    let (key, child) = tags[i]
                    guard tree[child].kind == .string, let type = tree.scalar(at: child).stringValue, isTypeName(type), type != key else { continue }
                    step.role.kind = .conformer(type, protocolName: key)
                    step.tagKey = key
                    break
                }
            }
            return step
        }

        /// `{ "value": x }`, `{ "Name": "case" }` or `{ "Name": "case", "value": x }`: an enum
        /// value (raw, or a case with or without an associated value); nil for anything else.
        private func enumStep(_ node: Int, field: String?) -> Step? {
            // Every key of those shapes is `value` or a type name: a plain ASCII key that is
            // neither (`width`, `height`) rules the dictionary out before any key is decoded,
            // and a plain `value` alone is a raw value (no key names a type).
            var plainValues = 0
            let ruledOut = tree.bytes.withUnsafeBufferPointer { buffer in
                tree.children(of: node).contains { c in
                    guard let range = tree.plainKeyRange(of: c, in: buffer), let first = range.first.map({ buffer[$0] }), first < 0x80, !(0x41...0x5A).contains(first) else {
                        return false
                    }
                    let key = UnsafeBufferPointer(rebasing: buffer[range])
                    guard key.count == 5, key[0] == 0x76, key[1] == 0x61, key[2] == 0x6C, key[3] == 0x75, key[4] == 0x65 else { return true }  // not "value"
                    plainValues += 1
                    return false
                }
            }
            if ruledOut { return nil }
            if plainValues == 1, tree[node].count == 1 {
                return Step(role: NodeRole(.enumValue("raw value", caseName: nil), field: field, inferred: true), tagKey: nil)
            }
            let keys = tree.children(of: node).compactMap { tree.key(of: $0) }
            let onlyValue = keys.count == 1 && keys[0] == "value"
            guard onlyValue || (keys.count <= 2 && keys.contains("value") && keys.contains(where: isTypeName)) || (keys.count == 1 && isTypeName(keys[0])) else {
                return nil
            }
            let enumKey = keys.first(where: isTypeName)
            let caseName = enumKey.flatMap { string($0, in: node) }
            guard onlyValue || caseName.map(isCaseName) == true else { return nil }
            return Step(role: NodeRole(.enumValue(enumKey ?? "raw value", caseName: caseName), field: field, inferred: true), tagKey: enumKey)
        }

        /// The members of a dictionary whose keys hold tags: each key once, in the order first
        /// met, with the last member that has it. Nearly always none or one, kept without an
        /// array then (this is made for every dictionary of a file being printed).
        private struct TagMembers {
            private var first: (key: String, child: Int)?
            private var more: [(key: String, child: Int)] = []

            var count: Int { first == nil ? 0 : 1 + more.count }

            subscript(i: Int) -> (key: String, child: Int) { i == 0 ? first! : more[i - 1] }

            mutating func note(_ key: String, at child: Int) {
                if first == nil {
                    first = (key, child)
                } else if first!.key == key {
                    first!.child = child
                } else if let i = more.firstIndex(where: { $0.key == key }) {
                    more[i].child = child
                } else {
                    more.append((key, child))
                }
            }
        }

        private static let legacyTagKey = Array("model_type_key".utf8)

        /// The string under `key` in dictionary `node` (the last one, as readers keep).
        private func string(_ key: String, in node: Int) -> String? {
            tree.child(of: node, key: key).flatMap { tree[$0].kind == .string ? tree.scalar(at: $0).stringValue : nil }
        }

        /// Whether `node` (an array) holds two or more dictionaries with the same keys. Keys in
        /// the same order and spelling are compared as bytes; anything else as sets of strings.
        private func likeDictionaries(_ node: Int) -> Bool {
            let children = tree.children(of: node)
            guard tree[node].count >= 2 else { return false }
            var iterator = children.makeIterator()
            guard let first = iterator.next(), tree[first].kind == .dictionary, tree[first].count > 0 else { return false }
            return tree.bytes.withUnsafeBufferPointer { buffer in
                let firstKeys = tree.children(of: first).map { tree.plainKeyRange(of: $0, in: buffer) }
                var firstSet: Set<String>?
                while let item = iterator.next() {
                    guard tree[item].kind == .dictionary else { return false }
                    if tree[item].count == tree[first].count, !firstKeys.contains(nil) {
                        var same = true
                        for (i, c) in tree.children(of: item).enumerated() {
                            guard let a = firstKeys[i], let b = tree.plainKeyRange(of: c, in: buffer), a.count == b.count,
                                a.count == 0 || memcmp(buffer.baseAddress! + a.lowerBound, buffer.baseAddress! + b.lowerBound, a.count) == 0
                            else {
                                same = false
                                break
                            }
                        }
                        if same { continue }
                    }
                    if firstSet == nil { firstSet = Set(tree.children(of: first).compactMap { tree.key(of: $0) }) }
                    guard Set(tree.children(of: item).compactMap { tree.key(of: $0) }) == firstSet else { return false }
                }
                return true
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
