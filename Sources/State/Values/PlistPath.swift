import Foundation

/// A key path into a value tree in `plutil`'s dot syntax: `groups.Default.assets.0.red`.
///
/// Components are separated by `.`; a component of digits addresses an array index (and, on a
/// dictionary, the key spelled with those digits). A literal dot or backslash inside a key is
/// written `\.` or `\\`.
public struct PlistPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path: a dictionary key or an array index.
    public enum Component: Hashable, Sendable {
        /// A dictionary key.
        case key(String)
        /// An array index, from 0.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// A path of these steps (none: the root).
    public init(_ components: [Component] = []) { self.components = components }

    /// Parses dot syntax. The empty string is the root.
    public init(parsing text: String) {
        var components: [Component] = []
        var current = ""
        var escaped = false
        var sawAny = false
        for ch in text {
            sawAny = true
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "." {
                components.append(Self.component(current))
                current = ""
            } else {
                current.append(ch)
            }
        }
        if sawAny { components.append(Self.component(current)) }
        self.components = components
    }

    public init(stringLiteral value: String) { self.init(parsing: value) }

    private static func component(_ text: String) -> Component {
        if !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let i = Int(text) {
            return .index(i)
        }
        return .key(text)
    }

    /// This path one step further.
    public func appending(_ component: Component) -> PlistPath { PlistPath(components + [component]) }

    public var description: String {
        components.map { component in
            switch component {
            case .index(let i): return String(i)
            case .key(let k):
                // Most keys need no escape: spare them Foundation's replacing.
                guard k.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\\") }) else { return k }
                return k.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
            }
        }.joined(separator: ".")
    }
}
