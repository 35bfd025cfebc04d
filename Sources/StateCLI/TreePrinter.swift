import Foundation
import State

/// Renders a file's tree the way `plutil -p` does: `"key" => value`, `0 => value`, two-space
/// indent — straight from the span tree, so nothing is materialized but one scalar at a time.
enum TreePrinter {
    /// Renders a span tree, with a comment after the nodes `label` describes:
    /// `"assets" => [  # [Asset]`.
    /// Renders in pieces of about 64 KB handed to `emit` as they fill, so that output starts
    /// at once and stops as soon as the reader goes away (`state print big.json | head`).
    static func render(_ tree: SourceTree, label: (Int) -> String? = { _ in nil }, emit: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        var out = OutputBuffer(capacity: Self.chunk, sink: { emit($0) })
        defer { out.deallocate() }
        withoutActuallyEscaping(label) { label in
            tree.bytes.withUnsafeBufferPointer { buffer in
                Printer(tree: tree, buffer: buffer, label: label).write(SourceTree.root, indent: 0, into: &out)
            }
        }
        out.append(0x0A)
        // The sink cannot fail: a closed pipe ends the process where it is written.
        try? out.finish()
    }

    /// Renders into bytes (tests, and output that is not a stream).
    static func rendered(_ tree: SourceTree, label: (Int) -> String? = { _ in nil }) -> [UInt8] {
        var bytes: [UInt8] = []
        render(tree, label: label) { bytes.append(contentsOf: $0) }
        return bytes
    }

    private static let chunk = 65_536

    private struct Printer {
        let tree: SourceTree
        let buffer: UnsafeBufferPointer<UInt8>
        let label: (Int) -> String?

        func write(_ node: Int, indent: Int, into out: inout OutputBuffer) {
            let kind = tree[node].kind
            switch kind {
            case .dictionary, .array:
                let isDictionary = kind == .dictionary
                out.append(UInt8(ascii: isDictionary ? "{" : "["))
                comment(node, into: &out)
                var i = 0
                for child in tree.children(of: node) {
                    TreePrinter.line(indent + 1, into: &out)
                    if isDictionary {
                        if let range = tree.plainKeyRange(of: child, in: buffer) {
                            TreePrinter.quoted(UnsafeBufferPointer(rebasing: buffer[range]), into: &out)
                        } else {
                            var key = tree.key(of: child) ?? ""
                            key.withUTF8 { TreePrinter.quoted($0, into: &out) }
                        }
                    } else {
                        out.appendInteger(Int128(i))
                    }
                    out.append(" => " as StaticString)
                    i += 1
                    write(child, indent: indent + 1, into: &out)
                }
                TreePrinter.line(indent, into: &out)
                out.append(UInt8(ascii: isDictionary ? "}" : "]"))
            case .string:
                if let range = tree.plainStringRange(of: node, in: buffer) {
                    TreePrinter.quoted(UnsafeBufferPointer(rebasing: buffer[range]), into: &out)
                } else {
                    TreePrinter.scalar(tree.scalar(at: node), into: &out)
                }
                comment(node, into: &out)
            default:
                if tree[node].isWideNumber, let text = tree.numberText(of: node) {
                    out.append(text)
                } else if let data = tree.dataSummary(of: node, limit: TreePrinter.dataShown) {
                    TreePrinter.data(count: data.count, prefix: data.prefix, into: &out)
                } else {
                    TreePrinter.scalar(tree.scalar(at: node), into: &out)
                }
                comment(node, into: &out)
            }
        }

        private func comment(_ node: Int, into out: inout OutputBuffer) {
            guard let text = label(node) else { return }
            out.append("  # " as StaticString)
            out.append(text)
        }
    }

    /// A new line indented to `level`.
    private static func line(_ level: Int, into out: inout OutputBuffer) {
        out.reserve(1 + level * 2)
        out.append(0x0A)
        out.append(UnsafeRawPointer(spaces.utf8Start), count: min(level * 2, spaces.utf8CodeUnitCount))
        if level * 2 > spaces.utf8CodeUnitCount {
            for _ in spaces.utf8CodeUnitCount..<(level * 2) { out.append(0x20) }
        }
    }

    private static let spaces: StaticString = "                                                                                                                                "

    private static func scalar(_ value: PlistValue, into out: inout OutputBuffer) {
        switch value {
        case .string(var s): s.withUTF8 { quoted($0, into: &out) }
        case .integer(let i): out.appendInteger(i)
        case .real(let d): out.append(d.description)
        case .bool(let b): out.append(b ? "true" : "false")
        case .date(let date): PlistDate.appendPrinted(date, to: &out)
        case .data(let data): TreePrinter.data(count: data.count, prefix: data.prefix(dataShown), into: &out)
        case .uid(let u): out.append("UID(\(u))")
        case .null: out.append("null")
        case .array, .dictionary: break  // containers are rendered from the tree
        }
    }

    /// How many bytes of data are shown (as `plutil -p` shows them).
    static let dataShown = 24

    /// Data as `plutil -p` shows it: `{length = 3, bytes = 0x000102}`, the first bytes only.
    private static func data(count: Int, prefix: some Sequence<UInt8>, into out: inout OutputBuffer) {
        out.append("{length = " as StaticString)
        out.appendInteger(Int128(count))
        out.append(", bytes = 0x" as StaticString)
        let digits: StaticString = "0123456789abcdef"
        for byte in prefix {
            out.append(digits.utf8Start[Int(byte >> 4)])
            out.append(digits.utf8Start[Int(byte & 15)])
        }
        out.append(count > dataShown ? "...}" as StaticString : "}")
    }

    /// Strings in double quotes, with quotes, backslashes and control characters escaped so
    /// that every line of output is one line of the tree.
    private static func quoted(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout OutputBuffer) {
        out.append(UInt8(ascii: "\""))
        // Most text needs no escapes: copied whole.
        if !ByteScan.containsControlQuoteOrBackslash(utf8) {
            out.append(utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for c in utf8 {
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(c)
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0..<0x20: out.append(String(format: "\\u%04x", c))
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
