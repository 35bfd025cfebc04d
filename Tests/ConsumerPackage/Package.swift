// swift-tools-version:6.2
// A package that uses State as its users' packages do: the `State` library and the
// `StateModels` build plugin, with an Xcode model saved as a folder (`Shop.xcdatamodeld`).
// `ConsumerPackageTests` builds it against this checkout (linked beside it as `State`, the
// identity a dependency on https://github.com/…/State.git has) and runs `shop`.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../State")
    ],
    targets: [
        .target(
            name: "Shop",
            dependencies: [.product(name: "State", package: "State")],
            plugins: [.plugin(name: "StateModels", package: "State")]
        ),
        .executableTarget(name: "shop", dependencies: ["Shop", .product(name: "State", package: "State")], path: "Sources/ShopTool"),
    ]
)
