// swift-tools-version:6.0
// A package that uses stackc's build plugin: the .stack files under Sources/PluginDemo become Swift
// at build time, and the program lays them out headlessly with StackRuntime.
import PackageDescription

let package = Package(
    name: "PluginDemo",
    // At least stackc's own platforms: SwiftPM refuses a product that needs a newer OS than its user.
    platforms: [.macOS(.v13), .iOS(.v16)],
    // A local checkout: `name:` gives the dependency the name the products below use, whatever the folder is called.
    dependencies: [.package(name: "stackc", path: "../..")],
    targets: [
        .executableTarget(
            name: "PluginDemo",
            dependencies: [.product(name: "StackRuntime", package: "stackc")],
            // Build the generated code against StackRuntime on every platform (headless layout).
            swiftSettings: [.define("STACKC_RUNTIME")],
            plugins: [.plugin(name: "StackcPlugin", package: "stackc")]),
    ]
)
