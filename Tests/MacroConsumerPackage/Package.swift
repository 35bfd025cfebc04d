// swift-tools-version:6.2
// A package that writes its models with State's macros only (`StateMacros`): no hand-written
// coding. `palette` declares its own models; `Generated` is what `state generate --macros` writes
// for the Asset Library schema (checked in; the test regenerates it and compares), and
// `roundtrip` reads and writes the sample library through it. `MacroConsumerPackageTests` builds
// it against this checkout (linked beside it as `State`).
import PackageDescription

let package = Package(
    name: "MacroConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../State"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(name: "palette", dependencies: [.product(name: "StateMacros", package: "State")]),
        .target(
            name: "Generated",
            dependencies: [.product(name: "StateMacros", package: "State"), .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .executableTarget(name: "roundtrip", dependencies: ["Generated", .product(name: "StateMacros", package: "State")]),
    ]
)
