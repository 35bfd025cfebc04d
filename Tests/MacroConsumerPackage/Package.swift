// swift-tools-version:6.2
// A package that writes its models with State's macros only (`StateMacros`): no hand-written
// coding, no schema. `MacroConsumerPackageTests` builds it against this checkout (linked beside
// it as `State`) and reads what `palette` writes with Python's plistlib.
import PackageDescription

let package = Package(
    name: "MacroConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../State")
    ],
    targets: [
        .executableTarget(name: "palette", dependencies: [.product(name: "StateMacros", package: "State")])
    ]
)
