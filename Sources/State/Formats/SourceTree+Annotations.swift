import Foundation

extension SourceTree {
    /// The `/* … */` comment Xcode writes after an object id in an OpenStep file — after a key
    /// (`1D81… /* AppDelegate.swift in Sources */ = {…}`) or after a value
    /// (`fileRef = C3D4… /* AppDelegate.swift */;`): the name of what the id refers to. Nil in
    /// other formats and where there is none.
    public func annotation(of index: Int) -> String? {
        guard format == .openStep else { return nil }
        let node = nodes[index]
        if node.hasKey, let found = comment(after: OpenStepWriter.stringTokenEnd(at: Int(node.keyStart), in: bytes), before: UInt8(ascii: "=")) {
            return found.text
        }
        return valueAnnotation(of: index)?.text
    }

    /// The annotation after a string value (`fileRef = C3D4… /* AppDelegate.swift */;`, an
    /// item of `files = ( … )`) and the offset just past its `*/`: what an edit of the id
    /// writes again (see `SourceEditor`). Nil in other formats, for other nodes and where
    /// there is none.
    package func valueAnnotation(of index: Int) -> (text: String, end: Int)? {
        guard format == .openStep, nodes[index].kind == .string else { return nil }
        return comment(after: Int(nodes[index].end), before: nil)
    }

    /// A block comment that starts after spaces at `offset` and is followed (after spaces) by
    /// `terminator`, or by `;`, `,` or `)` when nil: its text, and the offset past its `*/`.
    private func comment(after offset: Int, before terminator: UInt8?) -> (text: String, end: Int)? {
        var i = offset
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "*") else { return nil }
        let start = i + 2
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
            if bytes[end] == 0x0A { return nil }  // one-line annotations only
            end += 1
        }
        guard end + 1 < bytes.count else { return nil }
        var after = end + 2
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        guard after < bytes.count else { return nil }
        let next = bytes[after]
        if let terminator {
            guard next == terminator else { return nil }
        } else {
            guard next == UInt8(ascii: ";") || next == UInt8(ascii: ",") || next == UInt8(ascii: ")") else { return nil }
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : (text, end + 2)
    }
}

extension SourceTree {
    /// The object a string names in an OpenStep archive such as a `project.pbxproj`: the
    /// member of the root's `objects` dictionary whose key is the string. Nil otherwise.
    public func referencedObject(of index: Int) -> Int? {
        guard format == .openStep, nodes[index].kind == .string, case .string(let id) = scalar(at: index) else { return nil }
        return object(named: id)
    }

    /// The member of the root's `objects` dictionary whose key is `id`, in an OpenStep file.
    package func object(named id: String) -> Int? {
        guard format == .openStep, !id.isEmpty, let objects = child(of: SourceTree.root, key: "objects"), nodes[objects].kind == .dictionary else { return nil }
        return child(of: objects, key: id)
    }
}
