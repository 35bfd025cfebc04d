// swift-tools-version:6.2
import Foundation
import PackageDescription

// The checkout holding this folder: a path dependency's identity is its folder's name.
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// libFuzzer targets for every loader that reads input a user hands `state`: the file formats,
// keyed archives, schema files, Xcode models and themes. Its own package, so that `swift test` of the
// main package never builds with sanitizers. See README.md beside this file.
let package = Package(
    name: "StateFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzFormats", dependencies: [.product(name: "State", package: checkout), .product(name: "StateDocument", package: checkout)]),
        .executableTarget(name: "FuzzSchemaFile", dependencies: [.product(name: "StateSchema", package: checkout)]),
        .executableTarget(name: "FuzzXcodeModel", dependencies: [.product(name: "StateSchema", package: checkout)]),
        .executableTarget(name: "FuzzArchive", dependencies: [.product(name: "State", package: checkout), .product(name: "StateDocument", package: checkout)]),
        .executableTarget(name: "FuzzTheme", dependencies: [.product(name: "StateBrowser", package: checkout)]),
    ]
)
