// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "State",
    // The lowest versions with Int128 (integers) and Synchronization's Mutex, which the
    // libraries use; the `state` binary is for macOS and Linux.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "State", targets: ["State"]),
        // `@StateModel` and its attributes: a product of its own, so that a user of `State`
        // alone never builds swift-syntax.
        .library(name: "StateMacros", targets: ["StateMacros"]),
        .library(name: "StateDocument", targets: ["StateDocument"]),
        // Schemas and the browser's model as libraries too: Fuzz/ (and tools) link them.
        .library(name: "StateSchema", targets: ["StateSchema"]),
        .library(name: "StateBrowser", targets: ["StateBrowser"]),
        .executable(name: "state", targets: ["state"]),
        .executable(name: "state-generate", targets: ["state-generate"]),
        .plugin(name: "StateModels", targets: ["StateModels"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // `swift package generate-documentation`: the DocC catalogs (Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Value tree, formats (XML plist, binary plist, JSON): parsers and writers.
        .target(
            name: "State",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // The macros' implementation (runs in the compiler) and their declarations.
        .macro(
            name: "StateMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"), .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "StateMacros", dependencies: ["State", "StateMacrosPlugin"]),
        // Byte-faithful documents: edits spliced into the original bytes, atomic saves.
        .target(name: "StateDocument", dependencies: ["State"]),
        // Schemas: Xcode data models, schema files, inference; schema-driven validation.
        .target(
            name: "StateSchema",
            dependencies: ["State", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // Swift model code from a schema, for `state generate` and the build plugin.
        .target(name: "StateCodegen", dependencies: ["State", "StateSchema"]),
        // The build plugin's tool: one schema in, one Swift file out. No browser, no ncurses.
        .executableTarget(name: "state-generate", dependencies: ["StateCodegen", "StateSchema"]),
        // Generates model code from the schemas in a target on every build.
        .plugin(name: "StateModels", capability: .buildTool(), dependencies: ["state-generate"], path: "Plugins/StateModelsPlugin"),
        // The Asset Library example of the model API; it writes the sample file `state` opens.
        .target(
            name: "AssetLibraryExample",
            dependencies: ["State", "StateMacros", .product(name: "OrderedCollections", package: "swift-collections")],
            path: "Examples/AssetLibrary",
            exclude: ["AssetLibrary.plist", "AssetLibrary.schema"]
        ),
        // Cells, styles, colors and their downsampling, the screen buffer and its diff, keys,
        // the backend protocol and the in-memory backend. No curses: tests need no terminal.
        .target(name: "TerminalCore"),
        // ncursesw plus the C shim for what Swift cannot import (macros, globals, wcwidth) and
        // the signal handlers that restore the terminal.
        .target(
            name: "CCurses",
            // Linux: ncursesw (the wide-character build). macOS: the system's ncurses, which has
            // the wide-character API under its plain name.
            linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])), .linkedLibrary("ncurses", .when(platforms: [.macOS]))]
        ),
        // The only code that calls curses: the real terminal backend.
        .target(name: "TerminalNCurses", dependencies: ["CCurses", "TerminalCore"]),
        // The browser and editor: app model, messages, update, views, key map, themes.
        .target(
            name: "StateBrowser",
            dependencies: ["State", "StateDocument", "StateSchema", "TerminalCore", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // The `state` command line: one file per subcommand.
        .target(
            name: "StateCLI",
            dependencies: [
                "State", "StateDocument", "StateSchema", "StateBrowser", "StateCodegen", "TerminalNCurses", "AssetLibraryExample",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "state", dependencies: ["State", "StateCLI"]),
        // Helpers shared by every test target: fixtures, the plistlib oracle, round-trip checks.
        .target(
            name: "StateTestSupport",
            dependencies: ["State", "StateDocument", "TerminalCore", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(
            name: "ModelTests",
            dependencies: ["State", "AssetLibraryExample", "StateTestSupport", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .executableTarget(
            name: "StateBenchmarks",
            dependencies: ["State", "StateDocument", "StateSchema", "StateBrowser", "TerminalCore", "AssetLibraryExample"],
            path: "Benchmarks/StateBenchmarks"
        ),
        .testTarget(name: "StateTests", dependencies: ["State", "StateTestSupport", .product(name: "OrderedCollections", package: "swift-collections")]),
        .testTarget(
            name: "StateSchemaTests",
            dependencies: ["StateSchema", "AssetLibraryExample", "StateTestSupport", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(
            name: "StateMacrosTests",
            dependencies: [
                "StateMacrosPlugin", "StateMacros", "State", "StateTestSupport", "StateCodegen", "StateSchema",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "StateDocumentTests", dependencies: ["StateDocument", "StateTestSupport"]),
        .testTarget(name: "TerminalCoreTests", dependencies: ["TerminalCore"]),
        .testTarget(name: "TerminalNCursesTests", dependencies: ["TerminalNCurses", "CCurses", "TerminalCore", "StateTestSupport"]),
        .testTarget(
            name: "StateBrowserTests",
            dependencies: ["StateBrowser", "TerminalCore", "StateSchema", "AssetLibraryExample", "StateTestSupport"],
            // Screen snapshots: read by the tests from the source folder, not resources.
            exclude: ["__Snapshots__"]
        ),
        // Types generated by the StateModels plugin from Schemas/ on every build, and tests of them.
        .testTarget(
            name: "GeneratedModelTests",
            dependencies: ["State", "StateCodegen", "StateSchema", "StateTestSupport", .product(name: "OrderedCollections", package: "swift-collections")],
            exclude: ["Golden"],
            // Generated code must be warning-free: here a warning fails the build.
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: ["StateModels"]
        ),
        .testTarget(name: "StateCLITests", dependencies: ["StateCLI", "state", "StateTestSupport"]),
    ]
)
