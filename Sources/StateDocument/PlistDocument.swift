import Foundation
import OrderedCollections
import State

/// An open model file that can be edited and saved without disturbing what was not edited.
///
/// The document keeps the parsed `SourceTree` (the original bytes plus spans) and a set of
/// replacements: node → new value. Saving in the file's own format copies the original bytes
/// and splices in only the replaced values, written in the file's detected style; so an
/// unedited document saves byte for byte, and a one-value edit changes only that value's bytes.
/// Binary plists have no layout to keep and are re-encoded deterministically when edited.
public struct PlistDocument: Sendable {
    public private(set) var source: SourceTree
    /// Replaced subtrees, keyed by node index. Never holds a node inside another replaced node:
    /// edits below a replacement are made to the replacement's value.
    public private(set) var replacements: [Int: PlistValue] = [:]

    public var format: PlistFormat { source.format }
    public var isDirty: Bool { !replacements.isEmpty }

    public init(source: SourceTree) {
        self.source = source
    }

    public init(parsing bytes: [UInt8]) throws {
        self.init(source: try SourceTree(parsing: bytes))
    }

    // MARK: - Reading

    /// The whole value, edits included.
    public func value() -> PlistValue {
        var root = source.value()
        for (node, replacement) in replacements {
            root.replace(at: source.path(of: node), with: replacement)
        }
        return root
    }

    /// The value at `path`, edits included; nil when nothing is there.
    public func value(at path: PlistPath) -> PlistValue? {
        switch resolve(path) {
        case .node(let index):
            if replacements.isEmpty { return source.value(at: index) }
            return value()[path]
        case .inside(let index, let rest):
            return replacements[index]?[rest]
        case .missing:
            return nil
        }
    }

    private enum Resolution {
        /// The path names an original node with no replacement at or above it.
        case node(Int)
        /// The path runs into replaced node `index`; `rest` is the path inside its value.
        case inside(Int, PlistPath)
        case missing
    }

    private func resolve(_ path: PlistPath) -> Resolution {
        var current = SourceTree.root
        var components = path.components[...]
        while true {
            if replacements[current] != nil { return .inside(current, PlistPath(Array(components))) }
            guard let component = components.first else { return .node(current) }
            guard let next = source.child(of: current, at: component) else { return .missing }
            current = next
            components = components.dropFirst()
        }
    }

    // MARK: - Editing

    /// Replaces the value at `path`, which must exist. Adding keys and items is a structure
    /// edit and is not done here.
    public mutating func setValue(_ value: PlistValue, at path: PlistPath) throws {
        switch resolve(path) {
        case .node(let index):
            let last = index + Int(source[index].size)
            for key in replacements.keys where key > index && key <= last { replacements[key] = nil }
            replacements[index] = value
        case .inside(let index, let rest):
            guard var replaced = replacements[index], replaced[rest] != nil else {
                throw PlistError("no value at this key path", at: .keyPath(path.description))
            }
            replaced.replace(at: rest, with: value)
            replacements[index] = replaced
        case .missing:
            throw PlistError("no value at this key path", at: .keyPath(path.description))
        }
    }

    /// Forgets every edit.
    public mutating func revert() { replacements = [:] }

    // MARK: - Writing

    /// The document in its own format: the original bytes with edits spliced in.
    public func serialized() throws -> [UInt8] {
        guard isDirty else { return source.bytes }
        switch format {
        case .binary:
            return try BinaryPlistWriter.document(value())
        case .xml, .json:
            return try splice()
        }
    }

    /// The document in `format`. The same format keeps the original bytes; another format is
    /// written fresh by that format's writer.
    public func serialized(as format: PlistFormat, warnings: inout [PlistWarning]) throws -> [UInt8] {
        if format == self.format { return try serialized() }
        return try value().serialized(as: format, warnings: &warnings)
    }

    private func splice() throws -> [UInt8] {
        let bytes = source.bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var copied = 0
        var warnings: [PlistWarning] = []
        let xmlStyle = format == .xml ? DocumentStyle.xml(of: source) : .apple
        let jsonStyle = format == .json ? DocumentStyle.json(of: source) : .pretty
        for index in replacements.keys.sorted() {
            let node = source[index]
            guard let value = replacements[index] else { continue }
            out.append(contentsOf: bytes[copied..<Int(node.start)])
            let prefix = DocumentStyle.linePrefix(at: Int(node.start), in: bytes)
            do {
                if format == .xml {
                    try XMLPlistWriter.element(value, linePrefix: prefix, style: xmlStyle, into: &out)
                } else {
                    try JSONWriter.element(value, linePrefix: prefix, style: jsonStyle, into: &out, warnings: &warnings)
                }
            } catch let error as PlistError {
                // Rebase the key path of the failure onto the node's own path.
                if case .keyPath(let inner) = error.location {
                    let base = source.path(of: index).description
                    throw PlistError(error.message, at: .keyPath([base, inner].filter { !$0.isEmpty }.joined(separator: ".")))
                }
                throw error
            }
            copied = Int(node.end)
        }
        out.append(contentsOf: bytes[copied...])
        return out
    }
}

extension PlistValue {
    /// Replaces the value at `path` (which must exist; otherwise nothing changes).
    mutating func replace(at path: PlistPath, with value: PlistValue) {
        replace(at: path.components[...], with: value)
    }

    private mutating func replace(at path: ArraySlice<PlistPath.Component>, with value: PlistValue) {
        guard let first = path.first else {
            self = value
            return
        }
        switch (self, first) {
        case (.dictionary(var dict), .key(let key)) where dict[key] != nil:
            self = .null  // drop our reference so the child is uniquely owned while it changes
            dict[key]!.replace(at: path.dropFirst(), with: value)
            self = .dictionary(dict)
        case (.dictionary(var dict), .index(let i)) where dict[String(i)] != nil:
            self = .null
            dict[String(i)]!.replace(at: path.dropFirst(), with: value)
            self = .dictionary(dict)
        case (.array(var items), .index(let i)) where items.indices.contains(i):
            self = .null
            items[i].replace(at: path.dropFirst(), with: value)
            self = .array(items)
        default:
            return
        }
    }
}
