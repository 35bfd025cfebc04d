import State

/// Reads the XML of an Xcode model's `contents` into elements and attributes — all the loader
/// needs — without Foundation's `XMLParser`, which crashed on inputs fuzzing found (a
/// processing instruction with no data, elements nested tens of thousands deep) and whose
/// errors carry no useful location.
///
/// Not a validating parser: the XML declaration, processing instructions, comments, CDATA,
/// a DOCTYPE and text are skipped; elements must nest and close properly; attribute values are
/// decoded (the five named entities and character references). It is iterative, and refuses
/// nesting deeper than `maxDepth` (Xcode writes five levels), so no input can exhaust the stack.
struct ModelXMLReader {
    /// One element: its name, attributes, child elements, and the line its start tag is on.
    struct Element {
        var name: String
        var attributes: [String: String]
        var children: [Element] = []
        var line: Int

        func attribute(_ key: String) -> String? { attributes[key] }
        func flag(_ key: String) -> Bool { attributes[key] == "YES" }
        func children(_ name: String) -> [Element] { children.filter { $0.name == name } }

        /// The `userInfo` entries.
        var userInfo: [String: String] {
            var info: [String: String] = [:]
            for group in children("userInfo") {
                for entry in group.children("entry") {
                    if let key = entry.attribute("key") { info[key] = entry.attribute("value") ?? "" }
                }
            }
            return info
        }
    }

    static let maxDepth = 64

    let bytes: [UInt8]
    let file: String
    private var position = 0
    private var line = 1
    private var lineStart = 0

    /// The document's root element.
    static func root(of bytes: [UInt8], file: String) throws -> Element {
        if let offset = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) {
            var reader = ModelXMLReader(bytes: bytes, file: file)
            reader.advance(to: offset)
            throw reader.error("not a data model: the text is not UTF-8 (byte 0x\(String(bytes[offset], radix: 16)))")
        }
        // XML allows no control characters but tab, LF and CR, raw or as references.
        if let offset = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            var reader = ModelXMLReader(bytes: bytes, file: file)
            reader.advance(to: offset)
            throw reader.error("not a data model: control character 0x\(String(bytes[offset], radix: 16)) (XML allows none but tab, LF and CR)")
        }
        var reader = ModelXMLReader(bytes: bytes, file: file)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func document() throws -> Element {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var stack: [Element] = []
        var root: Element?
        while position < bytes.count {
            let c = bytes[position]
            guard c == UInt8(ascii: "<") else {
                if !stack.isEmpty || isSpace(c) {
                    advance(to: position + 1)
                    continue
                }
                throw error("not a data model: text outside the root element")
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                try skip(past: "]]>", what: "CDATA section")
            } else if starts(with: "<!") {
                try skipDeclaration()
            } else if starts(with: "</") {
                let closeLine = line
                advance(to: position + 2)
                let name = try self.name()
                skipSpaces()
                try expect(">")
                guard let open = stack.popLast() else { throw error("not a data model: </\(name)> closes nothing", line: closeLine) }
                guard open.name == name else { throw error("not a data model: </\(name)> closes <\(open.name)> from line \(open.line)", line: closeLine) }
                if stack.isEmpty {
                    root = open
                } else {
                    stack[stack.count - 1].children.append(open)
                }
            } else {
                guard root == nil else { throw error("not a data model: a second root element") }
                let (element, closed) = try startTag()
                if closed {
                    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
                } else {
                    guard stack.count < Self.maxDepth else {
                        throw error("not a data model: elements nested deeper than \(Self.maxDepth) levels (Xcode writes five)")
                    }
                    stack.append(element)
                }
            }
        }
        if let open = stack.last { throw error("not a data model: <\(open.name)> from line \(open.line) is not closed") }
        guard let root else { throw error("not a data model: no root element") }
        return root
    }

    /// `<name attr="value" …>` or `…/>`; the element, and whether it closed itself.
    private mutating func startTag() throws -> (Element, Bool) {
        let tagLine = line
        advance(to: position + 1)
        var element = Element(name: try name(), attributes: [:], line: tagLine)
        while true {
            skipSpaces()
            guard position < bytes.count else { throw error("not a data model: <\(element.name)> is cut off") }
            if starts(with: "/>") {
                advance(to: position + 2)
                return (element, true)
            }
            if bytes[position] == UInt8(ascii: ">") {
                advance(to: position + 1)
                return (element, false)
            }
            let key = try name()
            skipSpaces()
            try expect("=")
            skipSpaces()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("not a data model: the value of \(key) is not quoted")
            }
            let quote = bytes[position]
            let start = position + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { throw error("not a data model: the value of \(key) is not closed") }
            let value = try decoded(start, end)
            advance(to: end + 1)
            guard element.attributes.updateValue(value, forKey: key) == nil else { throw error("not a data model: attribute \(key) appears twice") }
        }
    }

    /// An element or attribute name.
    private mutating func name() throws -> String {
        let start = position
        while position < bytes.count, !isSpace(bytes[position]), !"/>=<\"'".utf8.contains(bytes[position]) { position += 1 }
        guard position > start else { throw error("not a data model: a name is expected") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Attribute text with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and `&#…;` decoded.
    private func decoded(_ start: Int, _ end: Int) throws -> String {
        guard bytes[start..<end].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var out: [UInt8] = []
        var i = start
        while i < end {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            guard let semicolon = bytes[i..<end].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 12 else { throw error("not a data model: an unfinished entity") }
            let entity = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            if let text = named[entity] {
                out += Array(text.utf8)
            } else if entity.hasPrefix("#"), let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                let scalar = Unicode.Scalar(code), code >= 0x20 || code == 0x09 || code == 0x0A || code == 0x0D
            {
                out += Array(String(scalar).utf8)
            } else {
                throw error("not a data model: unknown entity &\(entity);")
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    private mutating func skipDeclaration() throws {
        var depth = 0
        var i = position + 2
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                advance(to: i + 1)
                return
            default: break
            }
            i += 1
        }
        throw error("not a data model: a declaration (<!…>) is not closed")
    }

    private mutating func skip(past end: String, what: String) throws {
        let terminator = Array(end.utf8)
        var i = position + 2
        while i + terminator.count <= bytes.count {
            if bytes[i] == terminator[0], bytes[i..<(i + terminator.count)].elementsEqual(terminator) {
                advance(to: i + terminator.count)
                return
            }
            i += 1
        }
        throw error("not a data model: a \(what) is not closed")
    }

    private mutating func expect(_ character: Character) throws {
        guard position < bytes.count, bytes[position] == character.asciiValue! else { throw error("not a data model: \"\(character)\" expected") }
        advance(to: position + 1)
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[position..<(position + count)].elementsEqual($0) }
    }

    private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private mutating func skipSpaces() {
        var i = position
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        advance(to: i)
    }

    /// Moves to `target`, counting the lines passed.
    private mutating func advance(to target: Int) {
        while position < target {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
    }

    private func error(_ message: String, line: Int? = nil) -> SchemaError {
        SchemaError(message, file: file, line: line ?? self.line, column: line == nil ? position - lineStart + 1 : nil)
    }
}
