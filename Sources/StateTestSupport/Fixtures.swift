import Foundation

/// Locations of test data, found from this source file so tests work from any directory.
package enum Fixtures {
    /// The package's root folder.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The original State framework's test files (copied from `shared/fixtures/state`).
    package static func state(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures/state").appendingPathComponent(name)
    }

    /// Files the team wrote in the shape of ones users have (an app's Info.plist, a JSON file of
    /// mixed types, …); never copies of third-party files.
    package static func realShaped(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures/real-shaped").appendingPathComponent(name)
    }

    /// A fresh, empty temporary folder. It is removed when the test process exits (set
    /// `STATE_KEEP_TEMP=1` to keep them for a look after a failure), or earlier with
    /// `removeTemporaryFolder(_:)`.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryFolders.register(url)
        return url
    }

    /// A copy of the Asset Library sample with its schema beside it, in a fresh temporary
    /// folder: the sample file.
    package static func sampleCopy() throws -> URL {
        let folder = try temporaryFolder()
        let example = packageRoot.appendingPathComponent("Examples/AssetLibrary")
        for name in ["AssetLibrary.plist", "AssetLibrary.schema"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder.appendingPathComponent("AssetLibrary.plist")
    }

    /// Removes a folder made by `temporaryFolder()` and everything in it.
    package static func removeTemporaryFolder(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// The built `state` executable (in the same folder as the test bundle).
    package static var stateExecutable: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("state")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/state")
    }
}

extension Fixtures {
    /// A package of `Tests/NAME` built from scratch against this checkout, as a user's package
    /// is: copied to a temporary folder with this checkout linked beside it as `State` (the
    /// identity a dependency on a `…/State.git` URL has). Returns the temporary folder, the
    /// package's folder and what `swift build` printed; a failed build fails the test.
    package static func buildPackage(_ name: String) throws -> (folder: URL, package: URL, output: String) {
        let folder = try temporaryFolder()
        let package = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/\(name)"), to: package)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("State"), withDestinationURL: packageRoot)
        let build = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package.path])
        guard build.status == 0 else { throw BuildFailure(description: "swift build of \(name) failed:\n\(build.stdoutText)\n\(build.stderr)") }
        return (folder, package, build.stdoutText + build.stderr)
    }

    package struct BuildFailure: Error, CustomStringConvertible {
        package let description: String
    }
}
