// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stackc",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        /// The embeddable front end: lexer, parser, syntax tree, diagnostics.
        .library(name: "StackSyntax", targets: ["StackSyntax"]),
        /// The whole compiler as a library: checker, constraint IR, solver.
        .library(name: "StackCompiler", targets: ["StackSyntax", "StackSemantics", "StackIR", "StackSolver", "StackRender"]),
        .executable(name: "stackc", targets: ["stackc"]),
    ],
    targets: [
        .target(name: "StackSyntax"),
        .target(name: "StackSemantics", dependencies: ["StackSyntax"]),
        .target(name: "StackIR", dependencies: ["StackSemantics"]),
        .target(name: "StackSolver", dependencies: ["StackIR"]),
        .target(name: "StackRender", dependencies: ["StackSolver"]),
        .executableTarget(name: "stackc", dependencies: ["StackSyntax", "StackSemantics"]),
        .testTarget(name: "StackSyntaxTests", dependencies: ["StackSyntax"]),
        .testTarget(name: "StackSemanticsTests", dependencies: ["StackSemantics"]),
        .testTarget(name: "StackIRTests", dependencies: ["StackIR"]),
        .testTarget(name: "StackSolverTests", dependencies: ["StackSolver"]),
    ]
)
