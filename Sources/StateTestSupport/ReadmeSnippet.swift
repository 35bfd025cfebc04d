import Foundation

/// The README's code examples are compiled in test files between `// README-NAME-BEGIN` and
/// `// README-NAME-END` markers; this is the text between them, dedented, as the README
/// shows it.
package enum ReadmeSnippet {
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    package static func between(_ name: String, in source: String) throws -> String {
        guard let begin = source.range(of: "// README-\(name)-BEGIN\n"),
            let end = source.range(of: "// README-\(name)-END", range: begin.upperBound..<source.endIndex)
        else { throw Missing(description: "no README-\(name) markers") }
        let lines = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }
}
