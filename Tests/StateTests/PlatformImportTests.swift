import Foundation
import StateTestSupport
import Testing

/// No Mac is available here, so portability is kept by rule: a C library module (Glibc, Musl,
/// Darwin, Android) is imported only inside `#if canImport` chains that name Glibc, Musl and
/// Darwin and end in `#error`, and only by the few files that wrap the platform.
@Suite struct PlatformImportTests {
    /// The files allowed to import a C library module.
    static let platformFiles: Set<String> = [
        "Sources/State/Files/POSIX.swift",
        "Sources/TerminalNCurses/NCursesTerminal.swift",
    ]

    static func swiftFiles(under folder: String) -> [String] {
        let root = Fixtures.packageRoot.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let item = enumerator?.nextObject() as? String {
            if item.hasSuffix(".swift") { files.append("\(folder)/\(item)") }
        }
        return files.sorted()
    }

    static func problems(in relativePath: String, text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        let imports = lines.filter { $0.range(of: #"^\s*import\s+(Glibc|Musl|Darwin|Android)\b"#, options: .regularExpression) != nil }
        let qualified = lines.filter { $0.range(of: #"\b(Glibc|Darwin|Musl)\.[a-z]"#, options: .regularExpression) != nil && !$0.contains("canImport") }
        var problems: [String] = []
        if !imports.isEmpty || !qualified.isEmpty {
            if !platformFiles.contains(relativePath) { problems.append("\(relativePath): imports a C library module; go through POSIX.swift or Foundation") }
            for module in ["Glibc", "Musl", "Darwin"] where !text.contains("canImport(\(module))") {
                problems.append("\(relativePath): no canImport(\(module)) branch")
            }
            if !text.contains("#error") { problems.append("\(relativePath): no #error for an unknown platform") }
        }
        return problems
    }

    @Test func cLibraryModulesAreImportedOnlyBehindEveryPlatformsBranch() throws {
        var problems: [String] = []
        for folder in ["Sources", "Benchmarks", "Examples"] {
            for file in Self.swiftFiles(under: folder) {
                let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
                problems += Self.problems(in: file, text: text)
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The rule bites: a planted unguarded import is reported.
    @Test func aPlantedImportIsCaught() {
        #expect(!Self.problems(in: "Sources/State/Planted.swift", text: "import Foundation\nimport Glibc\n").isEmpty)
        #expect(!Self.problems(in: "Sources/State/Files/POSIX.swift", text: "#if canImport(Glibc)\nimport Glibc\n#endif\n").isEmpty, "no Darwin branch")
        #expect(!Self.problems(in: "Sources/State/X.swift", text: "let n = Glibc.read(fd, p, 1)\n").isEmpty)
    }
}
