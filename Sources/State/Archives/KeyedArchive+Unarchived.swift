import Foundation
import OrderedCollections

extension KeyedArchive {
    /// The archive's object graph as plain data (`state convert --unarchive`): strings,
    /// numbers, dates and data as themselves, UUIDs and URLs as strings, collections as arrays
    /// and dictionaries, and every other object as a dictionary of its fields with its class
    /// under `$class`. A shared object is written wherever it is referenced; a cycle cannot be
    /// written as a tree and is refused, naming where it closes.
    public func unarchived() throws -> PlistValue {
        if top.count == 1, let root { return try plainValue(of: root) }
        var out = OrderedDictionary<String, PlistValue>()
        for (key, uid) in top { out[key] = try plainValue(of: uid, path: [.key(key)], open: []) }
        return .dictionary(out)
    }

    /// The object at `uid` as plain data (see `unarchived()`).
    public func plainValue(of uid: Int) throws -> PlistValue {
        try plainValue(of: uid, path: [], open: [])
    }

    private func plainValue(of uid: Int, path: [PlistPath.Component], open: [Int]) throws -> PlistValue {
        if open.contains(uid) {
            let name = className(of: uid).map { " (\($0))" } ?? ""
            throw PlistError(
                "$objects.\(uid)\(name) contains itself: a cycle has no tree form (JSON and property lists hold trees); browse it with state instead",
                at: .keyPath(PlistPath(path).description))
        }
        guard open.count < Self.depthLimit else {
            throw PlistError("objects nested deeper than \(Self.depthLimit) levels", at: .keyPath(PlistPath(path).description))
        }
        let open = open + [uid]
        func child(_ uid: Int, _ component: PlistPath.Component) throws -> PlistValue { try plainValue(of: uid, path: path + [component], open: open) }
        switch content(of: uid) {
        case .null: return .null
        case .scalar(let value): return value
        case .string(let s): return .string(s)
        case .date(let d): return .date(d)
        case .data(let d): return .data(d)
        case .uuid(let u): return .string(u.uuidString)
        case .url: return .string(urlString(of: uid) ?? "")
        case .list(let items):
            return .array(try items.enumerated().map { try child($1, .index($0)) })
        case .map(let entries):
            var out = OrderedDictionary<String, PlistValue>()
            for entry in entries {
                let key = try plainValue(of: entry.key, path: path, open: open)
                let text: String = if case .string(let s) = key { s } else { key.plainText }
                out[text] = try child(entry.value, .key(text))
            }
            return .dictionary(out)
        case .color(let color):
            return .dictionary([
                "$class": .string(className(of: uid) ?? "NSColor"), "red": .real(color.red), "green": .real(color.green), "blue": .real(color.blue), "alpha": .real(color.alpha),
            ])
        case .object(let fields):
            var out: OrderedDictionary<String, PlistValue> = ["$class": .string(className(of: uid) ?? "?")]
            for (key, value) in fields {
                let plain = try fieldValue(value, path: path + [.key(key)], open: open)
                if plain != .null { out[key] = plain }
            }
            return .dictionary(out)
        }
    }

    /// A field's value: references followed, inline values as they are.
    private func fieldValue(_ value: PlistValue, path: [PlistPath.Component], open: [Int]) throws -> PlistValue {
        switch value {
        case .uid(let u): return try plainValue(of: Int(u), path: path, open: open)
        case .array(let items): return .array(try items.enumerated().map { try fieldValue($1, path: path + [.index($0)], open: open) })
        case .dictionary(let entries):
            var out = OrderedDictionary<String, PlistValue>()
            for (k, v) in entries { out[k] = try fieldValue(v, path: path + [.key(k)], open: open) }
            return .dictionary(out)
        default: return value
        }
    }
}
