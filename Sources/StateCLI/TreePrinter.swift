import Foundation
import State

/// Renders a file's tree the way `plutil -p` does: `"key" => value`, `0 => value`, two-space
/// indent — straight from the span tree, so nothing is materialized but one scalar at a time.
enum TreePrinter {
    /// Renders a span tree, with a comment after the nodes `label` describes:
    /// `"assets" => [  # [Asset]`.
    /// Renders in pieces of about 64 KB handed to `emit` as they fill, so that output starts
    /// at once and stops as soon as the reader goes away (`state print big.json | head`).
    static func render(_ tree: SourceTree, label: (Int) -> String? = { _ in nil }, emit: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunk + 4096)
        let flush = { (out: inout [UInt8]) in
            if out.count >= Self.chunk {
                emit(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        write(tree, SourceTree.root, indent: 0, label: label, flush: flush, into: &out)
        out.append(0x0A)
        emit(out)
    }

    private static let chunk = 65_536

    private static func write(
        _ tree: SourceTree, _ node: Int, indent: Int, label: (Int) -> String?, flush: (inout [UInt8]) -> Void, into out: inout [UInt8]
    ) {
        func line(_ level: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: level * 2))
        }
        func comment() {
            if let text = label(node) { out.append(contentsOf: "  # \(text)".utf8) }
        }
        switch tree[node].kind {
        case .dictionary, .array:
            let isDictionary = tree[node].kind == .dictionary
            out.append(UInt8(ascii: isDictionary ? "{" : "["))
            comment()
            for (i, child) in tree.children(of: node).enumerated() {
                line(indent + 1)
                if isDictionary {
                    quoted(tree.key(of: child) ?? "", into: &out)
                    out.append(contentsOf: " => ".utf8)
                } else {
                    out.append(contentsOf: "\(i) => ".utf8)
                }
                write(tree, child, indent: indent + 1, label: label, flush: flush, into: &out)
                flush(&out)
            }
            line(indent)
            out.append(UInt8(ascii: isDictionary ? "}" : "]"))
        default:
            if tree[node].isWideNumber, let text = tree.numberText(of: node) {
                out.append(contentsOf: text.utf8)
            } else {
                scalar(tree.scalar(at: node), into: &out)
            }
            comment()
        }
    }

    private static func scalar(_ value: PlistValue, into out: inout [UInt8]) {
        switch value {
        case .string(let s): quoted(s, into: &out)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .real(let d): out.append(contentsOf: d.description.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .date(let date): out.append(contentsOf: Self.date(date).utf8)
        case .data(let data):
            let shown = data.prefix(24).map { String(format: "%02x", $0) }.joined()
            out.append(contentsOf: "{length = \(data.count), bytes = 0x\(shown)\(data.count > 24 ? "..." : "")}".utf8)
        case .uid(let u): out.append(contentsOf: "UID(\(u))".utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array, .dictionary: break  // containers are rendered from the tree
        }
    }

    /// Strings in double quotes, with quotes, backslashes and control characters escaped so
    /// that every line of output is one line of the tree.
    private static func quoted(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(c)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20: out.append(contentsOf: String(format: "\\u%04x", c).utf8)
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `2001-01-01 00:00:00 +0000`, as plutil prints dates.
    static func date(_ date: Date) -> String {
        PlistDate.format(date, fractional: true).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " +0000")
    }
}
