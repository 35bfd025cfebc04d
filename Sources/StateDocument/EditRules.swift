import OrderedCollections
import State

/// The rules every edit is checked against, and the errors (each naming the key path) it
/// throws when one is broken: shared by the value-level edits and the source editor.
public enum EditRules {
    static func error(_ message: String, _ path: PlistPath) -> PlistError {
        PlistError(message, at: .keyPath(path.description))
    }
    static func missing(_ path: PlistPath) -> PlistError { error("no value at this key path", path) }
    static func root(_ path: PlistPath) -> PlistError { error("the root cannot be removed, moved or copied", path) }
    static func notAMember(_ path: PlistPath) -> PlistError { error("only dictionary keys can be renamed; this is not a dictionary member", path) }
    static func wideNumber(_ text: String, _ path: PlistPath) -> PlistError {
        error("the number \(text) is beyond what property lists hold (64-bit integers and Doubles); only JSON keeps it", path)
    }
    static func duplicateKey(_ key: String, _ path: PlistPath) -> PlistError { error("the dictionary already has a key \"\(key)\"", path) }

    /// The parent path and key of a dictionary member.
    static func member(_ path: PlistPath, in root: PlistValue) throws -> (PlistPath, String)? {
        guard let last = path.components.last else { return nil }
        guard root[path] != nil else { throw missing(path) }
        guard case .dictionary = root[path.dropLast()] else { return nil }
        switch last {
        case .key(let k): return (path.dropLast(), k)
        case .index(let i): return (path.dropLast(), String(i))
        }
    }

    /// The position of the child `path` names among its parent's children.
    static func position(of path: PlistPath, in parent: PlistValue) throws -> Int {
        switch (parent, path.components.last) {
        case (.dictionary(let d), .key(let k)?): if let i = d.index(forKey: k) { return i }
        case (.dictionary(let d), .index(let i)?): if let p = d.index(forKey: String(i)) { return p }
        case (.array(let a), .index(let i)?): if a.indices.contains(i) { return i }
        default: break
        }
        throw missing(path)
    }

    static func checkInsert(into container: PlistValue, path: PlistPath, key: String?, at: Int?) throws {
        switch container {
        case .dictionary(let d):
            guard let key else { throw error("a dictionary entry needs a key", path) }
            guard d[key] == nil else { throw duplicateKey(key, path) }
            if let at, !(0...d.count).contains(at) { throw error("position \(at) is outside 0…\(d.count)", path) }
        case .array(let a):
            guard key == nil else { throw error("array items have no keys (this is an array)", path) }
            if let at, !(0...a.count).contains(at) { throw error("index \(at) is outside 0…\(a.count)", path) }
        default:
            throw error("only dictionaries and arrays can have entries added (this is a \(container.typeName))", path)
        }
    }

    static func checkMove(to: Int, count: Int, path: PlistPath) throws {
        guard (0..<count).contains(to) else { throw error("position \(to) is outside 0…\(count - 1)", path) }
    }
}
