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
        withoutActuallyEscaping(label) { label in
            withoutActuallyEscaping(emit) { emit in
                tree.bytes.withUnsafeBufferPointer { buffer in
                    Printer(tree: tree, buffer: buffer, label: label, emit: emit).write(SourceTree.root, indent: 0, into: &out)
                }
            }
        }
        out.append(0x0A)
        emit(out)
    }

    private static let chunk = 65_536

    private struct Printer {
        let tree: SourceTree
        let buffer: UnsafeBufferPointer<UInt8>
        let label: (Int) -> String?
        let emit: ([UInt8]) -> Void

        func write(_ node: Int, indent: Int, into out: inout [UInt8]) {
            func line(_ level: Int) {
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x20, count: level * 2))
            }
            func comment() {
                if let text = label(node) { out.append(contentsOf: "  # \(text)".utf8) }
            }
            let kind = tree[node].kind
            switch kind {
            case .dictionary, .array:
                let isDictionary = kind == .dictionary
                out.append(UInt8(ascii: isDictionary ? "{" : "["))
                comment()
                var i = 0
                for child in tree.children(of: node) {
                    line(indent + 1)
                    if isDictionary {
                        if let range = tree.plainKeyRange(of: child, in: buffer) {
                            TreePrinter.quoted(UnsafeBufferPointer(rebasing: buffer[range]), into: &out)
                        } else {
                            var key = tree.key(of: child) ?? ""
                            key.withUTF8 { TreePrinter.quoted($0, into: &out) }
                        }
                        out.append(contentsOf: " => ".utf8)
                    } else {
                        TreePrinter.decimal(i, into: &out)
                        out.append(contentsOf: " => ".utf8)
                    }
                    i += 1
                    write(child, indent: indent + 1, into: &out)
                    if out.count >= TreePrinter.chunk {
                        emit(out)
                        out.removeAll(keepingCapacity: true)
                    }
                }
                line(indent)
                out.append(UInt8(ascii: isDictionary ? "}" : "]"))
            case .string:
                if let range = tree.plainStringRange(of: node, in: buffer) {
                    TreePrinter.quoted(UnsafeBufferPointer(rebasing: buffer[range]), into: &out)
                } else {
                    TreePrinter.scalar(tree.scalar(at: node), into: &out)
                }
                comment()
            default:
                if tree[node].isWideNumber, let text = tree.numberText(of: node) {
                    out.append(contentsOf: text.utf8)
                } else {
                    TreePrinter.scalar(tree.scalar(at: node), into: &out)
                }
                comment()
            }
        }
    }

    /// The decimal digits of a non-negative `n`, without a `String`.
    private static func decimal(_ n: Int, into out: inout [UInt8]) {
        if n < 10 {
            out.append(UInt8(truncatingIfNeeded: n) + 0x30)
            return
        }
        let start = out.count
        var v = n
        while v > 0 {
            out.append(UInt8(truncatingIfNeeded: v % 10) + 0x30)
            v /= 10
        }
        out[start...].reverse()
    }

    private static func scalar(_ value: PlistValue, into out: inout [UInt8]) {
        switch value {
        case .string(var s): s.withUTF8 { quoted($0, into: &out) }
        case .integer(let i):
            if i >= 0, i <= Int128(Int.max) { decimal(Int(i), into: &out) } else { out.append(contentsOf: String(i).utf8) }
        case .real(let d): out.append(contentsOf: d.description.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .date(let date): out.append(contentsOf: Self.date(date).utf8)
        case .data(let data):
            out.append(contentsOf: "{length = ".utf8)
            decimal(data.count, into: &out)
            out.append(contentsOf: ", bytes = 0x".utf8)
            let digits: StaticString = "0123456789abcdef"
            for byte in data.prefix(24) {
                out.append(digits.utf8Start[Int(byte >> 4)])
                out.append(digits.utf8Start[Int(byte & 15)])
            }
            out.append(contentsOf: (data.count > 24 ? "...}" : "}").utf8)
        case .uid(let u): out.append(contentsOf: "UID(\(u))".utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array, .dictionary: break  // containers are rendered from the tree
        }
    }

    /// Strings in double quotes, with quotes, backslashes and control characters escaped so
    /// that every line of output is one line of the tree.
    private static func quoted(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most text needs no escapes: copied whole.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for c in utf8 {
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
        var text = ""
        for c in PlistDate.format(date, fractional: true).unicodeScalars {
            switch c {
            case "T": text.append(" ")
            case "Z": text.append(" +0000")
            default: text.unicodeScalars.append(c)
            }
        }
        return text
    }
}
