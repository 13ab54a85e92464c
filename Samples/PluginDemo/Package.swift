// swift-tools-version:6.0
// A package that uses stackc's build plugin: the .stack files under Sources/PluginDemo become Swift
// at build time, and the program lays them out headlessly with StackRuntime.
import PackageDescription

let package = Package(
    name: "PluginDemo",
    // stackc's platforms or later: on Apple platforms SwiftPM refuses a product that needs a newer system.
    platforms: [.macOS(.v13), .iOS(.v16)],
    // `name:` names the dependency "stackc", as the products below say, whatever the checkout's folder is called.
    dependencies: [.package(name: "stackc", path: "../..")],
    targets: [
        .executableTarget(
            name: "PluginDemo",
            dependencies: [.product(name: "StackRuntime", package: "stackc")],
            // Build the generated code against StackRuntime on every platform (headless layout).
            swiftSettings: [.define("STACKC_RUNTIME")],
            plugins: [.plugin(name: "StackcPlugin", package: "stackc")]),
        // Snapshot tests of the .stack files' frames (README "Snapshot tests").
        .testTarget(
            name: "PluginDemoTests",
            dependencies: [.product(name: "StackTesting", package: "stackc")],
            exclude: ["__Snapshots__"]),
    ]
)
