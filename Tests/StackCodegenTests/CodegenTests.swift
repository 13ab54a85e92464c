import Foundation
import StackCodegen
import StackDriver
import StackIR
import StackRuntime
import StackSemantics
import StackSolver
import StackSyntax
import Testing

/// The repository root, from this file's path.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every sample, by file name.
func samples() -> [String] {
    let folder = repository.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".stack") }.sorted()
}

/// A sample compiled, with a path relative to the repository (golden output must not depend on the clone).
func compile(_ name: String) throws -> Compilation {
    let data = try Data(contentsOf: repository.appendingPathComponent("Samples/\(name)"))
    return Compilation(file: SourceFile(path: "Samples/\(name)", bytes: Array(data)))
}

func goldenURL(_ name: String) -> URL {
    repository.appendingPathComponent("Tests/StackCodegenTests/Generated/\(name.replacingOccurrences(of: ".stack", with: ".swift"))")
}

/// The generated code is stable: it equals the golden file, which this target compiles and runs.
/// `STACKC_UPDATE_GOLDEN=1` rewrites the golden files; review the diff.
@Test(arguments: samples())
func generatedCodeMatchesGolden(_ name: String) throws {
    let compilation = try compile(name)
    #expect(!compilation.diagnostics.hasErrors)
    let source = generateSwift(compilation.checked.model, irs: compilation.irs)
    #expect(source == generateSwift(compilation.checked.model), "generation must be deterministic")
    let url = goldenURL(name)
    if ProcessInfo.processInfo.environment["STACKC_UPDATE_GOLDEN"] == "1" {
        try Data(source.utf8).write(to: url)
    }
    let golden = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    #expect(source == golden, "\(url.lastPathComponent) is stale: run STACKC_UPDATE_GOLDEN=1 swift test --filter StackCodegenTests")
}

/// Installs a generated layout in a fresh container and lays it out with StackRuntime.
@MainActor
func runLayout(_ layout: any GeneratedLayout) -> [String: CGRect] {
    let container = UIView()
    layout.install(in: container)
    container.layoutIfNeeded()
    var frames: [String: CGRect] = [:]
    for entry in layout.frames() { frames[entry.name] = entry.frame }
    return frames
}

/// The largest difference between the runtime's frames and the solver's for every IR item.
func maxDifference(_ runtime: [String: CGRect], _ ir: ConstraintIR, _ solution: LayoutSolution) -> (Double, String) {
    var worst = (0.0, "")
    for (index, item) in ir.items.enumerated() {
        guard let frame = runtime[item.name] else { return (.infinity, "missing \(item.name)") }
        let expected = solution.frames[index]
        let difference = max(abs(Double(frame.origin.x) - expected.x), abs(Double(frame.origin.y) - expected.y),
                             abs(Double(frame.size.width) - expected.width), abs(Double(frame.size.height) - expected.height))
        if difference > worst.0 || difference.isNaN {
            worst = (difference, "\(item.name): runtime \(frame), solver \(expected)")
        }
    }
    return worst
}

/// The proof: every sample's generated code, compiled against StackRuntime and run, gives every item
/// the solver's frame to 1e-6.
@MainActor
@Test(arguments: samples())
func generatedCodeReproducesSolverFrames(_ name: String) throws {
    let compilation = try compile(name)
    for ir in compilation.irs {
        let make = try #require(generatedLayouts[ir.root], "no compiled golden type for root '\(ir.root)'")
        let runtime = runLayout(make())
        let (difference, detail) = maxDifference(runtime, ir, solve(ir))
        #expect(difference <= 1e-6, "\(name) \(ir.root): \(detail)")
    }
}
