import Foundation
import State

/// Reads a schema file: model types in Swift-like declarations, one member per line.
///
/// ```
/// root AssetLibrary
///
/// /// Anything a library holds.
/// protocol Asset {
///     name: String
///     created: Date
/// }
/// protocol FileAsset: Asset { url: URL }
///
/// struct ColorAsset: Asset {
///     color: Color
///     tags: [String] @dissolve
/// }
/// @version(3)
/// struct AssetLibrary {
///     name: String
///     domains: [String: AssetDomain]
/// }
/// enum Format: String { case caf, wav, mp3 = "mpeg3" }
/// enum Fill { case solid(Color), image(ImageAsset), none }
/// ```
///
/// Members: `[let] name: Type[?] [= default] [@attribute …]`. `let` marks an immutable field,
/// `?` an optional one, and `= value` (a JSON literal) the value a missing key means.
/// Attributes: `@transient`, `@dissolve`, `@transform(Name)`, `@immutable`; on a struct,
/// `@version(N)`. Comments are `//`; `///` comments document the next member or type.
public enum SchemaFileParser {
    /// Reads a schema file.
    public static func parse(contentsOf url: URL) throws -> Schema {
        let bytes = try FileBytes.read(url)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SchemaError("the schema file is not UTF-8 text", file: url.path)
        }
        return try parse(text, file: url.path)
    }

    /// Reads a schema from its text; errors name `file` with a line and column.
    public static func parse(_ text: String, file: String = "schema") throws -> Schema {
        var parser = Parser(file: file)
        try parser.run(Lexer.logicalLines(text, file: file))
        let schema = Schema(types: parser.types, root: parser.root)
        if let root = parser.root, schema[root] == nil {
            throw SchemaError("root type \(root) is not declared", file: file, line: parser.rootLine)
        }
        if let missing = schema.undefinedNames.first {
            throw SchemaError("type \(missing) is used but not declared", file: file, line: parser.firstUse[missing])
        }
        return schema
    }

    /// A statement of the file: its text (comments removed) and where it starts.
    struct Line {
        var text: String
        var line: Int
        var column: Int
        var documentation: String?
    }

    enum Lexer {
        /// Splits text into statements at newlines, `;`, after `{` and around `}` — outside
        /// strings and brackets — dropping comments and keeping `///` documentation.
        static func logicalLines(_ text: String, file: String) throws -> [Line] {
            var lines: [Line] = []
            var current = ""
            var start = (line: 1, column: 1)
            var line = 1
            var column = 1
            var depth = 0
            var inString = false
            var escaped = false
            var doc: [String] = []
            let chars = Array(text)
            var i = 0

            func flush() {
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty {
                    lines.append(Line(text: trimmed, line: start.line, column: start.column, documentation: doc.isEmpty ? nil : doc.joined(separator: "\n")))
                    doc = []
                }
                current = ""
                started = false
            }

            // Whether `current` has more than spaces: kept as a flag, since trimming the line
            // at every character made long lines quadratic.
            var started = false
            while i < chars.count {
                let c = chars[i]
                if !started, c != " ", c != "\t" {
                    start = (line, column)
                    started = true
                }
                if inString {
                    current.append(c)
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                    if c == "\n" { throw SchemaError("unterminated string", file: file, line: line, column: column) }
                } else if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    var end = i
                    while end < chars.count, chars[end] != "\n" { end += 1 }
                    let comment = String(chars[i..<end])
                    if comment.hasPrefix("///") {
                        doc.append(comment.dropFirst(3).trimmingCharacters(in: .whitespaces))
                    }
                    column += end - i
                    i = end
                    continue
                } else if c == "\"" {
                    inString = true
                    current.append(c)
                } else if c == "[" || c == "(" {
                    depth += 1
                    current.append(c)
                } else if c == "]" || c == ")" {
                    depth -= 1
                    current.append(c)
                } else if depth == 0 && (c == "\n" || c == ";") {
                    flush()
                } else if depth == 0 && c == "{" {
                    current.append(c)
                    flush()
                } else if depth == 0 && c == "}" {
                    flush()
                    start = (line, column)
                    current = "}"
                    let saved = doc
                    doc = []
                    flush()
                    doc = saved
                } else {
                    current.append(c)
                }
                if c == "\n" {
                    line += 1
                    column = 1
                    if depth > 0, !inString {
                        throw SchemaError("unclosed bracket", file: file, line: line - 1)
                    }
                } else {
                    column += 1
                }
                i += 1
            }
            if inString { throw SchemaError("unterminated string", file: file, line: line, column: column) }
            flush()
            return lines
        }
    }

    struct Parser {
        let file: String
        var types: [SchemaType] = []
        /// The names declared so far (a set: checking `types` made a long file quadratic).
        var declared: Set<String> = []
        var root: String?
        var rootLine: Int?
        var firstUse: [String: Int] = [:]

        enum Open { case structure(StructType), protocolType(ProtocolType), enumeration(EnumType) }
        var open: (Open, Line)?
        var pendingAttributes: [Attribute] = []
        /// A `///` comment above an attribute line (`@version(2)`) documents the declaration
        /// that follows it.
        var pendingDocumentation: String?

        struct Attribute {
            var name: String
            var argument: String?
        }

        func error(_ message: String, _ line: Line) -> SchemaError {
            SchemaError(message, file: file, line: line.line, column: line.column)
        }

        mutating func run(_ lines: [Line]) throws {
            for line in lines { try statement(line) }
            if let (_, line) = open { throw error("this declaration has no closing }", line) }
        }

        mutating func statement(_ line: Line) throws {
            var (text, attributes) = try Self.attributes(in: line.text, line: line, file: file)
            if text.isEmpty {
                pendingAttributes += attributes
                pendingDocumentation = pendingDocumentation ?? line.documentation
                return
            }
            if text == "}" {
                guard let (decl, _) = open else { throw error("} without a declaration to close", line) }
                switch decl {
                case .structure(let s): types.append(.structure(s))
                case .protocolType(let p): types.append(.protocolType(p))
                case .enumeration(let e): types.append(.enumeration(e))
                }
                open = nil
                return
            }
            if text.hasSuffix("{") {
                guard open == nil else { throw error("declarations cannot be nested; close the one above with }", line) }
                text = String(text.dropLast()).trimmingCharacters(in: .whitespaces)
                try declaration(text, attributes: pendingAttributes + attributes, documentation: pendingDocumentation ?? line.documentation, line: line)
                pendingAttributes = []
                pendingDocumentation = nil
                return
            }
            guard let (decl, _) = open else {
                let words = text.split(separator: " ", omittingEmptySubsequences: true)
                if words.count == 2, words[0] == "root" {
                    root = String(words[1])
                    rootLine = line.line
                    return
                }
                throw error("expected a declaration (struct, protocol, enum) or root, found \"\(text)\"", line)
            }
            // Two fields or cases of one name would be two properties of one name in Swift.
            switch decl {
            case .structure(var s):
                let new = try field(text, attributes: attributes, line: line)
                guard !s.fields.contains(where: { $0.name == new.name }) else { throw error("\(s.name) has two fields named \(new.name)", line) }
                s.fields.append(new)
                open = (.structure(s), open!.1)
            case .protocolType(var p):
                let new = try field(text, attributes: attributes, line: line)
                guard !p.fields.contains(where: { $0.name == new.name }) else { throw error("\(p.name) has two fields named \(new.name)", line) }
                p.fields.append(new)
                open = (.protocolType(p), open!.1)
            case .enumeration(var e):
                for new in try cases(text, enumType: e, line: line) {
                    guard !e.cases.contains(where: { $0.name == new.name }) else { throw error("\(e.name) has two cases named \(new.name)", line) }
                    e.cases.append(new)
                }
                open = (.enumeration(e), open!.1)
            }
        }

        mutating func declaration(_ text: String, attributes: [Attribute], documentation: String?, line: Line) throws {
            let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let head = (parts.first ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard head.count == 2 else { throw error("expected `struct Name`, `protocol Name` or `enum Name`", line) }
            let name = head[1]
            guard Self.isIdentifier(name) else { throw error("\"\(name)\" is not a type name", line) }
            guard declared.insert(name).inserted else { throw error("\(name) is declared twice", line) }
            let inherited = parts.count > 1 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            for parent in inherited where !Self.isIdentifier(parent) { throw error("\"\(parent)\" is not a type name", line) }
            for parent in inherited where firstUse[parent] == nil { firstUse[parent] = line.line }
            switch head[0] {
            case "struct":
                var version: Int?
                for attribute in attributes {
                    guard attribute.name == "version", let arg = attribute.argument, let v = Int(arg) else {
                        throw error("unknown struct attribute @\(attribute.name) (known: @version(N))", line)
                    }
                    version = v
                }
                open = (.structure(StructType(name: name, conformances: inherited, version: version, documentation: documentation)), line)
            case "protocol":
                open = (.protocolType(ProtocolType(name: name, parents: inherited, documentation: documentation)), line)
            case "enum":
                var rawType: FieldType.Scalar?
                if let raw = inherited.first {
                    guard inherited.count == 1, case .scalar(let s)? = FieldType.parse(raw)?.type, s == .string || s.integerRange != nil else {
                        throw error("an enum's raw type must be String or an integer type", line)
                    }
                    rawType = s
                }
                open = (.enumeration(EnumType(name: name, rawType: rawType, cases: [], documentation: documentation)), line)
            default:
                throw error("expected struct, protocol or enum, found \"\(head[0])\"", line)
            }
        }

        mutating func field(_ text: String, attributes: [Attribute], line: Line) throws -> Field {
            var text = text
            var immutable = false
            for keyword in ["let ", "var "] where text.hasPrefix(keyword) {
                immutable = keyword == "let "
                text = String(text.dropFirst(4)).trimmingCharacters(in: .whitespaces)
            }
            guard let colon = text.firstIndex(of: ":") else { throw error("expected `name: Type`", line) }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            guard Self.isIdentifier(name) else { throw error("\"\(name)\" is not a field name", line) }
            var typeText = String(text[text.index(after: colon)...])
            var defaultText: String?
            if let equals = Self.topLevel("=", in: typeText) {
                defaultText = typeText[typeText.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                typeText = String(typeText[..<equals])
            }
            guard let (type, optional) = FieldType.parse(typeText) else {
                throw error("\"\(typeText.trimmingCharacters(in: .whitespaces))\" is not a type", line)
            }
            noteUses(type, line)
            var field = Field(name: name, type: type, optional: optional, immutable: immutable, documentation: line.documentation)
            if let defaultText {
                field.defaultValue = try literal(defaultText, line: line)
                field.defaultWhenMissing = true
            }
            if type == .scalar(.color) { field.transform = "ColorTransform" }
            for attribute in attributes {
                switch (attribute.name, attribute.argument) {
                case ("transient", nil): field.transient = true
                case ("immutable", nil): field.immutable = true
                case ("dissolve", nil):
                    field.dissolve = true
                    field.transform = "DissolverTransform"
                case ("transform", let name?): field.transform = name
                default:
                    throw error(
                        "unknown field attribute @\(attribute.name)\(attribute.argument.map { "(\($0))" } ?? "") (known: @transient, @immutable, @dissolve, @transform(Name))", line
                    )
                }
            }
            return field
        }

        mutating func cases(_ text: String, enumType: EnumType, line: Line) throws -> [EnumType.Case] {
            guard text.hasPrefix("case ") else { throw error("expected `case name` in enum \(enumType.name)", line) }
            var result: [EnumType.Case] = []
            for part in Self.splitTopLevel(String(text.dropFirst(5)), on: ",") {
                var item = part.trimmingCharacters(in: .whitespaces)
                var rawValue: PlistValue?
                var payload: FieldType?
                if let equals = Self.topLevel("=", in: item) {
                    guard enumType.rawType != nil else { throw error("\(enumType.name) has no raw type; declare `enum \(enumType.name): String`", line) }
                    rawValue = try literal(item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces), line: line)
                    item = item[..<equals].trimmingCharacters(in: .whitespaces)
                }
                if let open = item.firstIndex(of: "("), item.hasSuffix(")") {
                    let inner = String(item[item.index(after: open)..<item.index(before: item.endIndex)])
                    guard let parsed = FieldType.parse(inner) else { throw error("\"\(inner)\" is not a type", line) }
                    guard enumType.rawType == nil else { throw error("a raw-value enum cannot have associated values", line) }
                    payload = parsed.type
                    noteUses(parsed.type, line)
                    item = item[..<open].trimmingCharacters(in: .whitespaces)
                }
                guard Self.isIdentifier(item) else { throw error("\"\(item)\" is not a case name", line) }
                if let raw = enumType.rawType, rawValue == nil {
                    rawValue = raw == .string ? .string(item) : nil
                    if rawValue == nil { throw error("case \(item) needs a raw value (= number)", line) }
                }
                if let rawValue, let raw = enumType.rawType {
                    let ok = raw == .string ? rawValue.stringValue != nil : rawValue.integerValue != nil
                    guard ok else { throw error("case \(item)'s raw value must be a \(raw.rawValue)", line) }
                }
                result.append(.init(name: item, rawValue: rawValue, payload: payload))
            }
            return result
        }

        mutating func noteUses(_ type: FieldType, _ line: Line) {
            switch type {
            case .named(let n): if firstUse[n] == nil { firstUse[n] = line.line }
            case .array(let e), .dictionary(let e), .set(let e): noteUses(e, line)
            case .scalar: break
            }
        }

        func literal(_ text: String, line: Line) throws -> PlistValue {
            let json = text == "[:]" ? "{}" : text
            do {
                return try PlistValue(parsing: Array(json.utf8))
            } catch {
                throw self.error("default value \(text) is not a literal (a number, \"string\", true, false, [..], [:])", line)
            }
        }

        // MARK: - Small lexical helpers

        /// Removes `@name` and `@name(argument)` attributes from a statement.
        static func attributes(in text: String, line: Line, file: String) throws -> (String, [Attribute]) {
            var rest = ""
            var attributes: [Attribute] = []
            var i = text.startIndex
            var inString = false
            while i < text.endIndex {
                let c = text[i]
                if c == "\"" { inString.toggle() }
                if c == "@", !inString {
                    var j = text.index(after: i)
                    while j < text.endIndex, text[j].isLetter || text[j].isNumber || text[j] == "_" { j = text.index(after: j) }
                    let name = String(text[text.index(after: i)..<j])
                    guard !name.isEmpty else { throw SchemaError("@ without an attribute name", file: file, line: line.line, column: line.column) }
                    var argument: String?
                    if j < text.endIndex, text[j] == "(" {
                        guard let close = text[j...].firstIndex(of: ")") else {
                            throw SchemaError("@\(name)( is not closed", file: file, line: line.line, column: line.column)
                        }
                        argument = text[text.index(after: j)..<close].trimmingCharacters(in: .whitespaces)
                        j = text.index(after: close)
                    }
                    attributes.append(Attribute(name: name, argument: argument))
                    i = j
                    continue
                }
                rest.append(c)
                i = text.index(after: i)
            }
            return (rest.trimmingCharacters(in: .whitespaces), attributes)
        }

        /// A name: a letter or `_`, then letters, digits, `_` and combining marks. A mark never
        /// starts one (`isAlphabetic` says yes to many): after a space it would join the space
        /// into one character, and `case ◌̺x` would not read back (found by FuzzSchemaFile).
        static func isIdentifier(_ s: String) -> Bool {
            guard let first = s.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
            return s.unicodeScalars.allSatisfy { scalar in
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
                default: return scalar == "_" || isLetter(scalar)
                }
            }
        }

        static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber: true
            default: false
            }
        }

        /// The first `character` outside brackets and strings.
        static func topLevel<S: StringProtocol>(_ character: Character, in text: S) -> S.Index? {
            var depth = 0
            var inString = false
            for i in text.indices {
                let c = text[i]
                if c == "\"" { inString.toggle() }
                if inString { continue }
                if c == "[" || c == "(" || c == "<" { depth += 1 }
                if c == "]" || c == ")" || c == ">" { depth -= 1 }
                if c == character, depth == 0 { return i }
            }
            return nil
        }

        static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
            var parts: [String] = []
            var rest = Substring(text)
            while let i = topLevel(separator, in: rest) {
                parts.append(String(rest[..<i]))
                rest = rest[rest.index(after: i)...]
            }
            parts.append(String(rest))
            return parts
        }
    }
}
