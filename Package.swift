// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stackc",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        /// The embeddable front end: lexer, parser, syntax tree, diagnostics.
        .library(name: "StackSyntax", targets: ["StackSyntax"]),
        /// The whole compiler as a library: checker, constraint IR, solver.
        .library(name: "StackCompiler", targets: ["StackSyntax", "StackText", "StackSemantics", "StackIR", "StackSolver", "StackRender", "StackDriver"]),
        .executable(name: "stackc", targets: ["stackc"]),
        /// The UIKit anchor API on Linux, backed by the solver: runs code `stackc build` generates.
        .library(name: "StackRuntime", targets: ["StackRuntime"]),
        /// Snapshot tests of `.stack` layouts (`assertLayout`), under Swift Testing and XCTest.
        .library(name: "StackTesting", targets: ["StackTesting"]),
        /// Generates Swift from every `.stack` file of a target (`stackc build`).
        .plugin(name: "StackcPlugin", targets: ["StackcPlugin"]),
    ],
    targets: [
        .target(name: "StackSyntax"),
        .target(name: "StackText", exclude: ["LICENSE-Inter.txt"]),
        .target(name: "StackSemantics", dependencies: ["StackSyntax", "StackText"]),
        .target(name: "StackIR", dependencies: ["StackSemantics"]),
        .target(name: "StackSolver", dependencies: ["StackIR"]),
        .target(name: "StackRender", dependencies: ["StackSolver", "StackSemantics", "StackText"]),
        .target(name: "StackDriver", dependencies: ["StackSyntax", "StackSemantics", "StackIR", "StackSolver", "StackText"]),
        .target(name: "StackLanguageServer", dependencies: ["StackDriver", "StackSyntax", "StackSemantics", "StackIR", "StackSolver"]),
        .target(name: "StackCodegen", dependencies: ["StackIR", "StackSemantics", "StackText"]),
        .target(name: "StackRuntime", dependencies: ["StackSolver", "StackIR", "StackSemantics", "StackText"]),
        .target(name: "StackTesting", dependencies: ["StackDriver", "StackRender", "StackSyntax", "StackSemantics", "StackIR", "StackSolver"]),
        .plugin(name: "StackcPlugin", capability: .buildTool(), dependencies: ["stackc"]),
        .executableTarget(name: "stackc", dependencies: ["StackSyntax", "StackText", "StackSemantics", "StackDriver", "StackIR", "StackSolver", "StackRender", "StackLanguageServer", "StackCodegen"]),
        .executableTarget(name: "stackc-metrics", dependencies: ["StackText"]),
        .executableTarget(name: "stackc-bench-frontend", dependencies: ["StackSyntax", "StackSemantics"], path: "Benchmarks/FrontEndBenchmark"),
        .executableTarget(name: "stackc-bench-layout", dependencies: ["StackSyntax", "StackSemantics", "StackIR", "StackSolver"], path: "Benchmarks/LayoutBenchmark"),
        .target(name: "StackTestSupport", path: "Tests/StackTestSupport"),
        .testTarget(name: "StackSyntaxTests", dependencies: ["StackSyntax", "StackTestSupport"]),
        .testTarget(name: "StackSemanticsTests", dependencies: ["StackSemantics", "StackTestSupport"]),
        .testTarget(name: "StackIRTests", dependencies: ["StackIR"]),
        .testTarget(name: "StackTextTests", dependencies: ["StackText", "StackTestSupport"]),
        .testTarget(name: "StackSolverTests", dependencies: ["StackSolver", "StackRender", "StackDriver"]),
        .testTarget(name: "StackLanguageServerTests", dependencies: ["StackLanguageServer", "StackSyntax"]),
        .testTarget(name: "StackCodegenTests", dependencies: ["StackCodegen", "StackRuntime", "StackDriver", "StackSolver", "StackTestSupport"],
                    exclude: ["Generated/README.md"], swiftSettings: [.define("STACKC_RUNTIME")]),
        .testTarget(name: "StackDriverTests", dependencies: ["StackDriver", "StackTestSupport"]),
        .testTarget(name: "StackTestingTests", dependencies: ["StackTesting"], exclude: ["__Snapshots__", "Layouts"]),
    ]
)
