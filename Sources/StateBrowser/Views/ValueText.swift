import Foundation
import State

/// How values read in a row or a pick list's second column (the full text is
/// `PlistValue.plainText`).
enum ValueText {
    /// A short summary: strings quoted, data as a byte count and its first bytes, containers
    /// as their count.
    static func summary(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): "\"" + String(s.prefix(200)).escaped(quotes: true) + (s.count > 200 ? "…" : "") + "\""
        case .data(let d):
            "<\(d.count) bytes" + (d.isEmpty ? "" : " " + d.prefix(8).map { String(format: "%02x", $0) }.joined() + (d.count > 8 ? "…" : "")) + ">"
        case .array(let a): "[\(a.count)]"
        case .dictionary(let d): "{\(d.count)}"
        default: value.plainText
        }
    }

    /// A keyed archive held in data (Terminal.app's fonts, preference blobs): its root class
    /// and plain form; nil for other data, and for data over 16 KB (rows draw this).
    static func archive(in data: Data) -> (className: String, value: PlistValue)? {
        guard data.count <= 16 * 1024, data.starts(with: Array("bplist".utf8)), let value = try? PlistValue(parsing: Array(data)), KeyedArchive.isArchive(value),
            let archive = try? KeyedArchive(value), let root = archive.root, let plain = try? archive.plainValue(of: root)
        else { return nil }
        return (archive.className(of: root) ?? "object", plain)
    }

    /// What a row shows for data: an archive's class and first fields, else bytes.
    static func dataSummary(_ value: PlistValue) -> String {
        guard case .data(let data) = value, let (name, plain) = archive(in: data) else { return summary(value) }
        guard case .dictionary(var fields) = plain else { return "archived \(name): \(summary(plain))" }
        fields.removeValue(forKey: "$class")
        let shown = fields.prefix(3).map { "\($0.key): \(summary($0.value))" }.joined(separator: ", ")
        return "archived \(name) {\(shown)\(fields.count > 3 ? ", …" : "")}"
    }

    /// The theme role values of a kind are drawn in.
    static func role(of kind: SourceNode.Kind) -> ThemeRole {
        switch kind {
        case .string: .string
        case .integer, .real: .number
        case .trueValue, .falseValue: .bool
        case .date: .date
        case .data: .data
        case .uid, .null, .dictionary, .array: .null
        }
    }
}
